import { tierRules } from '../../shared/memberships'
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
 * takes effect at once and raises this period's allowance by the difference; a downgrade waits
 * for the next refill, since this period is paid at the higher tier.
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
    ...tierChange(membership, snapshot),
    ...statusChange(membership, snapshot.providerStatus, now),
  }
}

function tierChange(membership: Membership, snapshot: SubscriptionSnapshot): MembershipChange {
  const stored = membership.period_start?.getTime()
  const current = snapshot.periodStart.getTime()
  // The provider is in a period whose invoice has not been told yet: the tier waits for that
  // refill, which weighs it against the tier the invoice paid for.
  if (stored === undefined || current > stored) return { next_tier: snapshot.tier }
  // A subscription as it was in an earlier period (a snapshot read before the last refill).
  if (current < stored) return {}
  const change: MembershipChange = { period_end: snapshot.periodEnd }
  if (snapshot.tier === membership.tier) return { ...change, next_tier: null }
  const difference =
    tierRules[snapshot.tier].monthlyBoosts - tierRules[membership.tier].monthlyBoosts
  if (difference < 0) return { ...change, next_tier: snapshot.tier }
  return {
    ...change,
    tier: snapshot.tier,
    next_tier: null,
    period_allowance: membership.period_allowance + difference,
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
