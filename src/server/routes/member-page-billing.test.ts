/**
 * The member page's "Manage billing" through Stripe (the stand-in, driven by the official SDK):
 * the customer portal when all is well, and a sentence for the member, never a bare error, when
 * the membership has no Stripe customer yet or Stripe cannot be reached.
 */
import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { addMembership, memberPost, signInAsMember } from '#test/member-page'
import { withStripeMembershipApp } from '#test/membership-app'
import { postSignedWebhook } from '#test/stripe-webhooks'
import { testPublicUrl } from '#test/test-app'
import { memberApi, memberPageTexts } from '../../shared/member-page'
import { paths } from '../../shared/pages'

describe.each(testDatabases)('Manage billing through Stripe on $name', (database) => {
  const t = withStripeMembershipApp(database)

  /** Joins through Stripe's checkout and its two webhook events: a member with a customer. */
  async function joinedThroughStripe(email: string) {
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/memberships/checkout',
      payload: { tier: 'membership-1', email },
    })
    const { url } = checkout.json<{ url: string }>()
    const session = [...t.standIn.sessions.values()].find((s) => s.url === url)
    if (!session) throw new Error('no session')
    const invoice = t.standIn.completeSubscription(session.id, t.clock.now())
    for (const payload of [
      t.standIn.eventPayload('checkout.session.completed', session.id),
      t.standIn.billing.invoicePayload('invoice.paid', invoice.id),
    ]) {
      expect((await postSignedWebhook(t.app, payload)).statusCode).toBe(200)
    }
    return signInAsMember(t.app, t.db, email)
  }

  test("a member opens Stripe's customer portal, which returns to the member page", async () => {
    const member = await joinedThroughStripe('portal.member@example.com')
    const billing = await memberPost(t.app, member, memberApi.billing)
    expect(billing.statusCode).toBe(200)
    const portal = t.standIn.billing.portalSessions.at(-1)
    expect(billing.json()).toEqual({ url: portal?.url })
    expect(portal?.returnUrl).toBe(`${testPublicUrl}${paths.membership}`)
  })

  test('a membership without a Stripe customer yet is told to try again shortly', async () => {
    const { email } = await addMembership(t.db, t.clock.now(), {
      provider: 'stripe',
      provider_subscription: 'sub_member_without_customer',
      provider_customer: null,
    })
    const member = await signInAsMember(t.app, t.db, email)
    expect(member.view.billing).toBe(true)
    const billing = await memberPost(t.app, member, memberApi.billing)
    expect(billing.statusCode).toBe(409)
    expect(billing.json()).toEqual({ message: memberPageTexts.billingNotReady })
  })

  test('Stripe out of reach: the member is told to try again, not shown a bare error', async () => {
    const member = await joinedThroughStripe('provider.down@example.com')
    t.standIn.failWith = 503
    try {
      const billing = await memberPost(t.app, member, memberApi.billing)
      expect(billing.statusCode).toBe(502)
      expect(billing.json()).toEqual({ message: memberPageTexts.billingUnreachable })
    } finally {
      t.standIn.failWith = undefined
    }
  })
})
