import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import type { CheckoutResponse, SessionResponse } from '../../shared/checkout'
import { formatCode } from '../codes/code'
import type { CreatedSession } from '../payments/provider'
import { fulfilCheckout } from './fulfil'
import { findOrderBySession, findOrderCodes, insertOrder, newOrderId } from './orders'
import { priceCheckout } from './price-order'
import { LruCache } from './session-cache'

export const sessionMessages = {
  missingId: 'The session_id query parameter is required.',
  badId: 'The session_id is not valid.',
  notFound: 'No purchase was found for this session.',
  awaitingPayment: 'The payment has not been completed yet.',
  preparingCodes: 'Payment received: your codes are being prepared.',
} as const

export const checkoutUnavailableMessage =
  'The payment service is not answering right now. Please try again in a moment.'

/** Enough for every purchase of a busy week; a miss only costs one database read. */
export const sessionCacheCapacity = 5000

const SessionQuerySchema = z.object({ session_id: z.string().optional() })

/** The store's two calls (DESIGN.md, "The API"): open a checkout, then poll it for codes. */
export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const { db, payments, clock } = app.deps
  // Pre-serialised 200 answers of fulfilled sessions: they never change once codes exist.
  const fulfilled = new LruCache<string>(sessionCacheCapacity)

  app.post('/create-checkout-session', async (request, reply) => {
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

  app.get('/get-session', async (request, reply) => {
    const query = SessionQuerySchema.safeParse(request.query)
    if (!query.success) return reply.status(400).send({ message: sessionMessages.badId })
    const sessionId = query.data.session_id?.trim() ?? ''
    if (sessionId === '') return reply.status(400).send({ message: sessionMessages.missingId })
    if (sessionId.length > 255) return reply.status(400).send({ message: sessionMessages.badId })

    const cached = fulfilled.get(sessionId)
    if (cached) return sendCodes(reply, cached)

    let order = await findOrderBySession(db, sessionId)
    if (!order) return reply.status(404).send({ message: sessionMessages.notFound })
    if (order.status !== 'fulfilled' && (await payments.isReadyToFulfil(order))) {
      // The poll fulfils too, so codes appear even if the provider's own signal is late or lost.
      await fulfilCheckout(app.deps, sessionId)
      order = (await findOrderBySession(db, sessionId)) ?? order
    }
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
    fulfilled.set(sessionId, json)
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
