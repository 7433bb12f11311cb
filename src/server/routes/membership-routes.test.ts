import { describe, expect, test } from 'vitest'
import { builtClient } from '#test/built-client'
import { payAt } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { type TestContext, testPublicUrl, withTestApp } from '#test/test-app'
import { findMembership, rotateMemberCode } from '../../core/memberships/membership-lifecycle'
import { formatCode } from '../../shared/code-format'
import { memberWelcomeTexts } from '../../shared/member-welcome'
import { membershipTexts } from '../../shared/memberships'
import { render } from '../../web/app/entry-server'
import { createLocalProvider } from '../adapters/payments/local-provider'
import { payPageTexts, testCards } from './test-checkout-texts'

// The paid pay page is the site's member welcome page, rendered with the built app.
const { clientDir } = builtClient()

const join = { tier: 'membership-2', email: 'new.member@example.com' }

/** The store's membership checkout, asked with `payload` as the browser sends it. */
const checkout = (t: TestContext, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/memberships/checkout', payload: payload as object })

describe.each(testDatabases)('memberships closed on $name', (database) => {
  const t = withTestApp(database)

  test('the checkout answers 404 with a sentence, and no membership pay page exists', async () => {
    const response = await checkout(t, join)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: membershipTexts.closed })
    const page = await t.app.inject({ url: '/pay/membership/sub_local_000000000000000000000000' })
    expect(page.statusCode).toBe(404)
  })
})

describe.each(testDatabases)('memberships open on $name', (database) => {
  const t = withTestApp(database, {
    memberships: 'open',
    now: '2026-12-01T10:00:00Z',
    clientDir,
    renderPage: render,
  })

  const pay = (path: string, card: string) => payAt(t.app, path, card)

  test.each([
    [{ tier: 'membership-9', email: 'a@example.com' }, membershipTexts.badTier],
    [{ tier: 'ffr-25', email: 'a@example.com' }, membershipTexts.badTier],
    [{ email: 'a@example.com' }, membershipTexts.badTier],
    [{ tier: 'membership-1', email: 'not an address' }, membershipTexts.badEmail],
    [{ tier: 'membership-1' }, membershipTexts.badEmail],
  ])('a bad request is refused with a sentence: %j', async (payload, message) => {
    const response = await checkout(t, payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message })
  })

  test('joining: a pay page, a paying test card, then the member code, mailed once', async () => {
    const response = await checkout(t, join)
    expect(response.statusCode).toBe(200)
    const { url } = response.json<{ url: string }>()
    expect(url).toMatch(/^http:\/\/store\.test\/pay\/membership\/sub_local_[0-9A-Za-z]{24}$/)
    const path = url.slice(testPublicUrl.length)
    const subscription = path.split('/').pop() ?? ''

    const payPage = await t.app.inject({ url: path })
    expect(payPage.statusCode).toBe(200)
    expect(payPage.body).toContain('Tier 2 membership (monthly)')
    expect(payPage.body).toContain('$49.99')
    expect(payPage.body).toContain(`action="${path}"`)

    const declined = await pay(path, testCards.declined)
    expect(declined.statusCode).toBe(402)
    expect(declined.body).toContain(payPageTexts.declined)
    expect(await findMembership(t.db, { subscription })).toBeUndefined()

    const paid = await pay(path, testCards.pays)
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toBe(path)
    const member = await findMembership(t.db, { subscription })
    expect(member).toMatchObject({
      email: join.email,
      tier: 'membership-2',
      status: 'active',
      provider: 'local',
      period_allowance: 100,
      period_start: new Date('2026-12-01T10:00:00Z'),
      period_end: new Date('2027-01-01T10:00:00Z'),
    })
    const code = formatCode(member?.member_code ?? '')
    expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/)

    // The paying browser's next view is the receipt: the code, and where it was mailed.
    const memberPage = await t.app.inject({ url: path })
    expect(memberPage.statusCode).toBe(200)
    expect(memberPage.body).toContain(code)
    expect(memberPage.body).toContain(memberWelcomeTexts.mailed(join.email))
    expect(memberPage.body).toContain(
      '10 boosts at every show, up to 100 a month; unused boosts do not carry over',
    )
    // Any later view of the address: mailed, and the way to the member page; no code, no email.
    const later = await t.app.inject({ url: path })
    expect(later.statusCode).toBe(200)
    expect(later.body).toContain(memberWelcomeTexts.sentByMail)
    expect(later.body).toContain('href="/membership"')
    expect(later.body).not.toContain(code)
    expect(later.body).not.toContain(code.replaceAll('-', ''))
    expect(later.body).not.toContain(join.email)
    expect(later.body).not.toContain('new.member')

    // A double submit changes nothing, charges nothing and mails nothing more.
    const again = await pay(path, testCards.pays)
    expect(again.statusCode).toBe(303)
    expect(await findMembership(t.db, { subscription })).toEqual(member)
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('to_address', '=', join.email)
      .execute()
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Your Punchline VR member code')
    expect(mails[0]?.text_body).toContain(code)
  })

  test('a code rotated before the pay page is seen again is never shown there, nor the old one', async () => {
    const email = 'rotating.member@example.com'
    const response = await checkout(t, { tier: 'membership-1', email })
    const path = response.json<{ url: string }>().url.slice(testPublicUrl.length)
    expect((await pay(path, testCards.pays)).statusCode).toBe(303)
    const subscription = path.split('/').pop() ?? ''
    const paid = await findMembership(t.db, { subscription })
    if (!paid) throw new Error('no membership')
    await rotateMemberCode(t.db, paid.id, t.clock.now())
    const rotated = await findMembership(t.db, { id: paid.id })
    expect(rotated?.member_code).not.toBe(paid.member_code)

    const page = await t.app.inject({ url: path })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(memberWelcomeTexts.sentByMail)
    for (const code of [paid.member_code, rotated?.member_code ?? '']) {
      expect(page.body).not.toContain(code)
      expect(page.body).not.toContain(formatCode(code))
    }
    expect(page.body).not.toContain(email)
  })

  test('a receipt not seen within ten minutes of paying is not shown', async () => {
    const email = 'late.member@example.com'
    const response = await checkout(t, { tier: 'membership-1', email })
    const path = response.json<{ url: string }>().url.slice(testPublicUrl.length)
    expect((await pay(path, testCards.pays)).statusCode).toBe(303)
    const paid = await findMembership(t.db, { subscription: path.split('/').pop() ?? '' })
    t.clock.advance(10 * 60_000 + 1)
    const page = await t.app.inject({ url: path })
    expect(page.body).toContain(memberWelcomeTexts.sentByMail)
    expect(page.body).not.toContain(formatCode(paid?.member_code ?? 'none'))
    expect(page.body).not.toContain(email)
  })

  test('an unknown or malformed membership pay page is not found', async () => {
    for (const path of [
      '/pay/membership/sub_local_111111111111111111111111',
      '/pay/membership/x',
    ]) {
      expect((await t.app.inject({ url: path })).statusCode).toBe(404)
      expect((await pay(path, testCards.pays)).statusCode).toBe(404)
    }
  })
})

describe.each(testDatabases)(
  'memberships open with a provider that does not sell them on $name',
  (database) => {
    const t = withTestApp(database, {
      memberships: 'open',
      // A provider without the membership methods (Stripe's are in stripe-memberships.test.ts).
      payments: (deps) => {
        const { createMembershipSession: _, ...orders } = createLocalProvider(deps)
        return { ...orders, name: 'stripe' }
      },
    })

    test('the checkout answers 503: not set up', async () => {
      const response = await checkout(t, join)
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({ message: 'Memberships through Stripe are not set up yet.' })
    })
  },
)
