import type { Membership } from '../db/membership-tables'
import type { Db, Order } from '../db/schema'
import { queueMail } from '../mail/outbox'
import {
  findReversal,
  type ReversalReport,
  recordReversal,
  takesPaymentBack,
} from '../refunds/reversals'
import { endMembership } from './membership-lifecycle'
import { membershipRefundMail } from './membership-refund-mail'
import type { SubscriptionRef } from './provider-events'

/** The subscription a membership row belongs to, as every provider-driven call names it. */
export function subscriptionRefOf(membership: Membership): SubscriptionRef {
  return {
    provider: membership.provider,
    subscription: membership.provider_subscription ?? membership.id,
    customer: membership.provider_customer,
    email: membership.email,
    tier: membership.tier,
  }
}

/** What a refund or dispute reported by the provider did: orders reversed, a membership ended. */
export interface ReversalOutcome {
  orders: Order[]
  membership: Membership | undefined
}

/**
 * A refund or dispute the provider reported (a webhook), whatever it paid for: it is recorded
 * once (payment_reversals, so a payment told later still meets it), the orders it paid are
 * reversed (core/refunds), and a membership payment ends its membership ('refunded' or
 * 'disputed'). `eventId` is the provider event's: a redelivery changes nothing.
 */
export async function recordReportedReversal(
  db: Db,
  report: ReversalReport,
  eventId: string,
  now: Date,
): Promise<ReversalOutcome> {
  if (!db.isTransaction) {
    return db.transaction().execute((trx) => recordReportedReversal(trx, report, eventId, now))
  }
  const orders = await recordReversal(db, report, now)
  const membership = await applyMembershipReversal(db, report.paymentRef, eventId, now)
  return { orders, membership }
}

/**
 * Brings the membership paid with `paymentRef` in line with what was reported about that
 * payment: a full refund or a dispute marks the payment and ends the membership at once (a
 * partial refund leaves it). Returns the membership when it was ended by this payment; undefined
 * when the payment is no membership's or was not taken back.
 */
export async function applyMembershipReversal(
  db: Db,
  paymentRef: string,
  eventId: string,
  now: Date,
): Promise<Membership | undefined> {
  const [payment, reversal] = await Promise.all([
    db
      .selectFrom('membership_payments')
      .selectAll()
      .where('payment_ref', '=', paymentRef)
      .executeTakeFirst(),
    findReversal(db, paymentRef),
  ])
  if (!payment || !reversal || !takesPaymentBack(reversal, payment.amount_cents)) return undefined
  const disputed =
    reversal.disputed_at !== null &&
    (reversal.fully_refunded_at === null || reversal.disputed_at <= reversal.fully_refunded_at)
  await db
    .updateTable('membership_payments')
    .set(
      disputed
        ? { disputed_at: payment.disputed_at ?? now }
        : { refunded_at: payment.refunded_at ?? now },
    )
    .where('id', '=', payment.id)
    .execute()
  const membership = await db
    .selectFrom('memberships')
    .selectAll()
    .where('id', '=', payment.membership_id)
    .executeTakeFirst()
  if (!membership) return undefined
  if (!disputed && membership.email) {
    const mail = membershipRefundMail(membership.email, membership.tier, payment.amount_cents)
    await queueMail(db, { dedupeKey: `membership-refund:${payment.id}`, ...mail }, now)
  }
  return endMembership(
    db,
    {
      ...subscriptionRefOf(membership),
      eventId,
      reason: disputed ? 'disputed' : 'refunded',
    },
    now,
  )
}
