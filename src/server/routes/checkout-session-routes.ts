import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  type CheckoutStatus,
  createCheckoutStatusReader,
} from '../../core/checkout/checkout-status'
import { sessionMessages } from '../../core/checkout/checkout-texts'
import { maskSessionIds } from '../../core/redact'
import { hasControlCharacters } from '../../shared/text'
import { refusing, type ZodTypeProvider } from '../plugins/route-schemas'

/** `session_id`, trimmed: required, at most 255 printable characters. */
const SessionQuerySchema = refusing(
  z.object({
    session_id: z
      .string()
      .optional()
      .transform((id) => id?.trim() ?? '')
      .pipe(
        z
          .string()
          .min(1)
          .max(255)
          .refine((id) => !hasControlCharacters(id)),
      ),
  }),
  (error) =>
    error.issues.some((issue) => issue.code === 'too_small')
      ? sessionMessages.missingId
      : sessionMessages.badId,
)

/** The success page's sentence while payment or codes are on their way (202). */
const waiting: { [K in Exclude<CheckoutStatus['kind'], 'ready'>]: string } = {
  'awaiting-payment': sessionMessages.awaitingPayment,
  'preparing-codes': sessionMessages.preparingCodes,
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

  const api = app.withTypeProvider<ZodTypeProvider>()
  // No response schema: the codes (200) go as the JSON the reader made once (checkout-status.ts),
  // which a schema would not see; the route's tests read both answers with their shared schemas
  // (SessionResponseSchema, MessageAnswerSchema).
  const schema = { querystring: SessionQuerySchema }
  api.get('/get-session', { preValidation: pollLimit, schema }, async (request, reply) => {
    const found = await status.read(request.query.session_id)
    if (found.kind === 'ready') {
      // Codes are bearer secrets: keep them out of shared and browser caches.
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(found.json)
    }
    return reply.status(202).send({ message: waiting[found.kind] })
  })
}
