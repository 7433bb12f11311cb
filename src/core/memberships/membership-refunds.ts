import type { Membership, MembershipPayment } from '../db/membership-tables'
import type { Db } from '../db/schema'
import { refundWindowMs } from '../refunds/refund-order'
import { recordReversal } from '../refunds/reversals'
import { type Refusal, refuse } from '../refusal'
import type { MembershipBilling } from './billing'
import { latestMembershipPayment } from './membership-payments'
import { applyMembershipReversal } from './membership-reversals'
import { membershipRefusalTexts } from './membership-texts'

const dayMs = 24 * 60 * 60_000

/** What a membership's refund did: the payment given back, and the membership, ended. */
export interface MembershipRefund {
  membership: Membership
  payment: MembershipPayment
}

/** Why the latest payment of a membership may not be refunded now, or undefined when it may. */
export function membershipRefundRefusal(
  membership: Membership,
  payment: MembershipPayment | undefined,
  now: Date,
  options: { force: boolean },
): Refusal | undefined {
  if (!payment) {
    return refuse.invalid(membershipRefusalTexts.noPayment(membership.id))
  }
  if (payment.refunded_at) {
    return refuse.invalid(
      membershipRefusalTexts.refundedAlready(membership.id, payment.id, payment.refunded_at),
    )
  }
  if (payment.disputed_at) {
    return refuse.invalid(membershipRefusalTexts.disputed(membership.id, payment.id))
  }
  if (payment.payment_ref === null) {
    return refuse.invalid(membershipRefusalTexts.noProviderPayment(payment.id, membership.id))
  }
  const age = now.getTime() - payment.paid_at.getTime()
  if (!options.force && age > refundWindowMs) {
    return refuse.invalid(
      membershipRefusalTexts.pastWindow(
        membership.id,
        payment.amount_cents,
        Math.floor(age / dayMs),
        payment.paid_at,
      ),
      { advice: 'force' },
    )
  }
  return undefined
}

/**
 * The operator's refund of a membership: its latest payment goes back through the provider
 * (within 7 days of it unless forced; the provider also stops the renewals) and the perks end
 * at once ('refunded'), recorded as a refund the provider reported, so its webhook later
 * changes nothing.
 */
export async function refundMembership(
  deps: { db: Db; billing: Pick<MembershipBilling, 'refundMembershipPayment'>; now: Date },
  membershipId: string,
  options: { force: boolean },
): Promise<MembershipRefund> {
  const { db, billing, now } = deps
  const membership = await db
    .selectFrom('memberships')
    .selectAll()
    .where('id', '=', membershipId)
    .executeTakeFirst()
  if (!membership) throw refuse.invalid(membershipRefusalTexts.noMembership(membershipId))
  const payment = await latestMembershipPayment(db, membership.id)
  const refusal = membershipRefundRefusal(membership, payment, now, options)
  if (refusal) throw refusal
  if (!payment?.payment_ref) throw refuse.invalid(membershipRefusalTexts.noPayment(membership.id))
  await billing.refundMembershipPayment(membership, payment)
  const paymentRef = payment.payment_ref
  const ended = await db.transaction().execute(async (trx) => {
    await recordReversal(
      trx,
      { paymentRef, refundedCents: payment.amount_cents, fullyRefunded: true },
      now,
    )
    return applyMembershipReversal(trx, paymentRef, `store:${payment.id}:refund`, now)
  })
  const after = await db
    .selectFrom('membership_payments')
    .selectAll()
    .where('id', '=', payment.id)
    .executeTakeFirstOrThrow()
  return { membership: ended ?? membership, payment: after }
}
