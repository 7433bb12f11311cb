import type { FastifyInstance } from 'fastify'
import {
  checkoutUnavailableMessage,
  tooManyCheckoutsMessage,
} from '../../core/checkout/checkout-texts'
import { insertOrder } from '../../core/checkout/orders'
import type { CreatedSession } from '../../core/checkout/payment-provider'
import { checkoutRequestSentence, priceCheckout } from '../../core/checkout/price-order'
import { newOrderId } from '../../core/ids'
import { refuse } from '../../core/refusal'
import { askReminderAtCheckout } from '../../core/reminders/subscribers'
import { CheckoutRequestSchema, CheckoutResponseSchema } from '../../shared/checkout'
import { refusing, type ZodTypeProvider } from '../plugins/route-schemas'

/**
 * POST /create-checkout-session (docs/product.md, "The API"): prices the cart from the
 * catalogue, stores the order, opens the provider's hosted checkout and answers where to go.
 */
export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const { db, payments, clock } = app.deps
  const checkoutLimit = app.perClientLimit('checkouts', tooManyCheckoutsMessage)
  const schema = {
    body: refusing(CheckoutRequestSchema, checkoutRequestSentence),
    response: { 200: CheckoutResponseSchema },
  }

  const api = app.withTypeProvider<ZodTypeProvider>()
  api.post(
    '/create-checkout-session',
    { preValidation: checkoutLimit, schema },
    async (request, reply) => {
      const priced = priceCheckout(request.body)
      const sessionId = payments.newSessionId()
      const order = await insertOrder(db, {
        id: newOrderId(),
        sessionId,
        provider: payments.name,
        email: priced.email,
        lines: priced.lines,
        totalCents: priced.totalCents,
        createdAt: clock.now(),
        stageName: request.body.stageName,
        timeZone: request.body.timeZone,
      })
      let session: CreatedSession
      try {
        session = await payments.createSession(order, sessionId)
      } catch (error) {
        // The provider is down or refused: the order stays pending and unpaid, the fan may retry.
        request.log.error({ err: error, orderId: order.id }, 'checkout: payment provider failed')
        throw refuse.upstream(checkoutUnavailableMessage)
      }
      if (session.sessionId !== sessionId) {
        // A provider that names its own sessions: the success page polls with the provider's id.
        await db
          .updateTable('orders')
          .set({ session_id: session.sessionId })
          .where('id', '=', order.id)
          .execute()
      }
      if (request.body.remind && priced.email) {
        await askReminderAtCheckout(db, priced.email, clock.now())
        app.deps.kickMail?.()
      }
      return reply.send({ id: session.sessionId, url: session.url })
    },
  )
}
