import { findProduct } from '../../shared/catalogue'
import type { TierId } from '../../shared/memberships'
import { storeCurrency } from '../../shared/money'
import type { Membership, MembershipPayment } from '../db/membership-tables'
import type { Db } from '../db/schema'
import { cryptoRandomInt, type RandomInt, randomBase62 } from '../ids'
import { type InvoicePaid, refillPeriod } from './membership-lifecycle'
import { applyMembershipReversal } from './membership-reversals'

/** A payment of a membership as its provider reports it. */
export interface MembershipPaymentInput {
  /** The provider's invoice id: the row's key, so a redelivered invoice records nothing new. */
  invoiceId: string
  /** What a refund names at the provider (Stripe: the payment intent); null when not known. */
  paymentRef: string | null
  amountCents: number
  currency: string
  paidAt: Date
}

/** An invoice paid, with the money it took. */
export interface PaidInvoice extends InvoicePaid {
  payment: MembershipPaymentInput
}

/**
 * An invoice of a membership paid: its period refills (refillPeriod decides whether it is one
 * that does) and the payment is recorded, in one transaction, so the payments the operator may
 * refund are exactly the ones that counted. A payment the provider already reported refunded or
 * disputed (its event came first) ends the membership at once.
 */
export async function recordPaidInvoice(
  db: Db,
  input: PaidInvoice,
  now: Date,
  random: RandomInt = cryptoRandomInt,
): Promise<Membership> {
  if (!db.isTransaction) {
    return db.transaction().execute((trx) => recordPaidInvoice(trx, input, now, random))
  }
  const { payment, ...invoice } = input
  const membership = await refillPeriod(db, invoice, now, random)
  // Nothing was paid (a downgrade's credit, a free month): no payment to refund.
  if (payment.amountCents === 0) return membership
  await recordMembershipPayment(db, membership.id, payment, invoice.periodStart)
  if (payment.paymentRef === null) return membership
  const ended = await applyMembershipReversal(
    db,
    payment.paymentRef,
    `${invoice.eventId}:reversal`,
    now,
  )
  return ended ?? membership
}

/**
 * A payment the test checkout takes for a tier: the catalogue's monthly price, and a payment
 * reference of its own (`pi_local_...`) for a refund to name.
 */
export function localPayment(invoiceId: string, tier: TierId, now: Date): MembershipPaymentInput {
  return {
    invoiceId,
    paymentRef: `pi_local_${randomBase62(24)}`,
    amountCents: findProduct(tier)?.priceCents ?? 0,
    currency: storeCurrency,
    paidAt: now,
  }
}

/** One payment row, written once per invoice whatever the number of deliveries. */
export async function recordMembershipPayment(
  db: Db,
  membershipId: string,
  payment: MembershipPaymentInput,
  periodStart: Date,
): Promise<void> {
  await db
    .insertInto('membership_payments')
    .values({
      id: payment.invoiceId,
      membership_id: membershipId,
      payment_ref: payment.paymentRef,
      amount_cents: payment.amountCents,
      currency: payment.currency.toLowerCase(),
      period_start: periodStart,
      paid_at: payment.paidAt,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}

/** The membership's latest payment (the one the 7-day refund rule is about), if any. */
export function latestMembershipPayment(
  db: Db,
  membershipId: string,
): Promise<MembershipPayment | undefined> {
  return db
    .selectFrom('membership_payments')
    .selectAll()
    .where('membership_id', '=', membershipId)
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}
