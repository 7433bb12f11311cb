import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import Stripe from 'stripe'
import { z } from 'zod'
import { fulfilCheckout } from '../checkout/fulfil'
import { findOrderBySession, markOrderPaid, randomBase62 } from '../checkout/orders'
import type { Clock } from '../clock'
import type { Config } from '../config'
import type { Db } from '../db/database'
import type { Order } from '../db/schema'
import type { PaymentProvider } from './provider'

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
})
type CheckoutSession = z.infer<typeof CheckoutSessionSchema>

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
      await markOrderPaid(db, order.session_id, clock.now())
      return true
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
    await markOrderPaid(db, session.id, clock.now())
    await fulfilCheckout(deps, session.id)
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
