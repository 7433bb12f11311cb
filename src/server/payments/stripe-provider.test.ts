import { createServer } from 'node:http'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cartLine, getSession, postCheckout, startCheckout } from '#test/checkout'
import { type StripeStandIn, startStripeStandIn } from '#test/stripe-stand-in'
import {
  buildTestApp,
  type OpenTestDatabase,
  type TestApp,
  testDatabases,
  testPublicUrl,
} from '#test/test-app'
import { findProduct } from '../../shared/catalogue'
import { CheckoutResponseSchema, SessionResponseSchema } from '../../shared/checkout'
import {
  checkoutLimits,
  checkoutUnavailableMessage,
  sessionMessages,
} from '../checkout/checkout-routes'
import { findOrderBySession, findOrderCodes } from '../checkout/orders'
import { ConfigError } from '../config'
import type { Db } from '../db/database'
import type { Order } from '../db/schema'
import { createPaymentProvider } from './create-provider'
import { createStripeProvider, stripeWebhookMessages, stripeWebhookPath } from './stripe-provider'

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

function buildStripeApp(db: Db, apiUrl: string, options: { maxNetworkRetries?: number } = {}) {
  return buildTestApp(db, {
    localPaymentDelayMs: 0,
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
    t.clock.advance(checkoutLimits.pendingCacheMs)
    const paid = await getSession(t.app, sessionId)
    expect(paid.statusCode).toBe(200)
    const body = SessionResponseSchema.parse(paid.json())
    // Codes only, never Stripe's session object.
    expect(Object.keys(body).sort()).toEqual(['codes', 'id', 'show'])
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
    t.clock.advance(checkoutLimits.pendingCacheMs)
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
    // Building the provider touches neither the database nor the clock.
    db: undefined as never,
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
      db: undefined as never,
      clock: { now: () => new Date() },
    })
  expect(build).toThrow(ConfigError)
  expect(build).toThrow(/^Invalid STRIPE_WEBHOOK_SECRET: required when PAYMENTS=stripe/)
})
