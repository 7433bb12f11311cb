/**
 * A membership's whole life, as the kiosk in the world meets it: joined, its code granting at
 * shows until the month runs out, refilled by the renewal, paused 3 days after a failed renewal,
 * back when the card is fixed, upgraded once the upgrade is paid, downgraded at once by the
 * provider (no more than the lower tier's month), cancelled at the period's end, ended. Provider
 * events go in through the domain's calls (each delivered twice); time moves on the test clock.
 */
import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { memberKiosk } from '#test/membership-app'
import { withTestApp } from '#test/test-app'
import {
  endMembership,
  findMembership,
  recordRenewalFailure,
  refillPeriod,
  startMembership,
} from '../../core/memberships/membership-lifecycle'
import { applySubscriptionUpdate } from '../../core/memberships/subscription-update'
import { formatCode } from '../../shared/code-format'
import type { TierId } from '../../shared/memberships'

const dayMs = 24 * 60 * 60_000
const at = (iso: string) => new Date(iso)

describe.each(testDatabases)('a membership from joining to its end on $name', (database) => {
  const t = withTestApp(database, { now: '2026-12-01T10:00:00Z' })
  const { atShow, kiosk } = memberKiosk(t, '10.77')
  const subscription = (tier: TierId) => ({
    provider: 'local' as const,
    subscription: 'sub_lifecycle',
    customer: 'cus_lifecycle',
    email: 'regular.member@example.com',
    tier,
  })

  /** A provider event, delivered twice: the second delivery must change nothing. */
  async function deliver<T>(send: (now: Date) => Promise<T>): Promise<void> {
    await send(t.clock.now())
    const before = await findMembership(t.db, { subscription: 'sub_lifecycle' })
    await send(t.clock.now())
    expect(await findMembership(t.db, { subscription: 'sub_lifecycle' })).toEqual(before)
  }

  test('join, shows, the month used up, renewal, a failed renewal and the card fixed, upgrade paid, boosts used, downgrade at once, cancellation', async () => {
    // Joining: the checkout's completion, then the first invoice.
    await deliver((now) =>
      startMembership(t.db, { ...subscription('membership-1'), eventId: 'evt_start' }, now),
    )
    await deliver((now) =>
      refillPeriod(
        t.db,
        {
          ...subscription('membership-1'),
          eventId: 'evt_paid_dec',
          billingReason: 'subscription_create',
          periodStart: at('2026-12-01T10:00:00Z'),
          periodEnd: at('2027-01-01T10:00:00Z'),
        },
        now,
      ),
    )
    const joined = await findMembership(t.db, { subscription: 'sub_lifecycle' })
    const code = formatCode(joined?.member_code ?? '')
    expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/)

    // Ten shows at 5 boosts use up the month's 50; a second use at a show grants nothing.
    const first = await atShow('2026-12-02', code)
    expect(first).toMatchObject({ status: 'redeemed', boosts: 5, left: 45 })
    expect(await kiosk(code)).toMatchObject({ status: 'already_redeemed', boosts: 0 })
    for (let day = 3; day <= 11; day++) {
      const answer = await atShow(`2026-12-${String(day).padStart(2, '0')}`, code)
      expect(answer).toMatchObject({ status: 'redeemed', boosts: 5, left: 50 - 5 * (day - 1) })
    }
    expect(await atShow('2026-12-12', code)).toMatchObject({ status: 'allowance_used', left: 0 })

    // The renewal refills the month; nothing carries over.
    t.clock.set('2027-01-01T10:00:00Z')
    await deliver((now) =>
      refillPeriod(
        t.db,
        {
          ...subscription('membership-1'),
          eventId: 'evt_paid_jan',
          billingReason: 'subscription_cycle',
          periodStart: at('2027-01-01T10:00:00Z'),
          periodEnd: at('2027-02-01T10:00:00Z'),
        },
        now,
      ),
    )
    expect(await atShow('2027-01-02', code)).toMatchObject({ status: 'redeemed', left: 45 })

    // A failed renewal: 3 days of grace, mailed a link to fix the card, then paused.
    t.clock.set('2027-02-01T10:00:00Z')
    await deliver((now) =>
      recordRenewalFailure(
        t.db,
        {
          ...subscription('membership-1'),
          eventId: 'evt_failed_feb',
          billingReason: 'subscription_cycle',
          periodStart: at('2027-02-01T10:00:00Z'),
          fixCardUrl: 'https://club.example/membership',
        },
        now,
      ),
    )
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'text_body'])
      .where('to_address', '=', 'regular.member@example.com')
      .execute()
    expect(mails.some((mail) => mail.text_body.includes('https://club.example/membership'))).toBe(
      true,
    )
    expect(await atShow('2027-02-02', code)).toMatchObject({ status: 'redeemed', boosts: 5 })
    t.clock.set(new Date(at('2027-02-01T10:00:00Z').getTime() + 3 * dayMs).toISOString())
    expect(await atShow('2027-02-05', code)).toMatchObject({ status: 'member_paused', boosts: 0 })

    // The card is fixed: the retried invoice is paid, and the code works again.
    await deliver((now) =>
      refillPeriod(
        t.db,
        {
          ...subscription('membership-1'),
          eventId: 'evt_paid_feb',
          billingReason: 'subscription_cycle',
          periodStart: at('2027-02-01T10:00:00Z'),
          periodEnd: at('2027-03-01T10:00:00Z'),
        },
        now,
      ),
    )
    expect(await atShow('2027-02-06', code)).toMatchObject({ status: 'redeemed', left: 45 })

    // An upgrade waits for its invoice: until it is paid, the code gives Tier 1's boosts.
    const update = (eventId: string, tier: TierId, cancelAtPeriodEnd: boolean) =>
      deliver((now) =>
        applySubscriptionUpdate(
          t.db,
          {
            ...subscription(tier),
            eventId,
            providerStatus: 'active',
            cancelAtPeriodEnd,
            periodStart: at('2027-02-01T10:00:00Z'),
            periodEnd: at('2027-03-01T10:00:00Z'),
          },
          now,
        ),
      )
    await update('evt_upgrade', 'membership-2', false)
    expect(await atShow('2027-02-07', code)).toMatchObject({
      status: 'redeemed',
      product: 'membership-1',
      boosts: 5,
      left: 40,
    })

    // Its invoice paid: 10 a show, and the month's allowance raised by the difference.
    await deliver((now) =>
      refillPeriod(
        t.db,
        {
          ...subscription('membership-2'),
          eventId: 'evt_paid_upgrade',
          billingReason: 'subscription_update',
          periodStart: at('2027-02-07T13:00:00Z'),
          periodEnd: at('2027-03-01T10:00:00Z'),
          subscriptionTier: 'membership-2',
        },
        now,
      ),
    )
    expect(await atShow('2027-02-08', code)).toMatchObject({
      product: 'membership-2',
      boosts: 10,
      left: 80,
    })
    expect(await atShow('2027-02-09', code)).toMatchObject({ boosts: 10, left: 70 })

    // A downgrade the provider makes at once: Tier 1's month, less what was used (30 of 50).
    await update('evt_downgrade', 'membership-1', false)
    expect(await atShow('2027-02-10', code)).toMatchObject({
      status: 'redeemed',
      product: 'membership-1',
      boosts: 5,
      left: 15,
    })

    // Cancelled at the period's end: the perks last until then, and the end stops the code.
    await update('evt_cancel', 'membership-1', true)
    expect(await atShow('2027-02-11', code)).toMatchObject({ status: 'redeemed', left: 10 })
    t.clock.set('2027-03-01T10:00:00Z')
    await deliver((now) =>
      endMembership(
        t.db,
        { ...subscription('membership-1'), eventId: 'evt_deleted', reason: 'cancelled' },
        now,
      ),
    )
    expect(await atShow('2027-03-02', code)).toMatchObject({ status: 'member_ended', boosts: 0 })
  })
})
