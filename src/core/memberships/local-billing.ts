import { findProduct } from '../../shared/catalogue'
import { type TierId, tierRules } from '../../shared/memberships'
import type { Membership, TestCardRenewal } from '../db/membership-tables'
import type { Db } from '../db/schema'
import { cryptoRandomInt, randomBase62 } from '../ids'
import { applyOwnChange, storedSubscriptionState } from './billing'
import { localPayment, recordPaidInvoice } from './membership-payments'
import { subscriptionRefOf } from './membership-reversals'
import { handleProviderEvent } from './provider-events'
import { payRenewal } from './test-renewals'

/**
 * The test checkout's "Manage billing" (its stand-in for Stripe's customer portal): the same
 * changes a provider would tell the store, made here because the test checkout is its own
 * provider.
 */

/**
 * A new card for a membership: it decides every renewal from now on; on a membership past due it
 * pays the renewal that failed at once, so the membership is active again with a full month.
 */
export function changeLocalCard(
  db: Db,
  membership: Membership,
  renewal: TestCardRenewal,
  now: Date,
): Promise<Membership> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('memberships')
      .set({ test_card_renewal: renewal, updated_at: now })
      .where('id', '=', membership.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    if (updated.status !== 'past_due' || !updated.period_end) return updated
    // The renewal that failed is the one starting where the paid period ended.
    return payRenewal(trx, updated, updated.period_end, now)
  })
}

/** What a switch of tier on the test checkout did. */
export type LocalTierSwitch =
  /** Upgraded: the card paid the difference for the rest of the period. */
  | { result: 'up'; membership: Membership }
  /** Down from the next renewal, which bills the lower tier. */
  | { result: 'down'; membership: Membership }
  /** Back to the tier paid for: the downgrade waiting for the renewal is cancelled. */
  | { result: 'kept'; membership: Membership }
  /** The tier it is at already, or will be at the renewal; or nothing paid yet to switch. */
  | { result: 'same'; membership: Membership }
  /** The card fails (the one that fails renewals): the upgrade is not made. */
  | { result: 'declined'; membership: Membership }

/**
 * Switches the tier as Stripe's portal does when set as docs/deploy.md says: up at once, invoiced
 * at once for the rest of the period (prorated) and made only once that invoice is paid; down
 * at the period's end, the renewal billing the lower tier.
 */
export async function switchLocalTier(
  db: Db,
  membership: Membership,
  tier: TierId,
  now: Date,
): Promise<LocalTierSwitch> {
  const { period_start: start, period_end: end } = membership
  if (membership.status === 'ended' || start === null || end === null) {
    return { result: 'same', membership }
  }
  if (tier === (membership.next_tier ?? membership.tier)) return { result: 'same', membership }
  const up = tierRules[tier].monthlyBoosts > tierRules[membership.tier].monthlyBoosts
  if (!up) {
    const next = tier === membership.tier ? null : tier
    const after = await scheduleLocalTier(db, membership, next, now)
    return { result: next === null ? 'kept' : 'down', membership: after }
  }
  if (membership.test_card_renewal === 'fails') return { result: 'declined', membership }
  const chargedCents = proratedCents(membership.tier, tier, { start, end }, now)
  const after = await db.transaction().execute(async (trx) => {
    // As Stripe tells it: the subscription's new price, then its invoice paid.
    const state = { ...storedSubscriptionState(membership), tier }
    const eventId = `store:${membership.id}:tier-${tier}:${randomBase62(12)}`
    await applyOwnChange(trx, membership, state, eventId, now)
    const invoiceId = `${membership.provider_subscription ?? membership.id}:upgrade-${randomBase62(12)}`
    return recordPaidInvoice(
      trx,
      {
        ...subscriptionRefOf(membership),
        tier,
        eventId: invoiceId,
        billingReason: 'subscription_update',
        periodStart: now,
        periodEnd: end,
        subscriptionTier: tier,
        payment: { ...localPayment(invoiceId, tier, now), amountCents: chargedCents },
      },
      now,
    )
  })
  return { result: 'up', membership: after }
}

/** The test checkout's own schedule: the tier the next renewal bills (null: the same one). */
function scheduleLocalTier(db: Db, membership: Membership, next: TierId | null, now: Date) {
  const eventId = `store:${membership.id}:next-${next ?? 'same'}:${randomBase62(12)}`
  const event = { ...subscriptionRefOf(membership), eventId }
  return handleProviderEvent(
    db,
    event,
    'subscription.scheduled',
    now,
    cryptoRandomInt,
    async (m) => (m.status === 'ended' ? undefined : { next_tier: next }),
  )
}

/** The difference of the monthly prices for the time left in the period, in cents. */
function proratedCents(
  from: TierId,
  to: TierId,
  period: { start: Date; end: Date },
  now: Date,
): number {
  const price = (tier: TierId) => findProduct(tier)?.priceCents ?? 0
  const length = period.end.getTime() - period.start.getTime()
  const left = Math.min(length, Math.max(0, period.end.getTime() - now.getTime()))
  return length > 0 ? Math.round(((price(to) - price(from)) * left) / length) : 0
}
