import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { fulfilCheckout } from '../../core/checkout/fulfil'
import { findOrderBySession, findOrderCodes, insertOrder } from '../../core/checkout/orders'
import type { CreatedSession } from '../../core/checkout/payment-provider'
import { priceCheckout } from '../../core/checkout/price-order'
import { newOrderId } from '../../core/ids'
import type { CheckoutResponse, SessionResponse } from '../../shared/checkout'
import { formatCode } from '../../shared/code-format'
import { hasControlCharacters } from '../../shared/text'
import { LruCache } from '../lru-cache'
import { appWindowCounter, perClientLimit } from '../plugins/rate-limits'

export const sessionMessages = {
  missingId: 'The session_id query parameter is required.',
  badId: 'The session_id is not valid.',
  notFound: 'No purchase was found for this session.',
  awaitingPayment: 'The payment has not been completed yet.',
  preparingCodes: 'Payment received: your codes are being prepared.',
  expired:
    'This checkout expired unpaid after 24 hours, and nothing was charged. Please start a new one from the store.',
  flagged:
    'Your payment reached us, but it does not match this order, so the show team is checking it by hand before making your codes. We will write to you; you can also use the contact form.',
  refunded: 'This purchase was refunded, so its codes no longer work.',
  disputed:
    'The payment for this purchase was disputed with the bank, so its codes no longer work.',
  tooManyPolls:
    'Too many checks from your connection. Please wait a minute, then reload this page: your codes are kept.',
} as const

export const tooManyCheckoutsMessage =
  'Too many checkouts from your connection. Please wait a few minutes and try again.'

/**
 * Per client (its address as TRUST_PROXY_HOPS reads it), shared by every process through Redis
 * when REDIS_URL is set: enough for a fan retrying a declined card or keeping a few tabs open,
 * too few to fill the orders table or drive the payment provider's API from a script.
 */
export const checkoutLimits = {
  checkoutsPerClient: 20,
  pollsPerClient: 300,
  windowMs: 10 * 60_000,
  /** A "not paid yet" from the provider is reused this long per session before asking again. */
  pendingCacheMs: 2_000,
} as const

export interface CheckoutLimits {
  checkoutsPerClient: number
  pollsPerClient: number
}

export const checkoutUnavailableMessage =
  'The payment service is not answering right now. Please try again in a moment.'

/** Enough for every purchase of a busy week; a miss only costs one database read. */
export const sessionCacheCapacity = 5000

/**
 * A fulfilled session's answer is reused this long: its codes never change, but a refund made in
 * another process must show on the next visit, not never.
 */
export const fulfilledCacheMs = 30_000

/** Orders that were paid and then turned back: 410 with the reason, no codes. */
const endedStatuses = { refunded: 'refunded', disputed: 'disputed', expired: 'expired' } as const

const SessionQuerySchema = z.object({ session_id: z.string().optional() })

/** The store's two calls (DESIGN.md, "The API"): open a checkout, then poll it for codes. */
export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const { db, payments, clock, hashClient } = app.deps
  const limits = { ...checkoutLimits, ...app.deps.checkoutLimits }
  // Pre-serialised 200 answers of fulfilled sessions: they never change once codes exist.
  const fulfilled = new LruCache<{ json: string; until: number }>(sessionCacheCapacity)
  // Until when (clock ms) the provider's last "not paid yet" stands for a session, so a page
  // polling every second, or a script, reaches Stripe at most once per pendingCacheMs.
  const notPaidUntil = new LruCache<number>(sessionCacheCapacity)

  const counter = (name: string) => appWindowCounter(app, name, limits.windowMs)
  const checkoutLimit = perClientLimit({
    counter: counter('checkouts'),
    max: limits.checkoutsPerClient,
    message: tooManyCheckoutsMessage,
    hashClient,
  })
  const pollLimit = perClientLimit({
    counter: counter('session-polls'),
    max: limits.pollsPerClient,
    message: sessionMessages.tooManyPolls,
    hashClient,
  })

  app.post('/create-checkout-session', { preHandler: checkoutLimit }, async (request, reply) => {
    const priced = priceCheckout(request.body)
    if (!priced.ok) return reply.status(priced.status).send({ message: priced.message })

    const sessionId = payments.newSessionId()
    const order = await insertOrder(db, {
      id: newOrderId(),
      sessionId,
      provider: payments.name,
      email: priced.email,
      lines: priced.lines,
      totalCents: priced.totalCents,
      createdAt: clock.now(),
    })
    let session: CreatedSession
    try {
      session = await payments.createSession(order, sessionId)
    } catch (error) {
      // The provider is down or refused: the order stays pending and unpaid, the fan may retry.
      request.log.error({ err: error, orderId: order.id }, 'checkout: payment provider failed')
      return reply.status(502).send({ message: checkoutUnavailableMessage })
    }
    if (session.sessionId !== sessionId) {
      // A provider that names its own sessions: the success page polls with the provider's id.
      await db
        .updateTable('orders')
        .set({ session_id: session.sessionId })
        .where('id', '=', order.id)
        .execute()
    }
    const body: CheckoutResponse = { id: session.sessionId, url: session.url }
    return reply.send(body)
  })

  app.get('/get-session', { preHandler: pollLimit }, async (request, reply) => {
    const query = SessionQuerySchema.safeParse(request.query)
    if (!query.success) return reply.status(400).send({ message: sessionMessages.badId })
    const sessionId = query.data.session_id?.trim() ?? ''
    if (sessionId === '') return reply.status(400).send({ message: sessionMessages.missingId })
    if (sessionId.length > 255 || hasControlCharacters(sessionId)) {
      return reply.status(400).send({ message: sessionMessages.badId })
    }

    const now = clock.now().getTime()
    const cached = fulfilled.get(sessionId)
    if (cached && cached.until > now) return sendCodes(reply, cached.json)

    let order = await findOrderBySession(db, sessionId)
    if (!order) return reply.status(404).send({ message: sessionMessages.notFound })
    if (order.status in endedStatuses) {
      const ended = endedStatuses[order.status as keyof typeof endedStatuses]
      return reply.status(410).send({ message: sessionMessages[ended] })
    }
    if (order.status === 'flagged') {
      return reply.status(409).send({ message: sessionMessages.flagged })
    }
    const askProvider = order.status === 'paid' || (notPaidUntil.get(sessionId) ?? 0) <= now
    if (order.status !== 'fulfilled' && askProvider) {
      const ready = await payments.isReadyToFulfil(order)
      // The poll fulfils too, so codes appear even if the provider's own signal is late or lost.
      if (ready) await fulfilCheckout(app.deps, sessionId)
      else if (order.status === 'pending') notPaidUntil.set(sessionId, now + limits.pendingCacheMs)
      // Asking the provider may have paid, fulfilled or flagged the order: answer what it is now.
      order = (await findOrderBySession(db, sessionId)) ?? order
    }
    if (order.status === 'flagged')
      return reply.status(409).send({ message: sessionMessages.flagged })
    if (order.status !== 'fulfilled' || !order.show_name || !order.show_starts_at) {
      const message =
        order.status === 'pending'
          ? sessionMessages.awaitingPayment
          : sessionMessages.preparingCodes
      return reply.status(202).send({ message })
    }

    const codes = await findOrderCodes(db, order.id)
    const body: SessionResponse = {
      id: sessionId,
      codes: codes.map((code) => ({ code: formatCode(code.code), description: code.description })),
      show: { name: order.show_name, startsAt: order.show_starts_at.toISOString() },
    }
    const json = JSON.stringify(body)
    fulfilled.set(sessionId, { json, until: now + fulfilledCacheMs })
    return sendCodes(reply, json)
  })
}

function sendCodes(reply: FastifyReply, json: string): FastifyReply {
  // Codes are bearer secrets: keep them out of shared and browser caches.
  return reply
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(json)
}
