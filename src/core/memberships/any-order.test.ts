import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import type { TierId } from '../../shared/memberships'
import type { Membership } from '../db/membership-tables'
import type { Db } from '../db/schema'
import {
  endMembership,
  findMembership,
  recordRenewalFailure,
  refillPeriod,
  startMembership,
} from './membership-lifecycle'
import type { SubscriptionRef } from './provider-events'
import { applySubscriptionUpdate } from './subscription-update'

// The provider's events arrive late, twice and out of order: every order of a story's events,
// each delivered twice, ends in the state the story told in order ends in.

const p1 = new Date('2026-11-22T18:00:00Z')
const p2 = new Date('2026-12-22T18:00:00Z')
const p3 = new Date('2027-01-22T18:00:00Z')
// Halfway through the first and the second period.
const m1 = new Date('2026-12-07T18:00:00Z')
const m2 = new Date('2027-01-07T18:00:00Z')

/** One provider event of a story, for the subscription it is told about. */
type StoryEvent = (db: Db, sub: SubscriptionRef, eventId: string, now: Date) => Promise<Membership>

const start =
  (tier: TierId): StoryEvent =>
  (db, sub, eventId, now) =>
    startMembership(db, { ...sub, tier, eventId }, now)
const paid =
  (start: Date, end: Date, tier: TierId): StoryEvent =>
  (db, sub, eventId, now) =>
    refillPeriod(
      db,
      {
        ...sub,
        tier,
        eventId,
        billingReason: start === p1 ? 'subscription_create' : 'subscription_cycle',
        periodStart: start,
        periodEnd: end,
      },
      now,
    )
const changed =
  (tier: TierId, period: [Date, Date] = [p1, p2]): StoryEvent =>
  (db, sub, eventId, now) =>
    applySubscriptionUpdate(
      db,
      {
        ...sub,
        tier,
        eventId,
        providerStatus: 'active',
        cancelAtPeriodEnd: false,
        periodStart: period[0],
        periodEnd: period[1],
      },
      now,
    )
/** An upgrade's invoice paid at `madeAt`; the subscription's tier when it is told, if other. */
const upgradePaid =
  (tier: TierId, madeAt: Date, periodEnd: Date, subscriptionTier: TierId = tier): StoryEvent =>
  (db, sub, eventId, now) =>
    refillPeriod(
      db,
      {
        ...sub,
        tier,
        eventId,
        billingReason: 'subscription_update',
        periodStart: madeAt,
        periodEnd,
        subscriptionTier,
      },
      now,
    )
const renewalFailed: StoryEvent = (db, sub, eventId, now) =>
  recordRenewalFailure(
    db,
    {
      ...sub,
      eventId,
      billingReason: 'subscription_cycle',
      periodStart: p2,
      fixCardUrl: 'http://store.test/membership/card',
    },
    now,
  )
const refunded: StoryEvent = (db, sub, eventId, now) =>
  endMembership(db, { ...sub, eventId, reason: 'refunded' }, now)

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]]
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  )
}

/**
 * What a story decides; not when the row was last touched, nor its random id and code. An ended
 * membership is only ended, and why: what it was when it ended no event changes any more.
 */
function outcome(m: Membership) {
  if (m.status === 'ended') return { status: m.status, endReason: m.end_reason }
  return {
    tier: m.tier,
    nextTier: m.next_tier === m.tier ? null : m.next_tier,
    status: m.status,
    periodStart: m.period_start,
    periodEnd: m.period_end,
    allowance: m.period_allowance,
    pastDue: m.past_due_since !== null,
    endReason: m.end_reason,
    paidUpgrade: m.paid_upgrade_tier,
  }
}

const stories: [string, StoryEvent[]][] = [
  [
    'a downgrade made before the renewal',
    [
      start('membership-2'),
      paid(p1, p2, 'membership-2'),
      changed('membership-1'),
      paid(p2, p3, 'membership-1'),
    ],
  ],
  [
    'an upgrade within the first period, billed at the renewal',
    [
      start('membership-1'),
      paid(p1, p2, 'membership-1'),
      changed('membership-3'),
      paid(p2, p3, 'membership-3'),
    ],
  ],
  [
    'an upgrade not paid yet',
    [start('membership-1'), paid(p1, p2, 'membership-1'), changed('membership-3')],
  ],
  [
    'an upgrade paid within the first period',
    [
      start('membership-1'),
      paid(p1, p2, 'membership-1'),
      changed('membership-3'),
      upgradePaid('membership-3', m1, p2),
    ],
  ],
  [
    'an upgrade paid within the second period',
    [
      paid(p1, p2, 'membership-1'),
      paid(p2, p3, 'membership-1'),
      changed('membership-3', [p2, p3]),
      upgradePaid('membership-3', m2, p3),
    ],
  ],
  [
    'an upgrade paid, then a downgrade at once, told after both',
    [
      start('membership-1'),
      paid(p1, p2, 'membership-1'),
      changed('membership-1'),
      upgradePaid('membership-3', m1, p2, 'membership-1'),
    ],
  ],
  [
    'a renewal that failed, then went through',
    [
      start('membership-2'),
      paid(p1, p2, 'membership-2'),
      renewalFailed,
      paid(p2, p3, 'membership-2'),
    ],
  ],
  [
    'a refund after a downgrade',
    [start('membership-3'), paid(p1, p2, 'membership-3'), changed('membership-2'), refunded],
  ],
]

describe.each(testDatabases)('membership events in any order on $name', (database) => {
  // Everything is told after the second period began, as a late batch of deliveries would be.
  const t = withTestApp(database, { now: '2026-12-23T18:00:00Z' })
  let subscriptions = 0

  async function tell(events: StoryEvent[], order: number[]): Promise<Membership> {
    subscriptions++
    const sub: SubscriptionRef = {
      provider: 'stripe',
      subscription: `sub_story_${subscriptions}`,
      customer: `cus_story_${subscriptions}`,
      email: `story${subscriptions}@example.com`,
      tier: 'membership-1',
    }
    const eventIds = events.map((_, i) => `evt_story_${subscriptions}_${i}`)
    for (const i of [...order, ...order.toReversed()]) {
      await events[i]?.(t.db, sub, eventIds[i] ?? '', t.clock.now())
    }
    const membership = await findMembership(t.db, { subscription: sub.subscription })
    if (!membership) throw new Error('the story made no membership')
    return membership
  }

  test.each(stories)('%s', async (_story, events) => {
    const indexes = events.map((_, i) => i)
    const expected = outcome(await tell(events, indexes))
    for (const order of permutations(indexes)) {
      expect({ order, ...outcome(await tell(events, order)) }).toEqual({ order, ...expected })
    }
  })

  test('an invoice paid before the checkout completed creates the membership', async () => {
    const membership = await tell([paid(p1, p2, 'membership-3'), start('membership-3')], [0, 1])
    expect(membership).toMatchObject({
      status: 'active',
      tier: 'membership-3',
      period_allowance: 200,
    })
  })

  test('an old invoice arriving after a newer one changes nothing', async () => {
    const events = [paid(p2, p3, 'membership-2'), paid(p1, p2, 'membership-2')]
    const membership = await tell(events, [0, 1])
    expect(membership).toMatchObject({ period_start: p2, period_end: p3, period_allowance: 100 })
  })

  test('a subscription update before the first refill does not cost the period its boosts', async () => {
    const membership = await tell([changed('membership-2'), paid(p1, p2, 'membership-2')], [0, 1])
    expect(membership).toMatchObject({
      status: 'active',
      tier: 'membership-2',
      period_allowance: 100,
    })
  })

  test('a tier change told before its period’s invoice: an upgrade waits for its own invoice, a downgrade applies at once', async () => {
    const upgradedAfterRenewal = [
      paid(p1, p2, 'membership-2'),
      changed('membership-3', [p2, p3]),
      paid(p2, p3, 'membership-2'),
      upgradePaid('membership-3', m2, p3),
    ]
    expect(await tell(upgradedAfterRenewal.slice(0, 3), [0, 1, 2])).toMatchObject({
      tier: 'membership-2',
      next_tier: 'membership-3',
      period_allowance: 100,
    })
    expect(await tell(upgradedAfterRenewal, [0, 1, 2, 3])).toMatchObject({
      tier: 'membership-3',
      next_tier: null,
      period_allowance: 200,
    })
    // The provider is at the lower tier within the period: no more than it, even told first.
    const downgradedEarly = [changed('membership-1'), paid(p1, p2, 'membership-2')]
    expect(await tell(downgradedEarly, [0, 1])).toMatchObject({
      tier: 'membership-1',
      next_tier: null,
      period_allowance: 50,
    })
  })

  test('nothing told after the end brings a membership back', async () => {
    const after = [start('membership-2'), paid(p1, p2, 'membership-2'), renewalFailed]
    const events = [
      refunded,
      ...after,
      changed('membership-3', [p2, p3]),
      paid(p2, p3, 'membership-3'),
    ]
    const ended = await tell(events, [0, 1, 2, 3, 4, 5])
    expect(ended).toMatchObject({ status: 'ended', end_reason: 'refunded', period_start: null })
    expect(ended.period_allowance).toBe(0)
  })

  test('the stories end where they should', async () => {
    const ends = []
    for (const [, events] of stories) {
      const inOrder = events.map((_, i) => i)
      ends.push(outcome(await tell(events, inOrder)))
    }
    expect(ends).toMatchObject([
      { tier: 'membership-1', status: 'active', allowance: 50, periodStart: p2 },
      { tier: 'membership-3', status: 'active', allowance: 200, periodStart: p2 },
      { tier: 'membership-1', nextTier: 'membership-3', allowance: 50, periodStart: p1 },
      { tier: 'membership-3', nextTier: null, allowance: 200, periodStart: p1, paidUpgrade: null },
      { tier: 'membership-3', nextTier: null, allowance: 200, periodStart: p2, paidUpgrade: null },
      { tier: 'membership-1', nextTier: null, allowance: 50, periodStart: p1, paidUpgrade: null },
      { tier: 'membership-2', status: 'active', allowance: 100, pastDue: false },
      { status: 'ended', endReason: 'refunded' },
    ])
  })
})
