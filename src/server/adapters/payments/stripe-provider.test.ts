import { createServer } from 'node:http'
import { Writable } from 'node:stream'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cartLine, getSession, postCheckout, startCheckout } from '#test/checkout'
import { type OpenTestDatabase, testDatabases } from '#test/databases'
import { type StripeStandIn, startStripeStandIn } from '#test/stripe-stand-in'
import { buildTestApp, type TestApp, testPublicUrl } from '#test/test-app'
import { checkoutStatusCache } from '../../../core/checkout/checkout-status'
import {
  checkoutUnavailableMessage,
  sessionMessages,
  stripeWebhookMessages,
} from '../../../core/checkout/checkout-texts'
import { findOrderBySession, findOrderCodes } from '../../../core/checkout/orders'
import type { Db, Order } from '../../../core/db/schema'
import { refundPartOfOrder } from '../../../core/refunds/partial-refund'
import { refundOrder } from '../../../core/refunds/refund-order'
import { Refusal } from '../../../core/refusal'
import { findOrderSummary } from '../../../core/reports/order-report'
import { findProduct } from '../../../shared/catalogue'
import {
  type CheckoutItem,
  CheckoutResponseSchema,
  SessionResponseSchema,
} from '../../../shared/checkout'
import { ConfigError } from '../../config'
import { stripeWebhookPath } from '../../routes/stripe-webhook-routes'
import { createPaymentProvider } from './create-provider'
import { createStripeProvider } from './stripe-provider'

const secretKey = 'sk_test_standin'
const webhookSecret = 'whsec_standin_secret'
// The SDK's own helper signs test webhooks exactly as Stripe does.
const signer = new Stripe(secretKey)

function sign(payload: string, secret = webhookSecret, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret, timestamp })
}

function postWebhook(
  app: FastifyInstance,
  payload: string,
  signature: string | undefined,
  contentType = 'application/json; charset=utf-8',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: stripeWebhookPath,
    headers: {
      'content-type': contentType,
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    payload,
  })
}

function buildStripeApp(
  db: Db,
  apiUrl: string,
  options: { maxNetworkRetries?: number; logStream?: NodeJS.WritableStream } = {},
) {
  return buildTestApp(db, {
    localPaymentDelayMs: 0,
    logStream: options.logStream,
    payments: (deps) =>
      createStripeProvider({
        ...deps,
        stripe: { secretKey, webhookSecret, apiUrl },
        maxNetworkRetries: options.maxNetworkRetries,
      }),
  })
}

async function orderOf(db: Db, sessionId: string): Promise<Order> {
  const order = await findOrderBySession(db, sessionId)
  if (!order) throw new Error(`no order for ${sessionId}`)
  return order
}

async function codeMailsOf(db: Db, orderId: string): Promise<number> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('dedupe_key', '=', `codes:${orderId}`)
    .execute()
  return rows.length
}

describe.each(testDatabases)('Stripe Checkout on $name', (database) => {
  let opened: OpenTestDatabase
  let standIn: StripeStandIn
  let t: TestApp

  beforeAll(async () => {
    opened = await database.open()
    standIn = await startStripeStandIn()
    t = await buildStripeApp(opened.db, standIn.url)
  })
  afterAll(async () => {
    await t?.app.close()
    await standIn?.close()
    await opened?.close()
  })

  test('checkout opens a Stripe session priced by the server, with the order in its metadata', async () => {
    const before = standIn.requests.length
    // The browser's names are not what Stripe shows: the catalogue's are.
    const response = await postCheckout(t.app, {
      items: [{ ...cartLine('ffr-10', 2), name: 'Free stuff' }, cartLine('boosts-5')],
      email: 'fan@example.com',
    })
    expect(response.statusCode).toBe(200)
    const body = CheckoutResponseSchema.parse(response.json())
    expect(Object.keys(body).sort()).toEqual(['id', 'url'])
    expect(body.id).toMatch(/^cs_test_/)

    const session = standIn.sessions.get(body.id)
    if (!session) throw new Error('the stand-in has no such session')
    expect(body.url).toBe(session.url)
    expect(session.mode).toBe('payment')
    expect(session.lineItems).toEqual([
      {
        name: 'FFR 10',
        currency: 'usd',
        unitAmount: findProduct('ffr-10')?.priceCents,
        quantity: 2,
        productMetadata: { product_id: 'ffr-10' },
      },
      {
        name: '5 Boosts',
        currency: 'usd',
        unitAmount: findProduct('boosts-5')?.priceCents,
        quantity: 1,
        productMetadata: { product_id: 'boosts-5' },
      },
    ])
    expect(session.successUrl).toBe(`${testPublicUrl}/success?session_id={CHECKOUT_SESSION_ID}`)
    expect(session.cancelUrl).toBe(`${testPublicUrl}/store`)
    expect(session.customerEmail).toBe('fan@example.com')

    const order = await orderOf(opened.db, body.id)
    expect(order.provider).toBe('stripe')
    expect(order.status).toBe('pending')
    expect(session.metadata).toEqual({ order_id: order.id })
    expect(session.clientReferenceId).toBe(order.id)
    expect(session.amountTotal).toBe(order.total_cents)

    const calls = standIn.requests.slice(before)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.authorization).toBe(`Bearer ${secretKey}`)
    expect(calls[0]?.idempotencyKey).toBe(`checkout-session-${order.id}`)
  })

  test('a checkout without an email sends Stripe none', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-25')])
    expect(standIn.sessions.get(sessionId)?.customerEmail).toBeUndefined()
  })

  test('a checkout refused for its prices never reaches Stripe', async () => {
    const before = standIn.requests.length
    const response = await postCheckout(t.app, { items: [{ ...cartLine('ffr-10'), price: 0.01 }] })
    expect(response.statusCode).toBe(409)
    expect(standIn.requests.length).toBe(before)
  })

  test('the poll answers 202 until Stripe says paid, then fulfils and answers the codes', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-10', 2)], 'poll@example.com')
    const waiting = await getSession(t.app, sessionId)
    expect(waiting.statusCode).toBe(202)
    expect(waiting.json()).toEqual({ message: sessionMessages.awaitingPayment })
    expect((await orderOf(opened.db, sessionId)).status).toBe('pending')

    standIn.markPaid(sessionId)
    // Stripe's "not paid yet" stands for a moment per session; the next poll after it asks again.
    t.clock.advance(checkoutStatusCache.pendingMs)
    const paid = await getSession(t.app, sessionId)
    expect(paid.statusCode).toBe(200)
    const body = SessionResponseSchema.parse(paid.json())
    // Codes and our own summary of the order, never Stripe's session object.
    expect(Object.keys(body).sort()).toEqual(['codes', 'id', 'order', 'show'])
    expect(Object.keys(body.order ?? {}).sort()).toEqual([
      'emailed',
      'lines',
      'paidCents',
      'reference',
    ])
    expect(body.id).toBe(sessionId)
    expect(body.codes).toHaveLength(2)
    for (const code of body.codes) expect(code.code).toMatch(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/)

    const order = await orderOf(opened.db, sessionId)
    expect(order.status).toBe('fulfilled')
    expect(await findOrderCodes(opened.db, order.id)).toHaveLength(2)
    expect(await codeMailsOf(opened.db, order.id)).toBe(1)
  })

  test('a signed checkout.session.completed webhook fulfils the order and queues one mail', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('boosts-15', 3)], 'hook@example.com')
    const kicks = t.mailKicks.count
    standIn.markPaid(sessionId)
    const payload = standIn.eventPayload('checkout.session.completed', sessionId)
    const response = await postWebhook(t.app, payload, sign(payload))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ received: true })

    const order = await orderOf(opened.db, sessionId)
    expect(order.status).toBe('fulfilled')
    expect(order.paid_at).not.toBeNull()
    expect(await findOrderCodes(opened.db, order.id)).toHaveLength(3)
    expect(await codeMailsOf(opened.db, order.id)).toBe(1)
    expect(t.mailKicks.count).toBe(kicks + 1)

    const poll = await getSession(t.app, sessionId)
    expect(poll.statusCode).toBe(200)
    expect(SessionResponseSchema.parse(poll.json()).codes).toHaveLength(3)
  })

  test('the same event five times, alongside polls, gives one set of codes and one mail', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-50', 2)], 'twice@example.com')
    standIn.markPaid(sessionId)
    const payload = standIn.eventPayload('checkout.session.completed', sessionId)
    const signature = sign(payload)
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => postWebhook(t.app, payload, signature)),
      ...Array.from({ length: 5 }, () => getSession(t.app, sessionId)),
    ])
    for (const response of responses.slice(0, 5)) expect(response.statusCode).toBe(200)
    for (const response of responses.slice(5)) expect([200, 202]).toContain(response.statusCode)

    const order = await orderOf(opened.db, sessionId)
    const codes = await findOrderCodes(opened.db, order.id)
    expect(codes).toHaveLength(2)
    expect(await codeMailsOf(opened.db, order.id)).toBe(1)

    // Later deliveries and polls change nothing.
    await postWebhook(t.app, payload, signature)
    const poll = SessionResponseSchema.parse((await getSession(t.app, sessionId)).json())
    expect(poll.codes.map((code) => code.code.replace('-', ''))).toEqual(codes.map((c) => c.code))
    expect(await findOrderCodes(opened.db, order.id)).toHaveLength(2)
    expect(await codeMailsOf(opened.db, order.id)).toBe(1)
  })

  test('unsigned, badly signed, wrongly keyed or stale webhooks are 400 and change nothing', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-10')], 'forged@example.com')
    standIn.markPaid(sessionId)
    const payload = standIn.eventPayload('checkout.session.completed', sessionId)
    const tampered = payload.replace('"livemode":false', '"livemode":true')
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600
    const attempts: [string | undefined, string, string][] = [
      [undefined, payload, stripeWebhookMessages.unsigned],
      ['', payload, stripeWebhookMessages.unsigned],
      ['t=1,v1=deadbeef', payload, stripeWebhookMessages.badSignature],
      ['nonsense', payload, stripeWebhookMessages.badSignature],
      [sign(payload, 'whsec_someone_else'), payload, stripeWebhookMessages.badSignature],
      [sign(payload), tampered, stripeWebhookMessages.badSignature],
      [sign(payload, webhookSecret, anHourAgo), payload, stripeWebhookMessages.badSignature],
    ]
    for (const [signature, body, message] of attempts) {
      const response = await postWebhook(t.app, body, signature)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message })
    }
    const asText = await postWebhook(t.app, payload, 'nonsense', 'text/plain')
    expect(asText.statusCode).toBe(400)

    const order = await orderOf(opened.db, sessionId)
    expect(order.status).toBe('pending')
    expect(await findOrderCodes(opened.db, order.id)).toHaveLength(0)
    expect(await codeMailsOf(opened.db, order.id)).toBe(0)
  })

  test('a page polling every second reaches Stripe at most once per session in pendingCacheMs', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-10')])
    const retrievals = () =>
      standIn.requests.filter(
        (r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`,
      ).length
    for (let i = 0; i < 5; i++) expect((await getSession(t.app, sessionId)).statusCode).toBe(202)
    expect(retrievals()).toBe(1)
    t.clock.advance(checkoutStatusCache.pendingMs)
    expect((await getSession(t.app, sessionId)).statusCode).toBe(202)
    expect(retrievals()).toBe(2)
    // A webhook's payment is seen at once, cache or not: the order's row is read on every poll.
    standIn.markPaid(sessionId)
    const completed = standIn.eventPayload('checkout.session.completed', sessionId)
    expect((await postWebhook(t.app, completed, sign(completed))).statusCode).toBe(200)
    expect((await getSession(t.app, sessionId)).statusCode).toBe(200)
  })

  test('a correctly signed webhook is checked against the bytes sent, not a re-serialised copy', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('boosts-5')])
    standIn.markPaid(sessionId)
    // Stripe sends pretty-printed JSON: parsing and re-serialising it would change the bytes the
    // signature covers, and every real webhook would then be refused.
    const compact = standIn.eventPayload('checkout.session.completed', sessionId)
    const pretty = `${JSON.stringify(JSON.parse(compact), null, 2)}\n`
    expect(pretty).not.toBe(JSON.stringify(JSON.parse(pretty)))
    const response = await postWebhook(t.app, pretty, sign(pretty))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ received: true })
    expect((await orderOf(opened.db, sessionId)).status).toBe('fulfilled')
  })

  test('a completed session that is not paid yet waits for async_payment_succeeded', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-25')])
    const unpaid = standIn.eventPayload('checkout.session.completed', sessionId, {
      status: 'complete',
    })
    expect((await postWebhook(t.app, unpaid, sign(unpaid))).statusCode).toBe(200)
    expect((await orderOf(opened.db, sessionId)).status).toBe('pending')

    standIn.markPaid(sessionId)
    const succeeded = standIn.eventPayload('checkout.session.async_payment_succeeded', sessionId)
    expect((await postWebhook(t.app, succeeded, sign(succeeded))).statusCode).toBe(200)
    const order = await orderOf(opened.db, sessionId)
    expect(order.status).toBe('fulfilled')
    expect(await findOrderCodes(opened.db, order.id)).toHaveLength(1)
  })

  test('other event types, and sessions that are not ours, are acknowledged and ignored', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-10')])
    standIn.markPaid(sessionId)
    const expired = standIn.eventPayload('checkout.session.expired', sessionId)
    const response = await postWebhook(t.app, expired, sign(expired))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ received: true })
    expect((await orderOf(opened.db, sessionId)).status).toBe('pending')

    const foreign = standIn.eventPayload('checkout.session.completed', sessionId, {
      id: 'cs_test_from_another_shop',
      metadata: { order_id: 'ord_not_ours' },
    })
    expect((await postWebhook(t.app, foreign, sign(foreign))).statusCode).toBe(200)
    expect((await orderOf(opened.db, sessionId)).status).toBe('pending')
  })

  test('an order that never learnt its Stripe id is found by its metadata and fulfilled', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('boosts-5', 2)])
    const order = await orderOf(opened.db, sessionId)
    // As if the write of Stripe's id after creating the session had been lost.
    await opened.db
      .updateTable('orders')
      .set({ session_id: 'pending_lostwrite0000000000000' })
      .where('id', '=', order.id)
      .execute()
    standIn.markPaid(sessionId)
    const payload = standIn.eventPayload('checkout.session.completed', sessionId)
    expect((await postWebhook(t.app, payload, sign(payload))).statusCode).toBe(200)

    const fulfilled = await orderOf(opened.db, sessionId)
    expect(fulfilled.id).toBe(order.id)
    expect(fulfilled.status).toBe('fulfilled')
    expect((await getSession(t.app, sessionId)).statusCode).toBe(200)
  })

  /** Checks out, pays on the stand-in and delivers checkout.session.completed: a fulfilled order. */
  async function paidOrder(lines: CheckoutItem[], email?: string) {
    const sessionId = await startCheckout(t.app, lines, email)
    standIn.markPaid(sessionId)
    await deliver(standIn.eventPayload('checkout.session.completed', sessionId))
    return { sessionId, order: await orderOf(opened.db, sessionId) }
  }

  async function deliver(payload: string) {
    const response = await postWebhook(t.app, payload, sign(payload))
    expect(response.statusCode).toBe(200)
  }

  function codesOf(orderId: string) {
    return opened.db
      .selectFrom('codes')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('seq')
      .execute()
  }

  function refundMailsOf(orderId: string) {
    return opened.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('dedupe_key', '=', `refund:${orderId}`)
      .execute()
  }

  const refund = (orderId: string) =>
    refundOrder({ db: opened.db, payments: t.payments, now: t.clock.now() }, orderId, {
      force: false,
    })

  test('a refund goes through Stripe once, on the payment intent; the webhook after it changes nothing', async () => {
    const { sessionId, order } = await paidOrder([cartLine('boosts-5', 2)], 'refund@example.com')
    const paymentIntent = `pi_${sessionId.slice(8)}`
    expect(order).toMatchObject({
      status: 'fulfilled',
      payment_ref: paymentIntent,
      paid_cents: order.total_cents,
      paid_currency: 'usd',
    })

    await refund(order.id)
    expect(standIn.refunds.filter((r) => r.paymentIntent === paymentIntent)).toEqual([
      {
        id: expect.stringMatching(/^re_/),
        paymentIntent,
        amount: order.total_cents,
        reason: 'requested_by_customer',
        idempotencyKey: `refund-${order.id}`,
      },
    ])
    const after = await orderOf(opened.db, sessionId)
    expect(after).toMatchObject({ status: 'refunded', refunded_cents: order.total_cents })
    const voided = await codesOf(order.id)
    expect(voided.map((c) => c.void_reason)).toEqual(['refund', 'refund'])

    // Stripe reports the refund back (twice, as it may): nothing is voided or mailed again.
    const report = standIn.chargeRefundedPayload(sessionId, order.total_cents)
    await deliver(report)
    await deliver(report)
    expect((await codesOf(order.id)).map((c) => c.voided_at?.getTime())).toEqual(
      voided.map((c) => c.voided_at?.getTime()),
    )
    expect(await refundMailsOf(order.id)).toHaveLength(1)
    expect((await getSession(t.app, sessionId)).json()).toEqual({
      message: sessionMessages.refunded,
    })

    // A second refund is refused before Stripe is asked.
    const requests = standIn.requests.length
    await expect(refund(order.id)).rejects.toThrow(Refusal)
    expect(standIn.requests.length).toBe(requests)
  })

  test('a partial refund is recorded and voids nothing; once the refunds reach the whole, the codes are void', async () => {
    const { sessionId, order } = await paidOrder([cartLine('boosts-5', 3)], 'partial@example.com')
    await deliver(standIn.chargeRefundedPayload(sessionId, 499))
    expect(await orderOf(opened.db, sessionId)).toMatchObject({
      status: 'fulfilled',
      refunded_cents: 499,
    })
    expect((await codesOf(order.id)).every((c) => c.voided_at === null)).toBe(true)

    await deliver(standIn.chargeRefundedPayload(sessionId, order.total_cents))
    // The first partial report, redelivered late, does not lower the total.
    await deliver(standIn.chargeRefundedPayload(sessionId, 499))
    expect(await orderOf(opened.db, sessionId)).toMatchObject({
      status: 'refunded',
      refunded_cents: order.total_cents,
    })
    expect((await codesOf(order.id)).map((c) => c.void_reason)).toEqual([
      'refund',
      'refund',
      'refund',
    ])
    expect(await refundMailsOf(order.id)).toHaveLength(1)
  })

  test("part of an order goes through Stripe's partial refunds once: the unused codes' price, those codes void; the webhooks after it and a retried request change nothing", async () => {
    const { sessionId, order } = await paidOrder([cartLine('boosts-5', 3)], 'part@example.com')
    const paymentIntent = `pi_${sessionId.slice(8)}`
    const [one, two, three] = await codesOf(order.id)
    await opened.db
      .updateTable('codes')
      .set({ redeemed_at: t.clock.now() })
      .where('code', '=', one?.code ?? '')
      .execute()
    const deps = { db: opened.db, payments: t.payments, now: t.clock.now() }
    const done = await refundPartOfOrder(
      deps,
      order.id,
      { kind: 'codes', includeRedeemed: false },
      { force: false, refundedWhenAsked: 0 },
    )
    expect(standIn.refunds.filter((r) => r.paymentIntent === paymentIntent)).toEqual([
      {
        id: expect.stringMatching(/^re_/),
        paymentIntent,
        amount: 998,
        reason: 'requested_by_customer',
        idempotencyKey: `refund-${order.id}-part-${done.refund.id}`,
      },
    ])
    const codes = await codesOf(order.id)
    expect(codes.map((c) => [c.code, c.void_reason])).toEqual([
      [one?.code, null],
      [two?.code, 'refund'],
      [three?.code, 'refund'],
    ])
    // Stripe reports it back twice; then the same confirmation is sent again.
    await deliver(standIn.chargeRefundedPayload(sessionId, 998))
    await deliver(standIn.chargeRefundedPayload(sessionId, 998))
    const requests = standIn.requests.length
    await expect(
      refundPartOfOrder(
        deps,
        order.id,
        { kind: 'amount', cents: 998, includeRedeemed: true },
        { force: false, refundedWhenAsked: 0 },
      ),
    ).rejects.toThrow(Refusal)
    expect(standIn.requests.length).toBe(requests)
    expect(await orderOf(opened.db, sessionId)).toMatchObject({
      status: 'fulfilled',
      refunded_cents: 998,
    })
    expect(await refundMailsOf(order.id)).toHaveLength(0)
    const partMails = await opened.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('dedupe_key', '=', `refund-part:${done.refund.id}`)
      .execute()
    expect(partMails).toEqual([{ to_address: 'part@example.com' }])
  })

  test('a partial refund Stripe refuses refunds nothing here: its codes work again', async () => {
    const { sessionId, order } = await paidOrder([cartLine('boosts-5', 2)], 'refused@example.com')
    // Refunded whole in the dashboard, and the webhook not arrived yet.
    standIn.refunds.push({
      id: 're_dashboard',
      paymentIntent: `pi_${sessionId.slice(8)}`,
      amount: order.total_cents,
      reason: undefined,
      idempotencyKey: undefined,
    })
    await expect(
      refundPartOfOrder(
        { db: opened.db, payments: t.payments, now: t.clock.now() },
        order.id,
        { kind: 'amount', cents: 100, includeRedeemed: false },
        { force: false },
      ),
    ).rejects.toThrow(/already been refunded/)
    expect((await codesOf(order.id)).map((c) => [c.voided_at, c.refund_id])).toEqual([
      [null, null],
      [null, null],
    ])
    expect(
      await opened.db
        .selectFrom('order_refunds')
        .select('id')
        .where('order_id', '=', order.id)
        .execute(),
    ).toEqual([])
    expect(await orderOf(opened.db, sessionId)).toMatchObject({ refunded_cents: 0 })
  })

  test('a dispute voids the codes once, whatever order the events arrive in', async () => {
    // The dispute arrives before the payment's own event: kept, and applied when the payment is.
    const early = await startCheckout(t.app, [cartLine('ffr-10')], 'early@example.com')
    standIn.markPaid(early)
    await deliver(standIn.disputePayload(early))
    expect((await orderOf(opened.db, early)).status).toBe('pending')
    await deliver(standIn.eventPayload('checkout.session.completed', early))
    const earlyOrder = await orderOf(opened.db, early)
    expect(earlyOrder.status).toBe('disputed')
    expect(await findOrderCodes(opened.db, earlyOrder.id)).toEqual([])
    expect(await codeMailsOf(opened.db, earlyOrder.id)).toBe(0)
    expect((await getSession(t.app, early)).json()).toEqual({ message: sessionMessages.disputed })

    // After fulfilment: the dispute twice, then a refund: voided once, and no refund mail.
    const { sessionId, order } = await paidOrder([cartLine('boosts-5', 2)], 'late@example.com')
    await deliver(standIn.disputePayload(sessionId))
    const first = await codesOf(order.id)
    t.clock.advance(60_000)
    await deliver(standIn.disputePayload(sessionId))
    await deliver(standIn.chargeRefundedPayload(sessionId, order.total_cents))
    expect((await orderOf(opened.db, sessionId)).status).toBe('disputed')
    const later = await codesOf(order.id)
    expect(later.map((c) => [c.void_reason, c.voided_at?.getTime()])).toEqual(
      first.map((c) => ['dispute', c.voided_at?.getTime()]),
    )
    expect(await refundMailsOf(order.id)).toHaveLength(0)
  })

  test('a payment that does not match its order is flagged, not fulfilled, and says why', async () => {
    const lines: string[] = []
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const logged = await buildStripeApp(opened.db, standIn.url, { logStream })
    try {
      // The webhook says one cent was paid for a $4.99 order.
      const sessionId = await startCheckout(logged.app, [cartLine('boosts-5')], 'short@example.com')
      standIn.markPaid(sessionId)
      const payload = standIn.eventPayload('checkout.session.completed', sessionId, {
        amountTotal: 1,
      })
      expect((await postWebhook(logged.app, payload, sign(payload))).statusCode).toBe(200)
      const order = await orderOf(opened.db, sessionId)
      expect(order).toMatchObject({
        status: 'flagged',
        paid_cents: 1,
        flag_reason: 'the provider took 0.01 USD, the order is 4.99 USD',
      })
      expect(await findOrderCodes(opened.db, order.id)).toEqual([])
      expect(await codeMailsOf(opened.db, order.id)).toBe(0)
      const poll = await getSession(logged.app, sessionId)
      expect(poll.statusCode).toBe(409)
      expect(poll.json()).toEqual({ message: sessionMessages.flagged })
      const flaggedLine = lines.find((line) => line.includes('does not match its order'))
      expect(flaggedLine).toContain(order.id)
      expect(flaggedLine).toContain('"level":50')
      expect((await findOrderSummary(opened.db, order.id, t.clock.now()))?.flagReason).toBe(
        'the provider took 0.01 USD, the order is 4.99 USD',
      )

      // Through the poll: the right amount in another currency.
      const euros = await startCheckout(logged.app, [cartLine('ffr-10')])
      const session = standIn.markPaid(euros)
      session.currency = 'eur'
      t.clock.advance(checkoutStatusCache.pendingMs)
      // The very poll that learns of the payment says the team checks it.
      const first = await getSession(logged.app, euros)
      expect(first.statusCode).toBe(409)
      expect(first.json()).toEqual({ message: sessionMessages.flagged })
      expect(await orderOf(opened.db, euros)).toMatchObject({
        status: 'flagged',
        flag_reason: 'the provider took 14.99 EUR, the order is 14.99 USD',
      })
      expect((await getSession(logged.app, euros)).statusCode).toBe(409)
    } finally {
      await logged.app.close()
    }
  })

  test('the rest of the API still parses JSON bodies normally', async () => {
    const response = await postCheckout(t.app, '{"items": [')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' })
  })

  test('when Stripe fails, checkout answers 502 with a message and nothing is paid', async () => {
    standIn.failWith = 500
    try {
      const before = await opened.db.selectFrom('orders').select('id').execute()
      const response = await postCheckout(t.app, { items: [cartLine('ffr-10')] })
      expect(response.statusCode).toBe(502)
      expect(response.json()).toEqual({ message: checkoutUnavailableMessage })
      const after = await opened.db
        .selectFrom('orders')
        .selectAll()
        .where(
          'id',
          'not in',
          before.map((row) => row.id),
        )
        .execute()
      // The order was stored before Stripe was asked, and stays unpaid.
      expect(after.map((order) => order.status)).toEqual(['pending'])
    } finally {
      standIn.failWith = undefined
    }
  })

  test('when Stripe cannot be reached, checkout answers 502 and the poll keeps waiting', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-10')])
    // A port that was open a moment ago and is closed now: connection refused.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const address = closed.address()
    await new Promise((resolve) => closed.close(resolve))
    if (!address || typeof address === 'string') throw new Error('no port')
    const down = await buildStripeApp(opened.db, `http://127.0.0.1:${address.port}`, {
      maxNetworkRetries: 1,
    })
    try {
      const response = await postCheckout(down.app, { items: [cartLine('ffr-10')] })
      expect(response.statusCode).toBe(502)
      expect(response.json()).toEqual({ message: checkoutUnavailableMessage })

      const poll = await getSession(down.app, sessionId)
      expect(poll.statusCode).toBe(202)
      expect((await orderOf(opened.db, sessionId)).status).toBe('pending')
    } finally {
      await down.app.close()
    }
  })
})

test('PAYMENTS=stripe builds the Stripe provider', () => {
  const provider = createPaymentProvider({
    config: {
      payments: 'stripe',
      publicUrl: 'http://x.test',
      localPaymentDelayMs: 0,
      stripe: { secretKey, webhookSecret, apiUrl: undefined },
    },
    clock: { now: () => new Date() },
  })
  expect(provider.name).toBe('stripe')
  expect(provider.newSessionId()).toMatch(/^pending_/)
})

test('PAYMENTS=stripe without STRIPE_WEBHOOK_SECRET refuses to start with one line', () => {
  const build = () =>
    createPaymentProvider({
      config: {
        payments: 'stripe',
        publicUrl: 'http://x.test',
        localPaymentDelayMs: 0,
        stripe: { secretKey, webhookSecret: undefined, apiUrl: undefined },
      },
      clock: { now: () => new Date() },
    })
  expect(build).toThrow(ConfigError)
  expect(build).toThrow(/^Invalid STRIPE_WEBHOOK_SECRET: required when PAYMENTS=stripe/)
})
