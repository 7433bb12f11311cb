import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import Stripe from 'stripe'
import { z } from 'zod'
import { fulfilCheckout } from '../../../core/checkout/fulfil'
import { findOrderBySession, markOrderPaid, type Payment } from '../../../core/checkout/orders'
import type { PaymentProvider } from '../../../core/checkout/payment-provider'
import type { Clock } from '../../../core/clock'
import type { Db, Order } from '../../../core/db/schema'
import { randomBase62 } from '../../../core/ids'
import { type ReversalReport, recordReversal } from '../../../core/refunds/reversals'
import type { Config } from '../../config'

export interface StripeSettings {
  secretKey: string
  webhookSecret: string
  /** Base URL of Stripe's API; unset means Stripe's own. Tests point it at a local stand-in. */
  apiUrl?: string | undefined
}

export interface StripeProviderDeps {
  config: Pick<Config, 'publicUrl'>
  stripe: StripeSettings
  db: Db
  clock: Clock
  kickMail?: (() => void) | undefined
  /** Retries of a failed API call; the SDK keeps one idempotency key across them. */
  maxNetworkRetries?: number | undefined
  timeoutMs?: number | undefined
}

export const stripeWebhookPath = '/api/webhooks/stripe'

export const stripeWebhookMessages = {
  unsigned: 'This webhook is not signed.',
  badSignature: 'The webhook signature is not valid.',
} as const

/** Events can carry a whole session with its line items; well above the API's 16 KB. */
const webhookBodyLimitBytes = 512 * 1024

/**
 * The parts of a Checkout Session the store reads, parsed rather than trusted: they come from
 * Stripe's API or from a (verified) webhook body.
 */
const CheckoutSessionSchema = z.object({
  id: z.string().min(1),
  payment_status: z.string(),
  metadata: z.record(z.string(), z.string()).nullish(),
  client_reference_id: z.string().nullish(),
  url: z.string().nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
})
type CheckoutSession = z.infer<typeof CheckoutSessionSchema>

/** An expandable reference: Stripe sends the id, or the whole object when it was expanded. */
function idOf(ref: string | { id: string } | null | undefined): string | undefined {
  return typeof ref === 'string' ? ref : ref?.id
}

const ExpandableSchema = z.union([z.string(), z.object({ id: z.string() })]).nullish()

/** The parts of a charge a refund event carries that the store reads. */
const ChargeSchema = z.object({
  id: z.string(),
  payment_intent: ExpandableSchema,
  amount_refunded: z.number().int().nonnegative(),
  refunded: z.boolean(),
})

const DisputeSchema = z.object({
  id: z.string(),
  payment_intent: ExpandableSchema,
})

/** Events after which a session may be paid (card payments complete; bank debits succeed later). */
const paymentEvents = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
])

/** The order row exists before Stripe names the session, so it starts with an id of our own. */
const placeholderPrefix = 'pending_'

/**
 * Stripe Checkout (DESIGN.md, "Payments"), following Stripe's fulfilment guide: the signed
 * webhook and the success page's poll both call fulfilCheckout, which runs once.
 */
export function createStripeProvider(deps: StripeProviderDeps): PaymentProvider {
  const { config, db, clock } = deps
  const { webhookSecret } = deps.stripe
  const stripe = new Stripe(deps.stripe.secretKey, {
    ...apiHostOptions(deps.stripe.apiUrl),
    maxNetworkRetries: deps.maxNetworkRetries ?? 2,
    timeout: deps.timeoutMs ?? 20_000,
  })
  // The app's logger, once routes are registered: the poll's Stripe errors go there.
  let log: FastifyBaseLogger | undefined

  return {
    name: 'stripe',

    newSessionId: () => `${placeholderPrefix}${randomBase62(24)}`,

    async createSession(order) {
      const created = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // Lines as the server priced and stored them, never as the browser sent them.
          line_items: order.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: 'usd',
              unit_amount: line.unitCents,
              product_data: { name: line.name, metadata: { product_id: line.productId } },
            },
          })),
          metadata: { order_id: order.id },
          client_reference_id: order.id,
          ...(order.email ? { customer_email: order.email } : {}),
          success_url: `${config.publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${config.publicUrl}/store`,
        },
        // One order, one session, even when a timed-out request is retried.
        { idempotencyKey: `checkout-session-${order.id}` },
      )
      const session = CheckoutSessionSchema.parse(created)
      if (!session.url) throw new Error(`Stripe returned session ${session.id} without a url`)
      return { sessionId: session.id, url: session.url }
    },

    async isReadyToFulfil(order: Order) {
      // Paid already (the webhook came first, or fulfilment failed half-way): fulfil now.
      if (order.status === 'paid') return true
      if (order.status !== 'pending' || order.session_id.startsWith(placeholderPrefix)) return false
      let session: CheckoutSession
      try {
        session = CheckoutSessionSchema.parse(
          await stripe.checkout.sessions.retrieve(order.session_id),
        )
      } catch (error) {
        // Stripe unreachable: the page keeps polling and the webhook still fulfils.
        log?.warn({ err: error, orderId: order.id }, 'stripe: could not read the session')
        return false
      }
      if (!isPaid(session) || orderIdOf(session) !== order.id) return false
      const moved = await markOrderPaid(db, order.session_id, paymentOf(session, clock.now()))
      if (moved?.status === 'flagged') logFlagged(log, moved)
      return moved?.status !== 'flagged'
    },

    async refund(order: Order) {
      const paymentRef = order.payment_ref ?? (await paymentIntentOf(order))
      if (!paymentRef) {
        throw new Error(
          `Stripe has no payment for order ${order.id} (session ${order.session_id}).`,
        )
      }
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentRef,
          reason: 'requested_by_customer',
          metadata: { order_id: order.id },
        },
        // Two refund commands for one order, or a retried request, make one refund.
        { idempotencyKey: `refund-${order.id}` },
      )
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new Error(
          `Stripe could not refund order ${order.id} (refund ${refund.id} ${refund.status}).`,
        )
      }
      return { paymentRef, refundedCents: order.refunded_cents + refund.amount }
    },

    async registerRoutes(app: FastifyInstance) {
      log = app.log
      await app.register(async (scope) => {
        // The signature covers the exact bytes Stripe sent, so this route alone keeps its body
        // raw; the plugin is encapsulated and the rest of the API still parses JSON.
        scope.removeAllContentTypeParsers()
        scope.addContentTypeParser(
          '*',
          { parseAs: 'buffer', bodyLimit: webhookBodyLimitBytes },
          (_request, body, done) => done(null, body),
        )

        scope.post(stripeWebhookPath, async (request, reply) => {
          const signature = request.headers['stripe-signature']
          const raw = request.body
          if (typeof signature !== 'string' || signature === '' || !Buffer.isBuffer(raw)) {
            return reply.status(400).send({ message: stripeWebhookMessages.unsigned })
          }
          let event: Stripe.Event
          try {
            event = stripe.webhooks.constructEvent(raw, signature, webhookSecret)
          } catch {
            return reply.status(400).send({ message: stripeWebhookMessages.badSignature })
          }

          if (paymentEvents.has(event.type)) {
            const session = CheckoutSessionSchema.safeParse(event.data.object)
            if (session.success && isPaid(session.data)) {
              await recordPayment(session.data, request.log)
            }
          } else if (event.type === 'charge.refunded') {
            // Sent for every refund, partial or full; the charge says the total refunded so far.
            const charge = ChargeSchema.safeParse(event.data.object)
            const paymentRef = charge.success ? idOf(charge.data.payment_intent) : undefined
            if (charge.success && paymentRef) {
              await recordReported(
                {
                  paymentRef,
                  refundedCents: charge.data.amount_refunded,
                  fullyRefunded: charge.data.refunded,
                },
                request.log,
              )
            }
          } else if (event.type === 'charge.dispute.created') {
            const dispute = DisputeSchema.safeParse(event.data.object)
            const paymentRef = dispute.success ? idOf(dispute.data.payment_intent) : undefined
            if (paymentRef) await recordReported({ paymentRef, disputed: true }, request.log)
          }
          // Every verified event is acknowledged, so Stripe stops redelivering the ones we skip.
          return reply.send({ received: true })
        })
      })
    },
  }

  /**
   * Marks the session's order paid and fulfils it. A database error propagates (500), so Stripe
   * redelivers the event later; every step is safe to repeat.
   */
  async function recordPayment(session: CheckoutSession, requestLog: FastifyBaseLogger) {
    const order = await findOrderForSession(session)
    if (!order) {
      // Another shop or environment on the same Stripe account: nothing of ours to fulfil.
      requestLog.warn({ sessionId: session.id }, 'stripe webhook: no order for this session')
      return
    }
    if (order.session_id !== session.id) {
      // The order still holds its placeholder: the write after creating the session was lost.
      await db
        .updateTable('orders')
        .set({ session_id: session.id })
        .where('id', '=', order.id)
        .where('session_id', '=', order.session_id)
        .execute()
    }
    const moved = await markOrderPaid(db, session.id, paymentOf(session, clock.now()))
    if (moved?.status === 'flagged') logFlagged(requestLog, moved)
    await fulfilCheckout(deps, session.id)
  }

  /** A refund or dispute made in Stripe's dashboard (or by `orders refund`), reported back. */
  async function recordReported(report: ReversalReport, requestLog: FastifyBaseLogger) {
    const reversed = await recordReversal(db, report, clock.now())
    for (const order of reversed) {
      requestLog.info(
        { orderId: order.id, status: order.status },
        'stripe: order reversed, unredeemed codes voided',
      )
    }
    if (reversed.some((order) => order.email)) deps.kickMail?.()
  }

  /** The session's payment intent, for an order paid before the store kept it. */
  async function paymentIntentOf(order: Order): Promise<string | undefined> {
    const session = CheckoutSessionSchema.parse(
      await stripe.checkout.sessions.retrieve(order.session_id),
    )
    return idOf(session.payment_intent)
  }

  async function findOrderForSession(session: CheckoutSession): Promise<Order | undefined> {
    const bySession = await findOrderBySession(db, session.id)
    if (bySession) return bySession.provider === 'stripe' ? bySession : undefined
    const orderId = orderIdOf(session)
    if (!orderId) return undefined
    const byId = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .where('provider', '=', 'stripe')
      .executeTakeFirst()
    // Only an order that never learnt its Stripe id may be matched by metadata alone.
    return byId?.session_id.startsWith(placeholderPrefix) ? byId : undefined
  }
}

/** What Stripe says the session took; a session without those fields cannot match any order. */
function paymentOf(session: CheckoutSession, at: Date): Payment {
  return {
    at,
    ref: idOf(session.payment_intent) ?? session.id,
    amountCents: session.amount_total ?? -1,
    currency: session.currency ?? 'unknown',
  }
}

function logFlagged(log: FastifyBaseLogger | undefined, order: Order) {
  log?.error(
    { orderId: order.id, reason: order.flag_reason },
    'stripe: payment does not match its order; flagged, not fulfilled (see npm run admin -- orders show)',
  )
}

function isPaid(session: CheckoutSession): boolean {
  return session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
}

function orderIdOf(session: CheckoutSession): string | undefined {
  return session.metadata?.order_id ?? session.client_reference_id ?? undefined
}

/** STRIPE_API_URL as the SDK's host, port and protocol; its path is not used (calls go to /v1). */
export function apiHostOptions(
  apiUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {}
  const url = new URL(apiUrl)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol }
}
