/**
 * The test checkout's memberships beyond joining: its "Manage billing" page (change card, switch
 * tier, cancel at the period's end and undo), open to the membership's member signed in to the
 * member page only; the operator's cancel and refund, the payments recorded for each month.
 */
import { describe, expect, test } from 'vitest'
import { builtClient } from '#test/built-client'
import { testDatabases } from '#test/databases'
import {
  type MemberCredentials,
  memberPost,
  memberTestLimits,
  signInAsMember,
} from '#test/member-page'
import { memberKiosk, membershipCommand } from '#test/membership-app'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { findMembership } from '../../core/memberships/membership-lifecycle'
import { renewTestMemberships } from '../../core/memberships/test-renewals'
import { formatCode } from '../../shared/code-format'
import { memberApi, memberCsrfHeader, memberPageTexts } from '../../shared/member-page'
import { memberWelcomeTexts } from '../../shared/member-welcome'
import { membershipTexts } from '../../shared/memberships'
import { render } from '../../web/app/entry-server'
import { csrfFormField } from '../sign-in/sign-in-session'
import { renewalFailsCard } from './membership-pay-routes'
import { manageTexts, payPageTexts, testCards } from './test-checkout-texts'

const dayMs = 24 * 60 * 60_000
// The paid pay page is the site's member welcome page, rendered with the built app.
const { clientDir } = builtClient()

describe.each(testDatabases)('managing a test checkout membership on $name', (database) => {
  const t = withTestApp(database, {
    memberships: 'open',
    now: '2026-12-01T10:00:00Z',
    rateLimitMax: memberTestLimits,
    clientDir,
    renderPage: render,
  })
  const { atShow } = memberKiosk(t, '10.79')

  /** A form post as a browser sends it; as `member` (cookie and the form's token) when given. */
  const post = (
    url: string,
    fields: Record<string, string>,
    member?: MemberCredentials,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(member ? { cookie: member.cookie } : {}),
        ...headers,
      },
      payload: new URLSearchParams({
        ...(member ? { [csrfFormField]: member.csrfToken } : {}),
        ...fields,
      }).toString(),
    })
  const get = (url: string, member?: MemberCredentials) =>
    t.app.inject({ url, headers: member ? { cookie: member.cookie } : {} })

  /**
   * Joins on the test checkout with `card` and signs in to the member page: the membership, its
   * manage page's path (where the member page's "Manage billing" leads) and the member's forms.
   */
  async function joined(email: string, card: string = testCards.pays, tier = 'membership-2') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/memberships/checkout',
      payload: { tier, email },
    })
    const path = response.json<{ url: string }>().url.slice(testPublicUrl.length)
    expect((await post(path, { card_number: card })).statusCode).toBe(303)
    const subscription = path.split('/').pop() ?? ''
    const membership = await findMembership(t.db, { subscription })
    if (!membership) throw new Error('no membership')
    const member = await signInAsMember(t.app, t.db, email)
    const billing = await memberPost(t.app, member, memberApi.billing)
    const manage = billing.json<{ url: string }>().url.slice(testPublicUrl.length)
    const form = (url: string, fields: Record<string, string>) => post(url, fields, member)
    return { membership, subscription, manage, member, form }
  }

  /** Follows an action's redirect as `member`: the page and the sentence it shows. */
  async function followed(response: Awaited<ReturnType<typeof post>>, member: MemberCredentials) {
    expect(response.statusCode).toBe(303)
    return (await get(String(response.headers.location), member)).body
  }

  const admin = (argv: string[]) => membershipCommand(t, argv)

  const reload = async (id: string) => findMembership(t.db, { id })

  test("the member page's Manage billing opens the subscription's page for its member: three forms, each with the session's token", async () => {
    const { manage, subscription, member } = await joined('page@example.com')
    expect(manage).toBe(`/pay/membership/${subscription}/manage`)
    const page = await get(manage, member)
    expect(page.statusCode).toBe(200)
    for (const words of [
      manageTexts.cardHeading,
      manageTexts.tierHeading,
      manageTexts.cancelSubmit,
    ]) {
      expect(page.body).toContain(words)
    }
    const tokens = [...page.body.matchAll(/name="csrf_token" value="([^"]+)"/g)].map((m) => m[1])
    expect(tokens).toEqual([member.csrfToken, member.csrfToken, member.csrfToken])
    // A browser posts them with their origin (under no-referrer it would send `Origin: null`).
    expect(page.headers['referrer-policy']).toBe('same-origin')
    // The pay page no longer leads there: its address is no key to the membership.
    const paid = await get(`/pay/membership/${subscription}`)
    expect(paid.statusCode).toBe(200)
    expect(paid.body).toContain(memberWelcomeTexts.heading)
    expect(paid.body).not.toContain(manage)
    const unknown = await get('/pay/membership/sub_local_111111111111111111111111/manage', member)
    expect(unknown.statusCode).toBe(404)
  })

  test('the address alone shows the way to sign in, never the forms, and changes nothing', async () => {
    const { membership, manage } = await joined(
      'bearer@example.com',
      testCards.pays,
      'membership-1',
    )
    const page = await get(manage)
    expect(page.statusCode).toBe(401)
    expect(page.body).toContain(manageTexts.signIn)
    expect(page.body).toContain(`href="/membership"`)
    expect(page.body).toContain(membershipTexts.openMemberPage)
    expect(page.body).not.toContain('<form')
    expect(page.body).not.toContain(manageTexts.cardHeading)
    expect(page.body).not.toContain('bearer@example.com')
    expect(page.body).not.toContain(formatCode(membership.member_code))

    for (const [action, fields] of [
      ['card', { card_number: renewalFailsCard }],
      ['tier', { tier: 'membership-3' }],
      ['cancel', { action: 'cancel' }],
    ] as const) {
      const refused = await post(`${manage}/${action}`, fields)
      expect(refused.statusCode, action).toBe(401)
      expect(refused.body).toContain(manageTexts.signIn)
    }
    expect(await reload(membership.id)).toEqual(membership)
  })

  test("another member's session cannot see or manage this membership", async () => {
    const { membership, manage } = await joined('owner@example.com', testCards.pays, 'membership-1')
    const other = await joined('other@example.com')
    const page = await get(manage, other.member)
    expect(page.statusCode).toBe(403)
    expect(page.body).toContain(manageTexts.otherMember)
    expect(page.body).not.toContain('<form')
    expect(page.body).not.toContain('owner@example.com')

    for (const [action, fields] of [
      ['card', { card_number: renewalFailsCard }],
      ['tier', { tier: 'membership-3' }],
      ['cancel', { action: 'cancel' }],
    ] as const) {
      // With the other member's own cookie and token, good as they are for their membership.
      const refused = await other.form(`${manage}/${action}`, fields)
      expect(refused.statusCode, action).toBe(403)
    }
    expect(await reload(membership.id)).toEqual(membership)
    expect(await reload(other.membership.id)).toEqual(other.membership)
  })

  test("a change without the session's token, with a wrong one or from another site is 403 and changes nothing", async () => {
    const { membership, manage, member } = await joined(
      'csrf@example.com',
      testCards.pays,
      'membership-1',
    )
    const withoutToken = { cookie: member.cookie }
    const attempts = [
      // No token at all: the cookie alone.
      (url: string, fields: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...withoutToken },
          payload: new URLSearchParams(fields).toString(),
        }),
      // A wrong token in the form, and in the header.
      (url: string, fields: Record<string, string>) =>
        post(url, { ...fields, [csrfFormField]: `${member.csrfToken.slice(0, -1)}x` }, member),
      (url: string, fields: Record<string, string>) =>
        post(url, fields, member, { [memberCsrfHeader]: 'not-the-token' }),
      // The right token, posted from another site.
      (url: string, fields: Record<string, string>) =>
        post(url, fields, member, { origin: 'https://evil.example' }),
    ]
    for (const attempt of attempts) {
      for (const [action, fields] of [
        ['card', { card_number: renewalFailsCard }],
        ['tier', { tier: 'membership-3' }],
        ['cancel', { action: 'cancel' }],
      ] as const) {
        const refused = await attempt(`${manage}/${action}`, fields)
        expect(refused.statusCode, action).toBe(403)
        expect(refused.body).toContain(memberPageTexts.forbidden)
      }
    }
    expect(await reload(membership.id)).toEqual(membership)
    // The token as a header (as the member page's API sends it) is taken as well.
    const headed = await t.app.inject({
      method: 'POST',
      url: `${manage}/cancel`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: member.cookie,
        [memberCsrfHeader]: member.csrfToken,
      },
      payload: 'action=cancel',
    })
    expect(headed.statusCode).toBe(303)
    expect(await reload(membership.id)).toMatchObject({ cancel_at_period_end: true })
  })

  test('change card: a declined card is refused; a paying card on a past-due membership pays the renewal now', async () => {
    const { membership, manage } = await joined('card@example.com', renewalFailsCard)
    t.clock.set('2027-01-01T11:00:00Z')
    await renewTestMemberships(t.db, t.clock.now(), `${testPublicUrl}/membership`)
    expect(await reload(membership.id)).toMatchObject({ status: 'past_due' })
    // A month on, the sign-in of the day of joining has ended: the member signs in again.
    expect((await get(manage)).statusCode).toBe(401)
    const member = await signInAsMember(t.app, t.db, 'card@example.com')
    const form = (url: string, fields: Record<string, string>) => post(url, fields, member)

    const declined = await form(`${manage}/card`, { card_number: testCards.declined })
    expect(declined.statusCode).toBe(402)
    expect(declined.body).toContain(payPageTexts.declined)
    expect(await reload(membership.id)).toMatchObject({ status: 'past_due' })

    const body = await followed(
      await form(`${manage}/card`, { card_number: testCards.pays }),
      member,
    )
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
    const { membership, manage, member, form } = await joined(
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
    const up = await followed(await form(`${manage}/tier`, { tier: 'membership-3' }), member)
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
    const down = await followed(await form(`${manage}/tier`, { tier: 'membership-1' }), member)
    expect(down).toContain('You move to Tier 1 on')
    expect(await reload(membership.id)).toMatchObject({
      tier: 'membership-3',
      next_tier: 'membership-1',
      period_allowance: 200,
    })
    expect(await atShow('2027-03-20', code)).toMatchObject({ product: 'membership-3', left: 150 })
    const kept = await followed(await form(`${manage}/tier`, { tier: 'membership-3' }), member)
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
    const { membership, manage, member, form } = await joined('cancel@example.com')
    const cancelled = await followed(await form(`${manage}/cancel`, { action: 'cancel' }), member)
    expect(cancelled).toContain('Your perks work until then.')
    expect(cancelled).toContain(manageTexts.resumeSubmit)
    expect(await reload(membership.id)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    })

    const resumed = await followed(await form(`${manage}/cancel`, { action: 'resume' }), member)
    expect(resumed).toContain(manageTexts.done.resumed)
    expect(await reload(membership.id)).toMatchObject({ cancel_at_period_end: false })

    await form(`${manage}/cancel`, { action: 'cancel' })
    t.clock.set('2027-06-01T11:00:00Z')
    await renewTestMemberships(t.db, t.clock.now(), `${testPublicUrl}/membership`)
    expect(await reload(membership.id)).toMatchObject({ status: 'ended', end_reason: 'cancelled' })
    // Its member, signed in again, reads that it ended; there is nothing left to change.
    const again = await signInAsMember(t.app, t.db, 'cancel@example.com')
    const page = await get(manage, again)
    expect(page.body).toContain(manageTexts.ended)
    expect(page.body).not.toContain('<form')
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
