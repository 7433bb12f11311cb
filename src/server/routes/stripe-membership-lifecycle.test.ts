/**
 * A membership's whole life through Stripe: the store's checkout opens a subscription-mode
 * session, the stand-in plays Stripe Billing (renewals, a failed renewal, the card fixed, an
 * upgrade invoiced at once, a downgrade made at once, cancellation), and its signed events reach
 * the webhook, each twice. A second
 * member lives the same life with the events arriving out of order, and ends in the same state.
 */
import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { memberKiosk, withStripeMembershipApp } from '#test/membership-app'
import { postSignedWebhook } from '#test/stripe-webhooks'
import { findMembership } from '../../core/memberships/membership-lifecycle'
import { formatCode } from '../../shared/code-format'

const dayMs = 24 * 60 * 60_000

describe.each(testDatabases)('a membership through Stripe on $name', (database) => {
  const t = withStripeMembershipApp(database)
  const { atShow, kiosk } = memberKiosk(t, '10.78')

  /** Joins through the store's checkout; the session the stand-in holds. */
  async function join(email: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/memberships/checkout',
      payload: { tier: 'membership-1', email },
    })
    expect(response.statusCode).toBe(200)
    const { url } = response.json<{ url: string }>()
    const session = [...t.standIn.sessions.values()].find((s) => s.url === url)
    if (!session) throw new Error('no session for the checkout')
    return session
  }

  /** Projection of a membership that two runs of one life must share. */
  async function stateOf(subscription: string) {
    const m = await findMembership(t.db, { subscription })
    const payments = await t.db
      .selectFrom('membership_payments')
      .select(['amount_cents', 'period_start'])
      .where('membership_id', '=', m?.id ?? '')
      .orderBy('period_start')
      .execute()
    return {
      tier: m?.tier,
      nextTier: m?.next_tier,
      status: m?.status,
      endReason: m?.end_reason,
      periodStart: m?.period_start,
      periodEnd: m?.period_end,
      allowance: m?.period_allowance,
      cancelAtPeriodEnd: m?.cancel_at_period_end,
      payments,
    }
  }

  /** Delivers one event twice, as Stripe may: the second delivery changes nothing. */
  async function deliver(payload: string, subscription: string) {
    const first = await postSignedWebhook(t.app, payload)
    expect(first.statusCode).toBe(200)
    const before = await findMembership(t.db, { subscription })
    expect((await postSignedWebhook(t.app, payload)).statusCode).toBe(200)
    expect(await findMembership(t.db, { subscription })).toEqual(before)
  }

  /**
   * One membership's life in the stand-in, step by step; each step's events are handed to
   * `send` as Stripe would send them at that moment. Between steps, `between` looks at the store.
   */
  async function live(
    email: string,
    send: (step: string[], sub: string) => Promise<void>,
    between: (step: string, sub: string) => Promise<void> = async () => {},
  ) {
    const { billing } = t.standIn
    t.clock.set('2026-12-01T10:00:00Z')
    const session = await join(email)
    const first = t.standIn.completeSubscription(session.id, t.clock.now())
    const sub = first.subscription
    await send(
      [
        t.standIn.eventPayload('checkout.session.completed', session.id),
        billing.invoicePayload('invoice.paid', first.id),
      ],
      sub,
    )
    await between('joined', sub)

    t.clock.set('2027-01-01T10:00:00Z')
    const january = billing.renew(sub)
    await send([billing.invoicePayload('invoice.paid', january.id)], sub)
    await between('renewed', sub)

    t.clock.set('2027-02-01T10:00:00Z')
    const february = billing.renew(sub, { fails: true })
    const pastDue = billing.subscriptionPayload('customer.subscription.updated', sub)
    await send([billing.invoicePayload('invoice.payment_failed', february.id), pastDue], sub)
    await between('failed', sub)

    t.clock.set('2027-02-05T10:00:00Z')
    billing.payInvoice(february.id, t.clock.now())
    await send(
      [
        billing.subscriptionPayload('customer.subscription.updated', sub),
        billing.invoicePayload('invoice.paid', february.id),
      ],
      sub,
    )
    await between('fixed', sub)
    // The old payload (past due) arrives late: the store reads the subscription as it is now.
    await send([pastDue], sub)

    // An upgrade in the portal: the new price at once, its invoice (the rest of the month) paid.
    t.clock.set('2027-02-15T10:00:00Z')
    const upgrade = billing.switchPrice(sub, 4999, t.clock.now())
    await send([billing.subscriptionPayload('customer.subscription.updated', sub)], sub)
    await between('upgrading', sub)
    await send([billing.invoicePayload('invoice.paid', upgrade.id)], sub)
    await between('upgraded', sub)

    // A downgrade Stripe makes at once (a portal not set as docs/deploy.md says), with a credit.
    t.clock.set('2027-02-18T10:00:00Z')
    const credit = billing.switchPrice(sub, 2499, t.clock.now())
    await send(
      [
        billing.subscriptionPayload('customer.subscription.updated', sub),
        billing.invoicePayload('invoice.paid', credit.id),
      ],
      sub,
    )
    await between('downgraded', sub)

    const subscription = billing.subscriptions.get(sub)
    if (subscription) subscription.cancelAtPeriodEnd = true
    await send([billing.subscriptionPayload('customer.subscription.updated', sub)], sub)
    await between('cancelling', sub)

    t.clock.set('2027-03-01T10:00:00Z')
    if (subscription) subscription.status = 'canceled'
    await send([billing.subscriptionPayload('customer.subscription.deleted', sub)], sub)
    await between('ended', sub)
    return sub
  }

  test('join, the code at the kiosk, renewal, a failed renewal and the card fixed, upgrade paid, boosts used, downgrade at once, cancellation, end', async () => {
    let code = ''
    const inOrder = await live(
      'in.order@example.com',
      async (events, sub) => {
        for (const payload of events) await deliver(payload, sub)
      },
      async (step, sub) => {
        const m = await findMembership(t.db, { subscription: sub })
        if (step === 'joined') {
          expect(m).toMatchObject({ status: 'active', tier: 'membership-1', provider: 'stripe' })
          code = formatCode(m?.member_code ?? '')
          expect(await atShow('2026-12-02', code)).toMatchObject({ status: 'redeemed', left: 45 })
          expect(await kiosk(code)).toMatchObject({ status: 'already_redeemed' })
        } else if (step === 'renewed') {
          expect(await atShow('2027-01-02', code)).toMatchObject({ status: 'redeemed', left: 45 })
        } else if (step === 'failed') {
          expect(m).toMatchObject({ status: 'past_due' })
          t.clock.set(new Date(Date.parse('2027-02-01T10:00:00Z') + 3 * dayMs).toISOString())
          expect(await atShow('2027-02-04', code)).toMatchObject({ status: 'member_paused' })
        } else if (step === 'fixed') {
          expect(await atShow('2027-02-06', code)).toMatchObject({ status: 'redeemed', left: 45 })
        } else if (step === 'upgrading') {
          // Until the upgrade's invoice is paid, the code gives Tier 1's boosts.
          expect(m).toMatchObject({ tier: 'membership-1', next_tier: 'membership-2' })
          expect(await atShow('2027-02-15', code)).toMatchObject({
            product: 'membership-1',
            boosts: 5,
            left: 40,
          })
        } else if (step === 'upgraded') {
          expect(await atShow('2027-02-16', code)).toMatchObject({
            product: 'membership-2',
            boosts: 10,
            left: 80,
          })
          expect(await atShow('2027-02-17', code)).toMatchObject({ boosts: 10, left: 70 })
        } else if (step === 'downgraded') {
          // No more than Tier 1's month: 50, of which 30 are used.
          expect(await atShow('2027-02-18', code)).toMatchObject({
            product: 'membership-1',
            boosts: 5,
            left: 15,
          })
        } else if (step === 'cancelling') {
          expect(m).toMatchObject({ cancel_at_period_end: true, status: 'active' })
          expect(await atShow('2027-02-19', code)).toMatchObject({ status: 'redeemed', left: 10 })
        } else if (step === 'ended') {
          expect(await atShow('2027-03-02', code)).toMatchObject({ status: 'member_ended' })
        }
      },
    )
    const ended = await stateOf(inOrder)
    expect(ended).toMatchObject({
      tier: 'membership-1',
      status: 'ended',
      endReason: 'cancelled',
      allowance: 50,
      // The upgrade's half month, (4999 - 2499) / 2; the downgrade's credit is no payment.
      payments: [
        { amount_cents: 2499, period_start: new Date('2026-12-01T10:00:00Z') },
        { amount_cents: 2499, period_start: new Date('2027-01-01T10:00:00Z') },
        { amount_cents: 2499, period_start: new Date('2027-02-01T10:00:00Z') },
        { amount_cents: 1250, period_start: new Date('2027-02-15T10:00:00Z') },
      ],
    })
    // The member code was mailed once, and the failed renewal sent the member to fix the card.
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', 'in.order@example.com')
      .execute()
    expect(mails.filter((mail) => mail.subject.includes('member code'))).toHaveLength(1)
    expect(mails.some((mail) => mail.text_body.includes('http://store.test/membership'))).toBe(true)

    // The same life, each pair of steps' events arriving late, newest first.
    let held: string[] = []
    const outOfOrder = await live('out.of.order@example.com', async (events, sub) => {
      if (held.length === 0 && !events.some((e) => e.includes('subscription.deleted'))) {
        held = events
        return
      }
      for (const payload of [...events].reverse()) await deliver(payload, sub)
      for (const payload of [...held].reverse()) await deliver(payload, sub)
      held = []
    })
    expect(await stateOf(outOfOrder)).toEqual(ended)
  })
})
