import type { Membership } from '../db/membership-tables'
import type { Db } from '../db/schema'
import { oneMonthAfter } from './local-join'
import { endMembership, recordRenewalFailure } from './membership-lifecycle'
import { localPayment, recordPaidInvoice } from './membership-payments'

/**
 * The test checkout bills its memberships itself, by the server's clock, as Stripe would: at the
 * end of each period a membership set to cancel ends, a card that fails renewals fails (once per
 * period: the event id says so), and any other is renewed for a calendar month. A server that was
 * off for months catches up period by period. Safe to repeat and to run on two servers at once:
 * every step is a provider event with an id built from the subscription and the period.
 */
export async function renewTestMemberships(db: Db, now: Date, fixCardUrl: string): Promise<void> {
  const due = await db
    .selectFrom('memberships')
    .selectAll()
    .where('provider', '=', 'local')
    .where('status', '!=', 'ended')
    .where('period_end', '<=', now)
    .execute()
  for (const membership of due) {
    let current = membership
    while (current.status !== 'ended' && current.period_end && current.period_end <= now) {
      const next = await renewOnce(db, current, current.period_end, now, fixCardUrl)
      // A failed renewal or an end leaves the period where it was: nothing more to bill now.
      if (next.period_end?.getTime() === current.period_end.getTime()) break
      current = next
    }
  }
}

/** The one event the end of a membership's period makes. */
function renewOnce(db: Db, m: Membership, periodEnd: Date, now: Date, fixCardUrl: string) {
  const subscription = m.provider_subscription ?? m.id
  const ref = {
    provider: 'local' as const,
    subscription,
    customer: m.provider_customer,
    email: m.email,
    // A downgrade waiting for this renewal is what the renewal bills.
    tier: m.next_tier ?? m.tier,
  }
  if (m.cancel_at_period_end) {
    return endMembership(db, { ...ref, eventId: `${subscription}:end`, reason: 'cancelled' }, now)
  }
  const renewal = renewalEventId(subscription, periodEnd)
  if (m.test_card_renewal === 'fails') {
    const failure = {
      ...ref,
      eventId: `${renewal}-failed`,
      billingReason: 'subscription_cycle',
      periodStart: periodEnd,
      fixCardUrl,
    }
    return recordRenewalFailure(db, failure, now)
  }
  return payRenewal(db, m, periodEnd, now)
}

/** The id of the renewal that starts the period at `periodStart`: one payment per period. */
function renewalEventId(subscription: string, periodStart: Date): string {
  return `${subscription}:renewal-${periodStart.toISOString()}`
}

/**
 * The renewal starting the period at `periodStart` paid (by housekeeping, or by a card fixed on
 * the manage page): a calendar month refilled and its payment recorded, once per period.
 */
export function payRenewal(db: Db, m: Membership, periodStart: Date, now: Date) {
  const subscription = m.provider_subscription ?? m.id
  const tier = m.next_tier ?? m.tier
  const eventId = renewalEventId(subscription, periodStart)
  return recordPaidInvoice(
    db,
    {
      provider: 'local',
      subscription,
      customer: m.provider_customer,
      email: m.email,
      tier,
      eventId,
      billingReason: 'subscription_cycle',
      periodStart,
      periodEnd: oneMonthAfter(periodStart),
      payment: localPayment(eventId, tier, now),
    },
    now,
  )
}
