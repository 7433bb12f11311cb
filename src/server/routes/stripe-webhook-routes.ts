import type { FastifyInstance } from 'fastify'
import { stripeWebhookMessages } from '../../core/checkout/checkout-texts'
import { recordReportedPayment } from '../../core/checkout/order-payments'
import { type PaymentProvider, WebhookSignatureError } from '../../core/checkout/payment-provider'
import { applyMembershipChange } from '../../core/memberships/membership-changes'
import { recordReportedReversal } from '../../core/memberships/membership-reversals'
import { refuse } from '../../core/refusal'

export const stripeWebhookPath = '/api/webhooks/stripe'

/** Events can carry a whole session with its line items; well above the API's 16 KB. */
const webhookBodyLimitBytes = 512 * 1024

/**
 * POST /api/webhooks/stripe: Stripe's signed events (docs/product.md, "Payments"). A payment is
 * recorded and fulfilled, a refund or dispute voids the order's unredeemed codes or ends the
 * membership it paid; a membership's events go to core/memberships (docs/deploy.md lists the
 * events to enable). Every step is
 * safe to repeat, so redeliveries change nothing. A database error answers 500 and Stripe
 * delivers the event again later. Every verified event is acknowledged, handled or not.
 */
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  options: { readWebhook: NonNullable<PaymentProvider['readWebhook']> },
): Promise<void> {
  const { db, clock, config, kickMail, payments } = app.deps
  // The signature covers the exact bytes Stripe sent, so this route alone keeps its body raw;
  // the plugin is encapsulated and the rest of the API still parses JSON.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: webhookBodyLimitBytes },
    (_request, body, done) => done(null, body),
  )

  app.post(stripeWebhookPath, async (request, reply) => {
    const signature = request.headers['stripe-signature']
    const raw = request.body
    if (typeof signature !== 'string' || signature === '' || !Buffer.isBuffer(raw)) {
      throw refuse.invalid(stripeWebhookMessages.unsigned)
    }
    let event: Awaited<ReturnType<typeof options.readWebhook>>
    try {
      event = await options.readWebhook(raw, signature)
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error
      throw refuse.invalid(stripeWebhookMessages.badSignature)
    }

    if (event.kind === 'payment') {
      const order = await recordReportedPayment(
        {
          ...app.deps,
          onFlagged: (flagged) =>
            request.log.error(
              { orderId: flagged.id, reason: flagged.flag_reason },
              'stripe: payment does not match its order; flagged, not fulfilled (see npm run admin -- orders show)',
            ),
        },
        event,
      )
      // Another shop or environment on the same Stripe account: nothing of ours to fulfil.
      if (!order) request.log.warn('stripe webhook: no order for this session')
    } else if (event.kind === 'membership') {
      const membership = await applyMembershipChange(
        db,
        event.change,
        clock.now(),
        config.publicUrl,
      )
      request.log.info(
        { membershipId: membership.id, status: membership.status, change: event.change.type },
        'stripe: membership event applied',
      )
      kickMail?.()
    } else if (event.kind === 'reversal') {
      const { orders: reversed, membership } = await recordReportedReversal(
        db,
        event.report,
        event.eventId,
        clock.now(),
      )
      if (membership) {
        request.log.info(
          { membershipId: membership.id, reason: membership.end_reason },
          'stripe: membership payment taken back, membership ended',
        )
        // Its renewals stop too: an ended membership is never billed again.
        await payments.cancelMembership?.(membership, 'now')
      }
      for (const order of reversed) {
        request.log.info(
          { orderId: order.id, status: order.status },
          'stripe: order reversed, unredeemed codes voided',
        )
      }
      if (reversed.some((order) => order.email)) kickMail?.()
    }
    return reply.send({ received: true })
  })
}
