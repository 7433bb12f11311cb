/**
 * The test checkout's memberships beyond joining: its "Manage billing" page (change card, switch
 * tier, cancel at the period's end and undo), the operator's cancel and refund, the payments
 * recorded for each month.
 */
import { describe, expect, test } from 'vitest'
import { memberKiosk, membershipCommand } from '#test/membership-app'
import { testDatabases, testPublicUrl, withTestApp } from '#test/test-app'
import { findMembership } from '../../core/memberships/memberships'
import { renewTestMemberships } from '../../core/memberships/test-renewals'
import { formatCode } from '../../shared/code-format'
import { renewalFailsCard } from './membership-pay'
import { manageTexts, payPageTexts, testCards } from './test-checkout-texts'

const dayMs = 24 * 60 * 60_000

describe.each(testDatabases)('managing a test checkout membership on $name', (database) => {
  const t = withTestApp(database, { memberships: 'open', now: '2026-12-01T10:00:00Z' })
  const { atShow } = memberKiosk(t, '10.79')

  const form = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    })

  /** Joins on the test checkout with `card`; the membership and its manage page's path. */
  async function joined(email: string, card: string = testCards.pays, tier = 'membership-2') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/memberships/checkout',
      payload: { tier, email },
    })
    const path = response.json<{ url: string }>().url.slice(testPublicUrl.length)
    expect((await form(path, { card_number: card })).statusCode).toBe(303)
    const subscription = path.split('/').pop() ?? ''
    const membership = await findMembership(t.db, { subscription })
    if (!membership) throw new Error('no membership')
    const billingUrl = t.payments.membershipBillingUrl
    const manage = (await billingUrl?.(membership, `${testPublicUrl}/membership`)) ?? ''
    return { membership, subscription, manage: manage.slice(testPublicUrl.length) }
  }

  /** Follows an action's redirect: the page and the sentence it shows. */
  async function followed(response: Awaited<ReturnType<typeof form>>) {
    expect(response.statusCode).toBe(303)
    return (await t.app.inject({ url: String(response.headers.location) })).body
  }

  const admin = (argv: string[]) => membershipCommand(t, argv)

  const reload = async (id: string) => findMembership(t.db, { id })

  test('Manage billing is the test checkout page of the subscription, with its three forms', async () => {
    const { manage, subscription } = await joined('page@example.com')
    expect(manage).toBe(`/pay/membership/${subscription}/manage`)
    const page = await t.app.inject({ url: manage })
    expect(page.statusCode).toBe(200)
    for (const words of [
      manageTexts.cardHeading,
      manageTexts.tierHeading,
      manageTexts.cancelSubmit,
    ]) {
      expect(page.body).toContain(words)
    }
    // The page after paying links to it.
    const paid = await t.app.inject({ url: `/pay/membership/${subscription}` })
    expect(paid.body).toContain(`href="${manage}"`)
    const unknown = await t.app.inject({
      url: '/pay/membership/sub_local_111111111111111111111111/manage',
    })
    expect(unknown.statusCode).toBe(404)
  })

  test('change card: a declined card is refused; a paying card on a past-due membership pays the renewal now', async () => {
    const { membership, manage } = await joined('card@example.com', renewalFailsCard)
    t.clock.set('2027-01-01T11:00:00Z')
    await renewTestMemberships(t.db, t.clock.now(), `${testPublicUrl}/membership`)
    expect(await reload(membership.id)).toMatchObject({ status: 'past_due' })

    const declined = await form(`${manage}/card`, { card_number: testCards.declined })
    expect(declined.statusCode).toBe(402)
    expect(declined.body).toContain(payPageTexts.declined)
    expect(await reload(membership.id)).toMatchObject({ status: 'past_due' })

    const body = await followed(await form(`${manage}/card`, { card_number: testCards.pays }))
    expect(body).toContain(manageTexts.done['card-paid'])
    const paid = await reload(membership.id)
    expect(paid).toMatchObject({
      status: 'active',
      test_card_renewal: 'pays',
      period_start: new Date('2027-01-01T10:00:00Z'),
      period_allowance: 100,
    })
    // The next renewal is paid by the new card.
    t.clock.set('2027-02-01T11:00:00Z')
    await renewTestMemberships(t.db, t.clock.now(), `${testPublicUrl}/membership`)
    expect(await reload(membership.id)).toMatchObject({
      status: 'active',
      period_start: new Date('2027-02-01T10:00:00Z'),
    })
    const payments = await t.db
      .selectFrom('membership_payments')
      .select(['period_start', 'amount_cents', 'payment_ref'])
      .where('membership_id', '=', membership.id)
      .orderBy('period_start')
      .execute()
    expect(payments.map((p) => p.period_start.toISOString())).toEqual([
      '2026-12-01T10:00:00.000Z',
      '2027-01-01T10:00:00.000Z',
      '2027-02-01T10:00:00.000Z',
    ])
    expect(
      payments.every((p) => p.amount_cents === 4999 && p.payment_ref?.startsWith('pi_local_')),
    ).toBe(true)
  })

  test('switch tier: up once the card pays the rest of the month, the boosts used, down at the renewal', async () => {
    t.clock.set('2027-03-01T10:00:00Z')
    const { membership, manage } = await joined(
      'tiers@example.com',
      renewalFailsCard,
      'membership-1',
    )
    const code = formatCode(membership.member_code)
    expect(await atShow('2027-03-02', code)).toMatchObject({ product: 'membership-1', left: 45 })

    // The card that fails renewals fails the upgrade's invoice too: nothing is raised.
    t.clock.set('2027-03-18T10:00:00Z')
    const declined = await form(`${manage}/tier`, { tier: 'membership-3' })
    expect(declined.statusCode).toBe(402)
    expect(declined.body).toContain(manageTexts.tierDeclined(membership))
    expect(await reload(membership.id)).toMatchObject({
      tier: 'membership-1',
      next_tier: null,
      period_allowance: 50,
    })
    expect(await atShow('2027-03-18', code)).toMatchObject({ product: 'membership-1', boosts: 5 })

    // A card that pays: the difference for 14 of the month's 31 days is paid, then the tier rises.
    await form(`${manage}/card`, { card_number: testCards.pays })
    t.clock.set('2027-03-18T10:00:00Z')
    const up = await followed(await form(`${manage}/tier`, { tier: 'membership-3' }))
    expect(up).toContain(
      'Your card paid the difference for the rest of this month: you are on Tier 3 now, with 200 boosts this month.',
    )
    expect(await reload(membership.id)).toMatchObject({
      tier: 'membership-3',
      period_allowance: 200,
    })
    const upgrade = await t.db
      .selectFrom('membership_payments')
      .selectAll()
      .where('membership_id', '=', membership.id)
      .orderBy('paid_at', 'desc')
      .executeTakeFirst()
    expect(upgrade).toMatchObject({ amount_cents: 3387, paid_at: new Date('2027-03-18T10:00:00Z') })
    expect(await atShow('2027-03-19', code)).toMatchObject({
      product: 'membership-3',
      boosts: 20,
      left: 170,
    })

    // Down: this month stays paid at Tier 3; switching back cancels it; the renewal bills the lower.
    const down = await followed(await form(`${manage}/tier`, { tier: 'membership-1' }))
    expect(down).toContain('You move to Tier 1 on')
    expect(await reload(membership.id)).toMatchObject({
      tier: 'membership-3',
      next_tier: 'membership-1',
      period_allowance: 200,
    })
    expect(await atShow('2027-03-20', code)).toMatchObject({ product: 'membership-3', left: 150 })
    const kept = await followed(await form(`${manage}/tier`, { tier: 'membership-3' }))
    expect(kept).toContain('Your move to a lower tier is cancelled: you stay on Tier 3.')
    expect(await reload(membership.id)).toMatchObject({ next_tier: null })
    await form(`${manage}/tier`, { tier: 'membership-2' })
    // Cancelling and resuming leave the waiting downgrade as it is.
    await form(`${manage}/cancel`, { action: 'cancel' })
    await form(`${manage}/cancel`, { action: 'resume' })
    expect(await reload(membership.id)).toMatchObject({
      tier: 'membership-3',
      next_tier: 'membership-2',
      cancel_at_period_end: false,
    })
    t.clock.set('2027-04-01T11:00:00Z')
    await renewTestMemberships(t.db, t.clock.now(), `${testPublicUrl}/membership`)
    expect(await reload(membership.id)).toMatchObject({
      tier: 'membership-2',
      next_tier: null,
      period_allowance: 100,
    })
    expect(await atShow('2027-04-02', code)).toMatchObject({ product: 'membership-2', left: 90 })
  })

  test('cancel at the period end keeps the perks to it, undo renews again, and a cancelled membership ends then', async () => {
    t.clock.set('2027-05-01T10:00:00Z')
    const { membership, manage } = await joined('cancel@example.com')
    const cancelled = await followed(await form(`${manage}/cancel`, { action: 'cancel' }))
    expect(cancelled).toContain('Your perks work until then.')
    expect(cancelled).toContain(manageTexts.resumeSubmit)
    expect(await reload(membership.id)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    })

    const resumed = await followed(await form(`${manage}/cancel`, { action: 'resume' }))
    expect(resumed).toContain(manageTexts.done.resumed)
    expect(await reload(membership.id)).toMatchObject({ cancel_at_period_end: false })

    await form(`${manage}/cancel`, { action: 'cancel' })
    t.clock.set('2027-06-01T11:00:00Z')
    await renewTestMemberships(t.db, t.clock.now(), `${testPublicUrl}/membership`)
    expect(await reload(membership.id)).toMatchObject({ status: 'ended', end_reason: 'cancelled' })
    const page = await t.app.inject({ url: manage })
    expect(page.body).toContain(manageTexts.ended)
  })

  test('members cancel on the test checkout: at the period end, or at once with --now', async () => {
    t.clock.set('2027-07-01T10:00:00Z')
    const later = await joined('cli.later@example.com')
    expect((await admin(['members', 'cancel', later.membership.member_code])).code).toBe(0)
    expect(await reload(later.membership.id)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    })
    const now = await joined('cli.now@example.com')
    const done = await admin(['members', 'cancel', now.membership.id, '--now'])
    expect(JSON.parse(done.text)).toMatchObject({ status: 'ended' })
    expect(await reload(now.membership.id)).toMatchObject({
      status: 'ended',
      end_reason: 'cancelled',
    })

    // orders refund of a test checkout membership: recorded, ended, within 7 days only.
    const refunded = await joined('cli.refund@example.com')
    t.clock.advance(dayMs)
    const refund = await admin(['orders', 'refund', refunded.membership.id, '--yes'])
    expect(refund.code).toBe(0)
    expect(JSON.parse(refund.text)).toMatchObject({ refundedCents: 4999 })
    expect(await reload(refunded.membership.id)).toMatchObject({
      status: 'ended',
      end_reason: 'refunded',
    })
    const old = await joined('cli.old@example.com')
    t.clock.advance(7 * dayMs + 60_000)
    const refused = await admin(['orders', 'refund', old.membership.id, '--yes'])
    expect(refused.code).toBe(1)
    expect(refused.text).toContain('the policy allows refunds within 7 days')
    const forced = await admin(['orders', 'refund', old.membership.id, '--yes', '--force'])
    expect(forced.code).toBe(0)
  })
})
