import type { TierId } from '../../shared/memberships'
import type { Membership, MembershipPayment } from '../db/membership-tables'
import type { Db } from '../db/schema'
import { randomBase62 } from '../ids'
import { subscriptionRefOf } from './membership-reversals'
import { membershipRefusalTexts } from './membership-texts'
import { applySubscriptionUpdate, type SubscriptionSnapshot } from './subscription-update'

/** A subscription as its provider has it: what a snapshot says besides who it is. */
export type SubscriptionState = Pick<
  SubscriptionSnapshot,
  'tier' | 'cancelAtPeriodEnd' | 'providerStatus' | 'periodStart' | 'periodEnd'
>

/** What the operator or the member asks of a subscription's renewals. */
export type CancelWhen = 'period_end' | 'now' | 'undo'

/** A membership checkout the server has priced: the tier and where the member code is mailed. */
export interface MembershipJoin {
  tier: TierId
  email: string
}

/**
 * What a payment provider does for memberships (Stripe, or the built-in test checkout): each
 * method only talks to the provider and answers in the store's words; what the store then does
 * with the answer is this folder's, the same for every provider.
 */
export interface MembershipBilling {
  /** Opens the provider's page to pay a membership's first month: where the browser goes. */
  createMembershipSession(join: MembershipJoin): Promise<{ url: string }>
  /**
   * Gives a membership payment back in full and stops the subscription's renewals (a refunded
   * membership ends), safe to repeat. Throws when the provider refuses.
   */
  refundMembershipPayment(membership: Membership, payment: MembershipPayment): Promise<void>
  /** Cancels at the period's end, at once, or undoes a cancellation; the subscription after it. */
  cancelMembership(membership: Membership, when: CancelWhen): Promise<SubscriptionState>
  /** Where the member changes the card, switches tier or cancels (Stripe's customer portal). */
  membershipBillingUrl(membership: Membership, returnUrl: string): Promise<string>
}

/**
 * The subscription as a membership row says it is: for the test checkout, which is its own
 * provider, this is the provider's state. Its tier is the one paid for; a downgrade waits in
 * `next_tier` for the renewal, as a schedule would at Stripe.
 */
export function storedSubscriptionState(membership: Membership): SubscriptionState {
  const since = membership.period_start ?? membership.created_at
  return {
    tier: membership.tier,
    cancelAtPeriodEnd: membership.cancel_at_period_end,
    providerStatus: providerStatusOf(membership),
    periodStart: since,
    periodEnd: membership.period_end ?? since,
  }
}

function providerStatusOf(membership: Membership): string {
  switch (membership.status) {
    case 'ended':
      return 'canceled'
    case 'past_due':
      return 'past_due'
    case 'incomplete':
      return 'incomplete'
    case 'active':
      return 'active'
  }
}

/**
 * Applies a subscription state the store caused itself (a cancellation, a tier switch) right
 * away, as its webhook would later: the same snapshot, so the webhook repeats it harmlessly
 * (applying a snapshot twice ends in the same state).
 */
export function applyOwnChange(
  db: Db,
  membership: Membership,
  state: SubscriptionState,
  eventId: string,
  now: Date,
): Promise<Membership> {
  return applySubscriptionUpdate(db, { ...subscriptionRefOf(membership), ...state, eventId }, now)
}

/** Why a membership cannot be cancelled (ended already), or undefined when it can. */
export function whyNotCancel(membership: Membership, when: CancelWhen): string | undefined {
  if (membership.status === 'ended') {
    return membershipRefusalTexts.endedAlready(membership.id, membership.end_reason ?? 'ended')
  }
  if (!membership.provider_subscription) {
    return membershipRefusalTexts.noSubscription(membership.id)
  }
  if (when === 'undo' && !membership.cancel_at_period_end) {
    return membershipRefusalTexts.notEnding(membership.id)
  }
  return undefined
}

/**
 * Cancels a membership through its provider (at the period's end, keeping the perks until then;
 * or at once), then applies the provider's answer at once.
 */
export async function cancelMembership(
  deps: { db: Db; billing: Pick<MembershipBilling, 'cancelMembership'>; now: Date },
  membership: Membership,
  when: CancelWhen,
): Promise<Membership> {
  const state = await deps.billing.cancelMembership(membership, when)
  // Each change its own id: cancel, undo, cancel again are three changes.
  const eventId = `store:${membership.id}:cancel-${when}:${randomBase62(12)}`
  return applyOwnChange(deps.db, membership, state, eventId, deps.now)
}
