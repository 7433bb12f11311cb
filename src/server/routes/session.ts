import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  type CheckoutStatus,
  createCheckoutStatusReader,
} from '../../core/checkout/checkout-status'
import { sessionMessages } from '../../core/checkout/checkout-texts'
import { maskSessionIds } from '../../core/redact'
import { hasControlCharacters } from '../../shared/text'

const SessionQuerySchema = z.object({ session_id: z.string().optional() })

/** Each status but `ready` as its HTTP status and sentence. */
const answers: { [K in Exclude<CheckoutStatus['kind'], 'ready' | 'ended'>]: [number, string] } = {
  'not-found': [404, sessionMessages.notFound],
  flagged: [409, sessionMessages.flagged],
  'awaiting-payment': [202, sessionMessages.awaitingPayment],
  'preparing-codes': [202, sessionMessages.preparingCodes],
}

/**
 * GET /get-session?session_id= (docs/product.md, "The API"): the success page's poll. 200 with
 * the codes, 202 while payment or codes are on their way, 404, 409 or 410 with the reason.
 */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const pollLimit = app.perClientLimit('sessionPolls', sessionMessages.tooManyPolls)
  const status = createCheckoutStatusReader({
    ...app.deps,
    onFlagged: (order) =>
      app.log.error(
        { orderId: order.id, reason: order.flag_reason },
        'payment does not match its order; flagged, not fulfilled (see npm run admin -- orders show)',
      ),
    // The provider's error text may quote the session id, which reads the order's codes.
    onProviderError: (error, order) =>
      app.log.warn(
        {
          orderId: order.id,
          error: maskSessionIds(error instanceof Error ? error.message : String(error)),
        },
        'payments: could not read the session',
      ),
  })

  app.get('/get-session', { preHandler: pollLimit }, async (request, reply) => {
    const query = SessionQuerySchema.safeParse(request.query)
    if (!query.success) return reply.status(400).send({ message: sessionMessages.badId })
    const sessionId = query.data.session_id?.trim() ?? ''
    if (sessionId === '') return reply.status(400).send({ message: sessionMessages.missingId })
    if (sessionId.length > 255 || hasControlCharacters(sessionId)) {
      return reply.status(400).send({ message: sessionMessages.badId })
    }

    const found = await status.read(sessionId)
    if (found.kind === 'ready') {
      // Codes are bearer secrets: keep them out of shared and browser caches.
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(found.json)
    }
    if (found.kind === 'ended') {
      return reply.status(410).send({ message: sessionMessages[found.reason] })
    }
    const [code, message] = answers[found.kind]
    return reply.status(code).send({ message })
  })
}
