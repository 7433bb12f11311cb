// A fan's checkout through the test app: cart lines, the checkout request, paying on the test
// checkout.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { fulfilCheckout } from '../../src/core/checkout/fulfil'
import { recordPayment } from '../../src/core/checkout/order-payments'
import { findOrderBySession } from '../../src/core/checkout/orders'
import type { Code } from '../../src/core/db/schema'
import { type Db, toCount } from '../../src/core/db/schema'
import { findProduct, type ProductId } from '../../src/shared/catalogue'
import { type CheckoutItem, CheckoutResponseSchema } from '../../src/shared/checkout'
import { storeCurrency, toDollars } from '../../src/shared/money'

/** A cart line as the browser sends it, priced like the store page shows it. */
export function cartLine(id: ProductId, quantity = 1): CheckoutItem {
  const product = findProduct(id)
  if (!product) throw new Error(`no product ${id}`)
  return { id, name: product.name, price: toDollars(product.priceCents), quantity }
}

/** Posts a checkout body; a string is sent as it is, anything else as JSON. */
export function postCheckout(
  app: FastifyInstance,
  body: string | object,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    headers: { 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** Opens a checkout through the API and returns its session id. */
export async function startCheckout(
  app: FastifyInstance,
  items: CheckoutItem[],
  email?: string,
  stageName?: string,
): Promise<string> {
  const response = await postCheckout(app, {
    items,
    ...(email ? { email } : {}),
    ...(stageName === undefined ? {} : { stageName }),
  })
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.body}`)
  return CheckoutResponseSchema.parse(response.json()).id
}

/**
 * Submits the test checkout's card form at `path`, as its page posts it: a purchase's
 * (/pay/<session>) or a membership's (/pay/membership/<subscription>).
 */
export function payAt(
  app: FastifyInstance,
  path: string,
  cardNumber: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      card_number: cardNumber,
      expiry: '12/34',
      cvc: '123',
    }).toString(),
  })
}

/** Submits the test checkout's card form of a purchase. */
export function payWithCard(
  app: FastifyInstance,
  sessionId: string,
  cardNumber: string,
): Promise<LightMyRequestResponse> {
  return payAt(app, `/pay/${sessionId}`, cardNumber)
}

export function getSession(
  app: FastifyInstance,
  sessionId: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `/api/get-session?session_id=${encodeURIComponent(sessionId)}`,
  })
}

export async function countRows(
  db: Db,
  table: 'orders' | 'codes' | 'mail_outbox' | 'redemptions' | 'contact_messages',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow()
  return toCount(row.count)
}

/**
 * Buys `items` through the API and the test checkout at the app clock's current time and
 * fulfils the order at once: the codes a fan would hold, bound to the show current then.
 */
export async function buyCodes(
  t: { app: FastifyInstance; deps: Parameters<typeof fulfilCheckout>[0] },
  items: [ProductId, number][],
  email?: string,
  stageName?: string,
): Promise<Code[]> {
  const sessionId = await startCheckout(
    t.app,
    items.map(([id, quantity]) => cartLine(id, quantity)),
    email,
    stageName,
  )
  const paid = await payWithCard(t.app, sessionId, '4242 4242 4242 4242')
  if (paid.statusCode !== 303) throw new Error(`payment failed: ${paid.body}`)
  const fulfilment = await fulfilCheckout(t.deps, sessionId)
  if (!fulfilment) throw new Error('the order was not fulfilled')
  return fulfilment.codes
}

/** Records a payment of exactly the order's total, as a provider (or its late webhook) would. */
export async function payInFull(db: Db, sessionId: string, at: Date) {
  const order = await findOrderBySession(db, sessionId)
  if (!order) throw new Error(`no order for ${sessionId}`)
  return recordPayment(db, sessionId, {
    at,
    ref: `pi_${sessionId}`,
    amountCents: order.total_cents,
    currency: storeCurrency,
  })
}
