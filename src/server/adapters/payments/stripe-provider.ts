import type Stripe from 'stripe'
import { z } from 'zod'
import {
  type Payment,
  type PaymentProvider,
  type ProviderEvent,
  WebhookSignatureError,
} from '../../../core/checkout/payment-provider'
import type { Clock } from '../../../core/clock'
import type { Order } from '../../../core/db/schema'
import { randomBase62 } from '../../../core/ids'
import { maskToken } from '../../../core/redact'
import { storeCurrency } from '../../../shared/money'
import type { Config } from '../../config'
import { loadWhenNeeded } from '../load-when-needed'
import { createStripeMemberships } from './stripe-memberships'

export interface StripeSettings {
  secretKey: string
  webhookSecret: string
  /** Base URL of Stripe's API; unset means Stripe's own. Tests point it at a local stand-in. */
  apiUrl?: string | undefined
}

export interface StripeProviderDeps {
  config: Pick<Config, 'publicUrl'>
  stripe: StripeSettings
  clock: Clock
  /** Retries of a failed API call; the SDK keeps one idempotency key across them. */
  maxNetworkRetries?: number | undefined
  timeoutMs?: number | undefined
}

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

/** Stripe's events whose subject is a membership (stripe-memberships.ts reads them). */
const membershipEvents = new Set([
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
])

/** A session event in subscription mode is a membership's checkout, not an order's. */
function isSubscriptionSession(event: Stripe.Event): boolean {
  const object: unknown = event.data.object
  return (
    typeof object === 'object' &&
    object !== null &&
    'mode' in object &&
    object.mode === 'subscription'
  )
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
const provisionalPrefix = 'pending_'

/** Stripe's SDK, loaded when a store is set up for Stripe: a store on the test checkout never is. */
const loadStripe = () => loadWhenNeeded<typeof Stripe>('stripe')

/**
 * Stripe Checkout, following Stripe's fulfilment guide (docs/product.md, "Payments"): it opens
 * sessions, reads them when the success page polls, refunds, and reads signed webhook events
 * into the store's own words. What the store then does is src/core/checkout/order-payments.ts.
 */
export function createStripeProvider(deps: StripeProviderDeps): PaymentProvider {
  const { config, clock } = deps
  const { webhookSecret } = deps.stripe
  const StripeClient = loadStripe()
  const stripe = new StripeClient(deps.stripe.secretKey, {
    ...apiHostOptions(deps.stripe.apiUrl),
    maxNetworkRetries: deps.maxNetworkRetries ?? 2,
    timeout: deps.timeoutMs ?? 20_000,
  })

  const memberships = createStripeMemberships(stripe, deps)

  const retrieveSession = async (sessionId: string) =>
    CheckoutSessionSchema.parse(await stripe.checkout.sessions.retrieve(sessionId))

  /** A refund of the order's payment: the rest of it, or `cents` of it. */
  async function createRefund(order: Order, cents: number | undefined, idempotencyKey: string) {
    const paymentRef =
      order.payment_ref ?? idOf((await retrieveSession(order.session_id)).payment_intent)
    if (!paymentRef) {
      throw new Error(
        `Stripe has no payment for order ${order.id} (session ${maskToken(order.session_id)}).`,
      )
    }
    const refund = await stripe.refunds.create(
      {
        payment_intent: paymentRef,
        ...(cents === undefined ? {} : { amount: cents }),
        reason: 'requested_by_customer',
        metadata: { order_id: order.id },
      },
      { idempotencyKey },
    )
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new Error(
        `Stripe could not refund order ${order.id} (refund ${refund.id} ${refund.status}).`,
      )
    }
    return { paymentRef, refundedCents: order.refunded_cents + refund.amount }
  }

  return {
    name: 'stripe',
    createMembershipSession: memberships.createMembershipSession,
    refundMembershipPayment: memberships.refundMembershipPayment,
    cancelMembership: memberships.cancelMembership,
    membershipBillingUrl: memberships.membershipBillingUrl,

    newSessionId: () => `${provisionalPrefix}${randomBase62(24)}`,

    isProvisionalSessionId: (sessionId) => sessionId.startsWith(provisionalPrefix),

    async createSession(order) {
      const created = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // Lines as the server priced and stored them, never as the browser sent them.
          line_items: order.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: storeCurrency,
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
      if (!session.url) {
        throw new Error(`Stripe returned session ${maskToken(session.id)} without a url`)
      }
      return { sessionId: session.id, url: session.url }
    },

    async checkPayment(order: Order) {
      // Paid already (the webhook came first, or fulfilment failed half-way): fulfil now.
      if (order.status === 'paid') return { paid: true }
      if (order.status !== 'pending' || order.session_id.startsWith(provisionalPrefix)) {
        return { paid: false }
      }
      const session = await retrieveSession(order.session_id)
      if (!isPaid(session) || orderIdOf(session) !== order.id) return { paid: false }
      return { paid: true, payment: paymentOf(session, clock.now()) }
    },

    async refund(order: Order) {
      // Two refund commands for one order, or a retried request, make one refund.
      return createRefund(order, undefined, `refund-${order.id}`)
    },

    async refundPart(order: Order, part: { cents: number; key: string }) {
      // Each part has its key: a retried request for that part makes one refund.
      return createRefund(order, part.cents, part.key)
    },

    async readWebhook(rawBody, signature): Promise<ProviderEvent> {
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret)
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error))
      }
      if (membershipEvents.has(event.type) || isSubscriptionSession(event)) {
        if (event.type === 'checkout.session.async_payment_succeeded') return { kind: 'ignored' }
        return memberships.readEvent(event)
      }
      if (paymentEvents.has(event.type)) {
        const session = CheckoutSessionSchema.safeParse(event.data.object)
        if (!session.success || !isPaid(session.data)) return { kind: 'ignored' }
        return {
          kind: 'payment',
          sessionId: session.data.id,
          orderId: orderIdOf(session.data),
          payment: paymentOf(session.data, clock.now()),
        }
      }
      if (event.type === 'charge.refunded') {
        // Sent for every refund, partial or full; the charge says the total refunded so far.
        const charge = ChargeSchema.safeParse(event.data.object)
        const paymentRef = charge.success ? idOf(charge.data.payment_intent) : undefined
        if (!charge.success || !paymentRef) return { kind: 'ignored' }
        return {
          kind: 'reversal',
          eventId: event.id,
          report: {
            paymentRef,
            refundedCents: charge.data.amount_refunded,
            fullyRefunded: charge.data.refunded,
          },
        }
      }
      if (event.type === 'charge.dispute.created') {
        const dispute = DisputeSchema.safeParse(event.data.object)
        const paymentRef = dispute.success ? idOf(dispute.data.payment_intent) : undefined
        return paymentRef
          ? { kind: 'reversal', eventId: event.id, report: { paymentRef, disputed: true } }
          : { kind: 'ignored' }
      }
      return { kind: 'ignored' }
    },
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
