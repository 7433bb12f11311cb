import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { insertMemberGrant, membershipSummary } from '#test/memberships'
import { withTestApp } from '#test/test-app'
import { memberCodeLength } from '../../shared/code-format'
import type { TierId } from '../../shared/memberships'
import type { Membership } from '../db/membership-tables'
import type { Db } from '../db/schema'
import {
  endMembership,
  recordRenewalFailure,
  refillPeriod,
  startMembership,
} from './membership-lifecycle'
import type { ProviderEvent } from './provider-events'
import { membershipStanding } from './standing'
import { applySubscriptionUpdate } from './subscription-update'

const p1 = new Date('2026-11-22T18:00:00Z')
const p2 = new Date('2026-12-22T18:00:00Z')
const p3 = new Date('2027-01-22T18:00:00Z')
const fixCardUrl = 'http://store.test/membership/card'

let subscriptions = 0
let events = 0
/** A subscription nobody else in the file uses. */
function newSubscription(tier: TierId = 'membership-2') {
  subscriptions++
  return {
    provider: 'local' as const,
    subscription: `sub_${subscriptions}`,
    customer: `cus_${subscriptions}`,
    email: `member${subscriptions}@example.com`,
    tier,
  }
}
type Sub = ReturnType<typeof newSubscription>
const eventOf = (sub: Sub, tier: TierId = sub.tier): ProviderEvent => ({
  ...sub,
  tier,
  eventId: `evt_${++events}`,
})
const paid = (sub: Sub, start: Date, end: Date, tier: TierId = sub.tier) => ({
  ...eventOf(sub, tier),
  billingReason: start === p1 ? 'subscription_create' : 'subscription_cycle',
  periodStart: start,
  periodEnd: end,
})
/** An upgrade's invoice, paid halfway through the first period. */
const upgradePaid = (sub: Sub, tier: TierId) => ({
  ...eventOf(sub, tier),
  billingReason: 'subscription_update',
  periodStart: new Date('2026-12-07T18:00:00Z'),
  periodEnd: p2,
})
const failed = (sub: Sub, start: Date) => ({
  ...eventOf(sub),
  billingReason: 'subscription_cycle',
  periodStart: start,
  fixCardUrl,
})
const snapshot = (
  sub: Sub,
  tier: TierId,
  providerStatus = 'active',
  period: [Date, Date] = [p1, p2],
  cancelAtPeriodEnd = false,
) => ({
  ...eventOf(sub, tier),
  providerStatus,
  cancelAtPeriodEnd,
  periodStart: period[0],
  periodEnd: period[1],
})

/** Boosts a member code granted at a show, as the kiosk records them. */
async function redeemed(db: Db, membership: Membership, showId: string, boosts: number) {
  await insertMemberGrant(db, {
    membershipId: membership.id,
    showId,
    periodStart: membership.period_start ?? p1,
    boosts,
    at: p1,
  })
}

describe.each(testDatabases)('memberships on $name', (database) => {
  const t = withTestApp(database, { now: '2026-11-22T18:00:00Z' })
  const now = () => t.clock.now()
  const summary = async (id: string) => membershipSummary(t.db, id, now())
  const renewalMails = (to: string) =>
    t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', to)
      .where('dedupe_key', 'like', 'membership-renewal-failed:%')
      .execute()

  test('a completed checkout makes an incomplete membership with a member code, once', async () => {
    const sub = newSubscription()
    const event = eventOf(sub)
    const started = await startMembership(t.db, event, now())
    expect(started).toMatchObject({
      email: sub.email,
      tier: 'membership-2',
      status: 'incomplete',
      provider: 'local',
      provider_customer: sub.customer,
      provider_subscription: sub.subscription,
      period_allowance: 0,
    })
    expect(started.id).toMatch(/^mem_/)
    expect(started.member_code).toHaveLength(memberCodeLength)
    expect(await startMembership(t.db, event, now())).toEqual(started)
    expect(await startMembership(t.db, eventOf(sub), now())).toEqual(started)
    expect(await summary(started.id)).toMatchObject({ standing: 'incomplete', boostsLeft: 0 })
  })

  test('the first paid invoice starts the period with the tier’s monthly boosts, once', async () => {
    const sub = newSubscription()
    await startMembership(t.db, eventOf(sub), now())
    const invoice = paid(sub, p1, p2)
    const active = await refillPeriod(t.db, invoice, now())
    expect(active).toMatchObject({ status: 'active', period_start: p1, period_end: p2 })
    expect(active.period_allowance).toBe(100)
    await redeemed(t.db, active, 'show-a', 10)
    expect(await refillPeriod(t.db, invoice, now())).toEqual(active)
    expect(await summary(active.id)).toMatchObject({
      tier: 'membership-2',
      standing: 'active',
      boostsLeft: 90,
      periodEnd: p2,
      cancelAtPeriodEnd: false,
      nextTier: null,
      memberCode: active.member_code,
    })
  })

  test('an invoice for anything but a period or an upgrade changes nothing', async () => {
    const sub = newSubscription()
    const started = await startMembership(t.db, eventOf(sub), now())
    const manual = { ...paid(sub, p1, p2), billingReason: 'manual' }
    expect(await refillPeriod(t.db, manual, now())).toEqual(started)
    const handled = await t.db
      .selectFrom('membership_events')
      .selectAll()
      .where('event_id', '=', manual.eventId)
      .executeTakeFirst()
    expect(handled).toMatchObject({ membership_id: started.id, type: 'invoice.paid' })
  })

  test('an upgrade waits for its invoice, which adds the difference to the period’s boosts', async () => {
    const sub = newSubscription('membership-1')
    const active = await refillPeriod(t.db, paid(sub, p1, p2), now())
    await redeemed(t.db, active, 'show-a', 40)
    const waiting = await applySubscriptionUpdate(t.db, snapshot(sub, 'membership-3'), now())
    expect(waiting).toMatchObject({ tier: 'membership-1', next_tier: 'membership-3' })
    expect(await summary(active.id)).toMatchObject({ tier: 'membership-1', boostsLeft: 10 })
    const invoice = upgradePaid(sub, 'membership-3')
    const upgraded = await refillPeriod(t.db, invoice, now())
    expect(upgraded).toMatchObject({ tier: 'membership-3', next_tier: null, period_allowance: 200 })
    expect(await refillPeriod(t.db, invoice, now())).toEqual(upgraded)
    expect(await applySubscriptionUpdate(t.db, snapshot(sub, 'membership-3'), now())).toEqual({
      ...upgraded,
      updated_at: expect.any(Date),
    })
    expect((await summary(active.id))?.boostsLeft).toBe(160)
  })

  test('an upgrade undone before it was paid raises nothing, even when its invoice is paid later', async () => {
    const sub = newSubscription('membership-1')
    await refillPeriod(t.db, paid(sub, p1, p2), now())
    await applySubscriptionUpdate(t.db, snapshot(sub, 'membership-3'), now())
    const undone = await applySubscriptionUpdate(t.db, snapshot(sub, 'membership-1'), now())
    expect(undone).toMatchObject({ tier: 'membership-1', next_tier: null, period_allowance: 50 })
    const late = { ...upgradePaid(sub, 'membership-3'), subscriptionTier: 'membership-1' as const }
    expect(await refillPeriod(t.db, late, now())).toMatchObject({ tier: 'membership-1' })
  })

  test('a downgrade the provider reports within the period lowers the tier and boosts at once', async () => {
    const sub = newSubscription('membership-3')
    const active = await refillPeriod(t.db, paid(sub, p1, p2), now())
    await redeemed(t.db, active, 'show-a', 180)
    const lowered = await applySubscriptionUpdate(t.db, snapshot(sub, 'membership-1'), now())
    expect(lowered).toMatchObject({ tier: 'membership-1', next_tier: null, period_allowance: 50 })
    expect(await summary(active.id)).toMatchObject({ tier: 'membership-1', boostsLeft: 0 })
    const renewed = await refillPeriod(t.db, paid(sub, p2, p3, 'membership-1'), now())
    expect(renewed).toMatchObject({ tier: 'membership-1', next_tier: null, period_allowance: 50 })
  })

  test('a failed renewal: grace, paused after 3 days, active again when the card is fixed', async () => {
    const sub = newSubscription()
    await refillPeriod(t.db, paid(sub, p1, p2), now())
    t.clock.set('2026-12-22T19:00:00Z')
    const failure = failed(sub, p2)
    const pastDue = await recordRenewalFailure(t.db, failure, now())
    expect(pastDue).toMatchObject({ status: 'past_due', past_due_since: now() })
    expect(membershipStanding(pastDue, now())).toBe('grace')
    expect(await recordRenewalFailure(t.db, failure, now())).toEqual(pastDue)

    t.clock.set('2026-12-24T19:00:00Z')
    const again = await recordRenewalFailure(t.db, failed(sub, p2), now())
    expect(again.past_due_since).toEqual(pastDue.past_due_since)
    const mails = await renewalMails(sub.email)
    expect(mails).toHaveLength(2)
    expect(mails[0]?.subject).toBe('Your Punchline VR membership needs a new card')
    expect(mails[0]?.text_body).toContain(fixCardUrl)
    expect(mails[0]?.text_body).toContain('Tier 2 membership')

    t.clock.set('2026-12-25T19:00:00Z')
    expect(membershipStanding(again, now())).toBe('paused')
    expect(await summary(again.id)).toMatchObject({ standing: 'paused', status: 'past_due' })

    const fixed = await refillPeriod(t.db, paid(sub, p2, p3), now())
    expect(fixed).toMatchObject({ status: 'active', past_due_since: null, period_start: p2 })
    expect(membershipStanding(fixed, now())).toBe('active')
    // The failure of a period since paid, told late, changes nothing and mails nobody.
    expect(await recordRenewalFailure(t.db, failed(sub, p2), now())).toEqual(fixed)
    expect(await renewalMails(sub.email)).toHaveLength(2)
    t.clock.set(p1)
  })

  test('a subscription past due, then active again, follows the provider', async () => {
    const sub = newSubscription()
    await refillPeriod(t.db, paid(sub, p1, p2), now())
    const pastDue = await applySubscriptionUpdate(t.db, snapshot(sub, sub.tier, 'past_due'), now())
    expect(pastDue).toMatchObject({ status: 'past_due', past_due_since: now() })
    t.clock.set('2026-11-23T18:00:00Z')
    const unpaid = await applySubscriptionUpdate(t.db, snapshot(sub, sub.tier, 'unpaid'), now())
    expect(unpaid.past_due_since).toEqual(pastDue.past_due_since)
    const fixed = await applySubscriptionUpdate(t.db, snapshot(sub, sub.tier, 'active'), now())
    expect(fixed).toMatchObject({ status: 'active', past_due_since: null })
    t.clock.set(p1)
  })

  test('a failed first payment is no renewal: no grace, no mail', async () => {
    const sub = newSubscription()
    const started = await startMembership(t.db, eventOf(sub), now())
    const first = { ...failed(sub, p1), billingReason: 'subscription_create' }
    expect(await recordRenewalFailure(t.db, first, now())).toEqual(started)
    expect(await renewalMails(sub.email)).toHaveLength(0)
  })

  test('cancelled at the period’s end, then deleted, or canceled: ended', async () => {
    const sub = newSubscription()
    await refillPeriod(t.db, paid(sub, p1, p2), now())
    const leaving = await applySubscriptionUpdate(
      t.db,
      snapshot(sub, sub.tier, 'active', [p1, p2], true),
      now(),
    )
    expect(leaving).toMatchObject({ status: 'active', cancel_at_period_end: true })
    expect((await summary(leaving.id))?.cancelAtPeriodEnd).toBe(true)
    const ended = await endMembership(t.db, { ...eventOf(sub), reason: 'cancelled' }, now())
    expect(ended).toMatchObject({ status: 'ended', end_reason: 'cancelled', ended_at: now() })
    expect((await summary(ended.id))?.standing).toBe('ended')
    const other = newSubscription()
    await refillPeriod(t.db, paid(other, p1, p2), now())
    const canceled = await applySubscriptionUpdate(
      t.db,
      snapshot(other, other.tier, 'canceled'),
      now(),
    )
    expect(canceled).toMatchObject({ status: 'ended', end_reason: 'cancelled' })
  })

  test('a refund or a dispute ends it at once; ending twice keeps the first reason', async () => {
    const refunded = newSubscription()
    await refillPeriod(t.db, paid(refunded, p1, p2), now())
    const ended = await endMembership(t.db, { ...eventOf(refunded), reason: 'refunded' }, now())
    expect(ended).toMatchObject({ status: 'ended', end_reason: 'refunded' })
    t.clock.set('2026-11-23T18:00:00Z')
    const twice = await endMembership(t.db, { ...eventOf(refunded), reason: 'disputed' }, now())
    expect(twice).toEqual(ended)

    const disputed = newSubscription()
    await refillPeriod(t.db, paid(disputed, p1, p2), now())
    const early = await endMembership(t.db, { ...eventOf(disputed), reason: 'disputed' }, now())
    expect(early).toMatchObject({ status: 'ended', end_reason: 'disputed' })
    t.clock.set(p1)
  })

  test('boosts left count this period only and never go below 0', async () => {
    const sub = newSubscription('membership-1')
    const active = await refillPeriod(t.db, paid(sub, p1, p2), now())
    await redeemed(t.db, active, 'show-a', 5)
    await redeemed(t.db, { ...active, period_start: p3 }, 'show-b', 20)
    expect((await summary(active.id))?.boostsLeft).toBe(45)
    await redeemed(t.db, active, 'show-c', 60)
    expect((await summary(active.id))?.boostsLeft).toBe(0)
    expect(await membershipSummary(t.db, 'mem_unknown', now())).toBeUndefined()
  })
})
