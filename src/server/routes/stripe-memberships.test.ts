/**
 * Memberships through Stripe beside the lifecycle: the checkout's subscription-mode request, the
 * operator's cancel and refund through the API, refunds and disputes told by webhooks, the
 * customer portal. The stand-in answers as Stripe's API; its events reach the webhook signed.
 */
import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { membershipCommand, withStripeMembershipApp } from '#test/membership-app'
import { postSignedWebhook } from '#test/stripe-webhooks'
import { checkoutUnavailableMessage } from '../../core/checkout/checkout-texts'
import { findMembership } from '../../core/memberships/membership-lifecycle'

const dayMs = 24 * 60 * 60_000

describe.each(testDatabases)('memberships through Stripe on $name', (database) => {
  const t = withStripeMembershipApp(database)
  const admin = (argv: string[]) => membershipCommand(t, argv)

  async function deliver(payload: string) {
    const response = await postSignedWebhook(t.app, payload)
    expect(response.statusCode).toBe(200)
  }

  /** A member who joined through Stripe now: the subscription, its first invoice, the row. */
  async function joined(email: string, tier = 'membership-1') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/memberships/checkout',
      payload: { tier, email },
    })
    const { url } = response.json<{ url: string }>()
    const session = [...t.standIn.sessions.values()].find((s) => s.url === url)
    if (!session) throw new Error('no session')
    const invoice = t.standIn.completeSubscription(session.id, t.clock.now())
    await deliver(t.standIn.eventPayload('checkout.session.completed', session.id))
    await deliver(t.standIn.billing.invoicePayload('invoice.paid', invoice.id))
    const membership = await findMembership(t.db, { subscription: invoice.subscription })
    if (!membership) throw new Error('no membership')
    return { invoice, membership, subscription: invoice.subscription }
  }

  test('the checkout asks Stripe for a monthly subscription at the catalogue price, with the store ids on the session and the subscription', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/memberships/checkout',
      // Whatever else the browser sends, the price is the catalogue's.
      payload: { tier: 'membership-3', email: 'vip@example.com', priceCents: 1, unit_amount: 1 },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ url: expect.stringMatching(/\/c\/pay\/cs_test_/) })
    const request = t.standIn.requests.findLast((r) => r.path === '/v1/checkout/sessions')
    const form = Object.fromEntries(request?.form ?? [])
    expect(form).toMatchObject({
      mode: 'subscription',
      customer_email: 'vip@example.com',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '9999',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]': 'Tier 3 membership',
      'metadata[tier]': 'membership-3',
      'subscription_data[metadata][tier]': 'membership-3',
      success_url: 'http://store.test/membership',
    })
    expect(form['metadata[membership_ref]']).toMatch(/^mref_/)
    expect(form['subscription_data[metadata][membership_ref]']).toBe(
      form['metadata[membership_ref]'],
    )
    expect(request?.idempotencyKey).toBeDefined()
  })

  test('Stripe down: the membership checkout answers 502 with a sentence', async () => {
    t.standIn.failWith = 500
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/memberships/checkout',
        payload: { tier: 'membership-1', email: 'down@example.com' },
      })
      expect(response.statusCode).toBe(502)
      expect(response.json()).toEqual({ message: checkoutUnavailableMessage })
    } finally {
      t.standIn.failWith = undefined
    }
  })

  test('members cancel stops the renewals at the period end through the API, or ends the membership at once with --now', async () => {
    const later = await joined('later@example.com')
    const done = await admin(['members', 'cancel', later.membership.id])
    expect(done.code).toBe(0)
    expect(JSON.parse(done.text)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })
    expect(t.standIn.billing.subscriptions.get(later.subscription)?.cancelAtPeriodEnd).toBe(true)
    const cancelling = await findMembership(t.db, { id: later.membership.id })
    expect(cancelling).toMatchObject({ status: 'active', cancel_at_period_end: true })
    // The webhook that follows repeats it and changes nothing.
    await deliver(
      t.standIn.billing.subscriptionPayload('customer.subscription.updated', later.subscription),
    )
    expect(await findMembership(t.db, { id: later.membership.id })).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    })

    const now = await joined('now@example.com')
    const json = await admin(['members', 'cancel', 'now@example.com', '--now', '--json'])
    expect(json.code).toBe(0)
    expect(JSON.parse(json.text)).toMatchObject({ status: 'ended', endReason: 'cancelled' })
    expect(t.standIn.billing.subscriptions.get(now.subscription)?.status).toBe('canceled')
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'members.cancel')
      .execute()
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'members.cancel', target_id: later.membership.id },
        { action: 'members.cancel', target_id: now.membership.id },
      ]),
    )
    const again = await admin(['members', 'cancel', now.membership.id])
    expect(again.code).toBe(1)
    expect(again.text).toContain('has ended already')
  })

  test('orders refund of a membership refunds its latest payment through Stripe and ends it; past 7 days it is refused', async () => {
    const member = await joined('refund@example.com')
    t.clock.advance(2 * dayMs)
    const done = await admin(['orders', 'refund', member.membership.id, '--yes'])
    expect(done.code).toBe(0)
    expect(JSON.parse(done.text)).toMatchObject({ refundedCents: 2499, invoice: member.invoice.id })
    expect(
      t.standIn.refunds.filter((r) => r.paymentIntent === member.invoice.paymentIntent),
    ).toEqual([expect.objectContaining({ amount: 2499 })])
    expect(t.standIn.billing.subscriptions.get(member.subscription)?.status).toBe('canceled')
    expect(await findMembership(t.db, { id: member.membership.id })).toMatchObject({
      status: 'ended',
      end_reason: 'refunded',
    })
    // Stripe's charge.refunded for it, delivered later, changes nothing more.
    await deliver(t.standIn.chargeRefundedPayload(member.invoice.paymentIntent, 2499))
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', 'refund@example.com')
      .where('subject', '=', 'Your Punchline VR membership refund')
      .execute()
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text_body).toContain('We have refunded $24.99 for your Tier 1 membership.')
    const twice = await admin(['orders', 'refund', member.membership.id, '--yes'])
    expect(twice.text).toContain('was refunded already')

    const old = await joined('old@example.com')
    t.clock.advance(8 * dayMs)
    const refused = await admin(['orders', 'refund', old.membership.id, '--yes'])
    expect(refused.code).toBe(1)
    expect(refused.text).toContain('the policy allows refunds within 7 days')
    expect(await findMembership(t.db, { id: old.membership.id })).toMatchObject({
      status: 'active',
    })
    expect(t.standIn.refunds.some((r) => r.paymentIntent === old.invoice.paymentIntent)).toBe(false)
  })

  test('a refund or a dispute made in Stripe ends the membership it paid, whichever arrives first', async () => {
    const refunded = await joined('dashboard.refund@example.com')
    const payload = t.standIn.chargeRefundedPayload(refunded.invoice.paymentIntent, 2499)
    await deliver(payload)
    await deliver(payload)
    expect(await findMembership(t.db, { id: refunded.membership.id })).toMatchObject({
      status: 'ended',
      end_reason: 'refunded',
    })
    expect(t.standIn.billing.subscriptions.get(refunded.subscription)?.status).toBe('canceled')

    const disputed = await joined('disputed@example.com')
    await deliver(t.standIn.disputePayload(disputed.invoice.paymentIntent))
    expect(await findMembership(t.db, { id: disputed.membership.id })).toMatchObject({
      status: 'ended',
      end_reason: 'disputed',
    })
    const payment = await t.db
      .selectFrom('membership_payments')
      .selectAll()
      .where('id', '=', disputed.invoice.id)
      .executeTakeFirst()
    expect(payment?.disputed_at).not.toBeNull()

    // A partial refund leaves the membership as it is.
    const partly = await joined('partly@example.com')
    await deliver(t.standIn.chargeRefundedPayload(partly.invoice.paymentIntent, 500))
    expect(await findMembership(t.db, { id: partly.membership.id })).toMatchObject({
      status: 'active',
    })

    // The refund told before the invoice that paid it: the membership ends when the invoice lands.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/memberships/checkout',
      payload: { tier: 'membership-2', email: 'early.refund@example.com' },
    })
    const session = [...t.standIn.sessions.values()].find((s) => s.url === response.json().url)
    const invoice = t.standIn.completeSubscription(session?.id ?? '', t.clock.now())
    await deliver(t.standIn.chargeRefundedPayload(invoice.paymentIntent, invoice.amount))
    await deliver(t.standIn.billing.invoicePayload('invoice.paid', invoice.id))
    expect(await findMembership(t.db, { subscription: invoice.subscription })).toMatchObject({
      status: 'ended',
      end_reason: 'refunded',
    })
  })

  test('Manage billing is a customer portal session for the member, returning where asked', async () => {
    const member = await joined('portal@example.com')
    const billingUrl = t.payments.membershipBillingUrl
    if (!billingUrl) throw new Error('Stripe has membershipBillingUrl')
    const url = await billingUrl(member.membership, 'http://store.test/membership')
    const portal = t.standIn.billing.portalSessions.at(-1)
    expect(portal).toMatchObject({
      customer: member.membership.provider_customer,
      returnUrl: 'http://store.test/membership',
    })
    expect(url).toBe(portal?.url)
  })
})
