import type { Membership } from '../db/membership-tables'
import type { Db } from '../db/schema'
import { cryptoRandomInt, type RandomInt } from '../ids'
import {
  type EndReason,
  endChange,
  handleProviderEvent,
  type MembershipChange,
  type ProviderEvent,
} from './provider-events'
import { snapshotTierChange } from './tier-changes'

/**
 * The subscription as the provider has it now (the adapter reads it when the event is handled,
 * not from the event's old payload), so applying snapshots in any order ends in the provider's
 * state. `tier` is the subscription's tier now.
 */
export interface SubscriptionSnapshot extends ProviderEvent {
  cancelAtPeriodEnd: boolean
  /** The provider's word: 'active', 'past_due', 'unpaid', 'canceled', 'incomplete'... */
  providerStatus: string
  /** The billing period running now. */
  periodStart: Date
  periodEnd: Date
}

/**
 * The subscription changed (tier, cancellation at the period's end, payment status). An upgrade
 * waits for its invoice (refillPeriod, billing reason subscription_update); a downgrade within
 * the period lowers the tier and this period's allowance at once (tier-changes.ts).
 */
export function applySubscriptionUpdate(
  db: Db,
  input: SubscriptionSnapshot,
  now: Date,
  random: RandomInt = cryptoRandomInt,
): Promise<Membership> {
  return handleProviderEvent(db, input, 'subscription.updated', now, random, async (m) =>
    snapshotChange(m, input, now),
  )
}

/** Provider statuses that end the membership, and why. */
const endings: Record<string, EndReason> = {
  canceled: 'cancelled',
  // The first payment never went through.
  incomplete_expired: 'payment_failed',
}

function snapshotChange(
  membership: Membership,
  snapshot: SubscriptionSnapshot,
  now: Date,
): MembershipChange | undefined {
  if (membership.status === 'ended') return undefined
  const ending = endings[snapshot.providerStatus]
  if (ending) {
    return { ...endChange(ending, now), cancel_at_period_end: snapshot.cancelAtPeriodEnd }
  }
  return {
    cancel_at_period_end: snapshot.cancelAtPeriodEnd,
    ...snapshotTierChange(membership, snapshot),
    ...statusChange(membership, snapshot.providerStatus, now),
  }
}

function statusChange(membership: Membership, providerStatus: string, now: Date): MembershipChange {
  if (providerStatus === 'past_due' || providerStatus === 'unpaid') {
    return { status: 'past_due', past_due_since: membership.past_due_since ?? now }
  }
  // The card was fixed. A membership not yet paid for becomes active with its first refill,
  // which brings its period and allowance.
  if (
    (providerStatus === 'active' || providerStatus === 'trialing') &&
    membership.status === 'past_due'
  ) {
    return { status: 'active', past_due_since: null }
  }
  return {}
}
