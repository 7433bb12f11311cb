import { limits } from '../../shared/limits'
import { formatUsd } from '../../shared/money'
import type { Membership, MembershipPayment } from '../db/membership-tables'
import type { Db } from '../db/schema'
import { refundWindowMs } from '../refunds/refund-order'
import { recordReversal } from '../refunds/reversals'
import { type Refusal, refuse } from '../refusal'
import type { MembershipBilling } from './billing'
import { applyMembershipReversal } from './membership-reversals'
import { latestMembershipPayment } from './payments'

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
    return refuse.invalid(`Membership ${membership.id} has no payment: there is nothing to refund.`)
  }
  if (payment.refunded_at) {
    return refuse.invalid(
      `The latest payment of membership ${membership.id} (${payment.id}) was refunded already (${payment.refunded_at.toISOString()}): it cannot be refunded twice.`,
    )
  }
  if (payment.disputed_at) {
    return refuse.invalid(
      `The latest payment of membership ${membership.id} (${payment.id}) is disputed: the bank holds the money. Answer the dispute in the Stripe dashboard instead.`,
    )
  }
  if (payment.payment_ref === null) {
    return refuse.invalid(
      `The provider named no payment for invoice ${payment.id} of membership ${membership.id}: refund it in the provider's dashboard.`,
    )
  }
  const age = now.getTime() - payment.paid_at.getTime()
  if (!options.force && age > refundWindowMs) {
    return refuse.invalid(
      `The latest payment of membership ${membership.id} (${formatUsd(payment.amount_cents)}) was made ${Math.floor(age / dayMs)} days ago (${payment.paid_at.toISOString()}); the policy allows refunds within ${limits.refundWindowDays} days.`,
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
  if (!membership) throw refuse.invalid(`There is no membership ${membershipId}.`)
  const payment = await latestMembershipPayment(db, membership.id)
  const refusal = membershipRefundRefusal(membership, payment, now, options)
  if (refusal) throw refusal
  if (!payment?.payment_ref) throw refuse.invalid(`Membership ${membership.id} has no payment.`)
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
