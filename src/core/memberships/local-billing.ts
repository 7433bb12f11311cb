import type { TierId } from '../../shared/memberships'
import type { Membership, TestCardRenewal } from '../db/membership-tables'
import type { Db } from '../db/schema'
import { randomBase62 } from '../ids'
import { applyOwnChange, storedSubscriptionState } from './billing'
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

/**
 * Switches the tier as a subscription update would: up at once, with this month's allowance
 * raised by the difference; down at the next period (the month is paid at the higher tier).
 */
export function switchLocalTier(
  db: Db,
  membership: Membership,
  tier: TierId,
  now: Date,
): Promise<Membership> {
  const state = { ...storedSubscriptionState(membership), tier }
  const eventId = `store:${membership.id}:tier-${tier}:${randomBase62(12)}`
  return applyOwnChange(db, membership, state, eventId, now)
}
