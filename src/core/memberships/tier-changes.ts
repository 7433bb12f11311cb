import { type TierId, tierRules } from '../../shared/memberships'
import type { Membership } from '../db/membership-tables'
import type { MembershipChange } from './provider-events'

/**
 * Which tier a membership is at (docs/decisions/022-perks-follow-payment.md): the one paid for,
 * never above the subscription's tier at the provider. An upgrade waits for its invoice; a
 * downgrade the provider reports within the period applies at once.
 */

const boosts = (tier: TierId) => tierRules[tier].monthlyBoosts
const isAbove = (a: TierId, b: TierId) => boosts(a) > boosts(b)
const lowerOf = (a: TierId, b: TierId) => (isAbove(a, b) ? b : a)
const higherOf = (a: TierId, b: TierId) => (isAbove(a, b) ? a : b)

/** The subscription as a snapshot tells it: its tier now and the period it is in. */
export interface SeenTier {
  tier: TierId
  periodStart: Date
  periodEnd: Date
}

/** A tier switch the provider reports (a subscription update). */
export function snapshotTierChange(membership: Membership, snapshot: SeenTier): MembershipChange {
  const stored = membership.period_start?.getTime()
  const current = snapshot.periodStart.getTime()
  // The provider is in a period whose invoice has not been told yet: the tier waits for that
  // refill, which weighs it against the tier the invoice paid for.
  if (stored === undefined || current > stored) return { next_tier: snapshot.tier }
  // A subscription as it was in an earlier period (a snapshot read before the last refill).
  if (current < stored) return {}
  const change: MembershipChange = { period_end: snapshot.periodEnd }
  // Up: nothing more until the upgrade's invoice is paid.
  if (isAbove(snapshot.tier, membership.tier)) return { ...change, next_tier: snapshot.tier }
  // Down within the period (a provider that downgrades at once): no more than the lower tier.
  if (isAbove(membership.tier, snapshot.tier)) {
    return { ...change, ...lowered(membership, snapshot.tier) }
  }
  // Back at the tier paid for: an upgrade not paid for is undone; a downgrade the provider holds
  // for the period's end (the test checkout's) still waits.
  const unpaidUpgrade =
    membership.next_tier !== null && isAbove(membership.next_tier, membership.tier)
  return unpaidUpgrade ? { ...change, next_tier: null } : change
}

/** The tier lowered at once, and this period's allowance with it, by the difference. */
function lowered(membership: Membership, tier: TierId): MembershipChange {
  const difference = boosts(membership.tier) - boosts(tier)
  return {
    tier,
    next_tier: null,
    period_allowance: Math.max(0, membership.period_allowance - difference),
  }
}

/** What an upgrade's invoice (billing reason subscription_update) says. */
export interface PaidUpgrade {
  /** The tier it charged for. */
  tier: TierId
  /** When the upgrade was made: the start of the time it charged for. */
  periodStart: Date
  /** The subscription's tier when the invoice is handled, when the provider told it. */
  subscriptionTier?: TierId
}

/**
 * An upgrade's invoice paid: the tier it paid for (no higher than the subscription's now, so an
 * upgrade undone since raises nothing) takes effect in the period it was made in, with that
 * period's allowance raised by the difference. Paid before that period's refill was told, it is
 * kept for that refill; paid for an earlier period, it changes nothing (that refill billed it).
 */
export function paidUpgradeChange(
  membership: Membership,
  invoice: PaidUpgrade,
): MembershipChange | undefined {
  const seen = invoice.subscriptionTier ?? invoice.tier
  const paid = lowerOf(invoice.tier, seen)
  const { period_start: start, period_end: end } = membership
  if (start === null || end === null || invoice.periodStart >= end) {
    const kept = membership.paid_upgrade_tier
    if (kept !== null && !isAbove(paid, kept)) return undefined
    return { paid_upgrade_tier: paid, paid_upgrade_at: invoice.periodStart }
  }
  if (invoice.periodStart < start || !isAbove(paid, membership.tier)) return undefined
  return {
    tier: paid,
    next_tier: isAbove(seen, paid) ? seen : null,
    period_allowance: membership.period_allowance + boosts(paid) - boosts(membership.tier),
  }
}

/** What a period's invoice (first payment or renewal) says. */
export interface PeriodInvoice {
  /** The tier it billed: the subscription's price at the renewal. */
  tier: TierId
  periodStart: Date
  periodEnd: Date
}

/**
 * The tier a new period starts at, with its whole allowance: the one its invoice billed, raised
 * by an upgrade paid in that period and told before it, and no higher than the subscription was
 * last seen at (`next_tier`, told before this invoice). A higher subscription still waits for
 * its upgrade's invoice.
 */
export function newPeriodTier(membership: Membership, invoice: PeriodInvoice): MembershipChange {
  const upgrade = membership.paid_upgrade_tier
  const upgradedAt = membership.paid_upgrade_at
  const upgradeInPeriod =
    upgrade !== null &&
    upgradedAt !== null &&
    upgradedAt >= invoice.periodStart &&
    upgradedAt < invoice.periodEnd
  const paid = upgradeInPeriod ? higherOf(invoice.tier, upgrade) : invoice.tier
  const seen = membership.next_tier
  const tier = seen === null ? paid : lowerOf(paid, seen)
  // An upgrade kept for a later period waits for that period's refill.
  const keepUpgrade = upgradedAt !== null && upgradedAt >= invoice.periodEnd
  return {
    tier,
    next_tier: seen !== null && isAbove(seen, tier) ? seen : null,
    period_allowance: boosts(tier),
    ...(keepUpgrade ? {} : { paid_upgrade_tier: null, paid_upgrade_at: null }),
  }
}
