import { describe, expect, test } from 'vitest'
import { payAt } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { housekeep } from '../../core/housekeeping'
import { findMembership } from '../../core/memberships/membership-lifecycle'
import { membershipStanding } from '../../core/memberships/standing'
import { renewTestMemberships } from '../../core/memberships/test-renewals'
import { paths } from '../../shared/pages'
import { renewalFailsCard } from './membership-pay-routes'
import { testCards } from './test-checkout-texts'

const fixCardUrl = `${testPublicUrl}${paths.membership}`
const day = 24 * 60 * 60_000

describe.each(testDatabases)("the test checkout's renewals on $name", (database) => {
  const t = withTestApp(database, { memberships: 'open' })
  let members = 0

  /** Joins through the routes at `at` with `card`; answers the subscription and the address. */
  async function join(at: string, card: string) {
    t.clock.set(at)
    const email = `renewing${++members}@example.com`
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/memberships/checkout',
      payload: { tier: 'membership-2', email },
    })
    const path = checkout.json<{ url: string }>().url.slice(testPublicUrl.length)
    const paid = await payAt(t.app, path, card)
    expect(paid.statusCode).toBe(303)
    return { subscription: path.split('/').pop() ?? '', email }
  }
  const find = async (subscription: string) => {
    const found = await findMembership(t.db, { subscription })
    if (!found) throw new Error(`no membership ${subscription}`)
    return found
  }
  const renew = () => renewTestMemberships(t.db, t.clock.now(), fixCardUrl)
  const mailsTo = (email: string) =>
    t.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', email)

  test('a paying card renews at the end of the period with a full allowance, once', async () => {
    const { subscription } = await join('2027-03-10T12:00:00Z', testCards.pays)
    expect(await find(subscription)).toMatchObject({ test_card_renewal: 'pays' })
    await t.db
      .updateTable('memberships')
      .set({ period_allowance: 3 })
      .where('provider_subscription', '=', subscription)
      .execute()
    t.clock.set('2027-04-10T12:00:00Z')
    await renew()
    const renewed = await find(subscription)
    expect(renewed).toMatchObject({
      status: 'active',
      period_start: new Date('2027-04-10T12:00:00Z'),
      period_end: new Date('2027-05-10T12:00:00Z'),
      period_allowance: 100,
    })
    expect(membershipStanding(renewed, t.clock.now())).toBe('active')
    await renew()
    expect(await find(subscription)).toEqual(renewed)
  })

  test('a server off for months renews each month in turn, from housekeeping', async () => {
    const { subscription } = await join('2027-01-31T09:00:00Z', testCards.pays)
    t.clock.set('2027-05-01T00:00:00Z')
    await housekeep(t.db, t.clock, '/nonexistent-mail-dir', testPublicUrl)
    expect(await find(subscription)).toMatchObject({
      status: 'active',
      // 31 January + 1 month is 3 March (as Date counts), then 3 April, then 3 May.
      period_start: new Date('2027-04-03T09:00:00Z'),
      period_end: new Date('2027-05-03T09:00:00Z'),
    })
    const renewals = await t.db
      .selectFrom('membership_events')
      .select('event_id')
      .where('event_id', 'like', `${subscription}:renewal-%`)
      .orderBy('event_id')
      .execute()
    expect(renewals.map((r) => r.event_id)).toEqual([
      `${subscription}:renewal-2027-03-03T09:00:00.000Z`,
      `${subscription}:renewal-2027-04-03T09:00:00.000Z`,
    ])
  })

  test('the 0341 card pays the first month, then fails: past due, one mail, paused in 3 days', async () => {
    const { subscription, email } = await join('2027-06-01T12:00:00Z', renewalFailsCard)
    expect(await find(subscription)).toMatchObject({
      status: 'active',
      test_card_renewal: 'fails',
      period_end: new Date('2027-07-01T12:00:00Z'),
    })
    t.clock.set('2027-07-01T13:00:00Z')
    await renew()
    await renew()
    const failed = await find(subscription)
    expect(failed).toMatchObject({
      status: 'past_due',
      past_due_since: new Date('2027-07-01T13:00:00Z'),
      period_end: new Date('2027-07-01T12:00:00Z'),
    })
    expect(membershipStanding(failed, t.clock.now())).toBe('grace')
    const mails = await mailsTo(email).where('subject', 'like', '%needs a new card').execute()
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text_body).toContain(fixCardUrl)

    t.clock.advance(3 * day)
    await renew()
    expect(membershipStanding(await find(subscription), t.clock.now())).toBe('paused')
    expect(
      await mailsTo(email).where('subject', 'like', '%needs a new card').execute(),
    ).toHaveLength(1)
  })

  test("housekeeping's failed-renewal mail sends the member to the member page to fix the card", async () => {
    const { email } = await join('2027-06-02T12:00:00Z', renewalFailsCard)
    t.clock.set('2027-07-02T13:00:00Z')
    await housekeep(t.db, t.clock, '/nonexistent-mail-dir', testPublicUrl)
    const mail = await mailsTo(email)
      .where('subject', 'like', '%needs a new card')
      .executeTakeFirstOrThrow()
    expect(mail.text_body).toContain(`${testPublicUrl}${paths.membership}`)
    expect(mail.text_body).not.toContain(`${testPublicUrl}${paths.store}`)
  })

  test('a membership set to cancel at the period end ends then, and is not renewed', async () => {
    const { subscription } = await join('2027-08-05T12:00:00Z', testCards.pays)
    await t.db
      .updateTable('memberships')
      .set({ cancel_at_period_end: true })
      .where('provider_subscription', '=', subscription)
      .execute()
    t.clock.set('2027-09-05T11:00:00Z')
    await renew()
    expect(await find(subscription)).toMatchObject({ status: 'active' })
    t.clock.set('2027-09-05T12:00:00Z')
    await renew()
    expect(await find(subscription)).toMatchObject({
      status: 'ended',
      end_reason: 'cancelled',
      ended_at: new Date('2027-09-05T12:00:00Z'),
      period_end: new Date('2027-09-05T12:00:00Z'),
    })
  })
})
