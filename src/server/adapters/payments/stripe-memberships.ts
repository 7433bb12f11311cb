import type Stripe from 'stripe'
import type { ProviderEvent } from '../../../core/checkout/payment-provider'
import type { Clock } from '../../../core/clock'
import type { Membership } from '../../../core/db/membership-tables'
import { randomBase62 } from '../../../core/ids'
import type { MembershipBilling, SubscriptionState } from '../../../core/memberships/billing'
import { findProduct } from '../../../shared/catalogue'
import type { TierId } from '../../../shared/memberships'
import { storeCurrency } from '../../../shared/money'
import { pages } from '../../../shared/pages'
import type { Config } from '../../config'
import {
  InvoiceSchema,
  idOf,
  invoiceParts,
  membership,
  PriceSchema,
  paymentIntentOf,
  type StripeInvoice,
  SubscriptionSchema,
  startedChange,
  stateOf,
  tierOfPrice,
} from './stripe-membership-events'

export interface StripeMembershipDeps {
  config: Pick<Config, 'publicUrl'>
  clock: Clock
}

/** What the Stripe adapter adds for memberships: billing, and reading their webhook events. */
export interface StripeMemberships extends MembershipBilling {
  /** A verified event about a membership in the store's words; `ignored` for anything else. */
  readEvent(event: Stripe.Event): Promise<ProviderEvent>
}

/**
 * Memberships through Stripe Billing: a Checkout Session in subscription mode priced from the
 * catalogue, the customer portal for the member's own changes, refunds and cancellations through
 * the API; events read into core/memberships' calls (docs/decisions/017-memberships.md). The
 * member page is where a failed renewal's mail sends the member to fix the card.
 */
export function createStripeMemberships(
  stripe: Stripe,
  deps: StripeMembershipDeps,
): StripeMemberships {
  const { publicUrl } = deps.config
  const memberPage = `${publicUrl}${pages.membership.path}`

  const subscriptionOf = (membership: Membership): string => {
    if (!membership.provider_subscription) {
      throw new Error(`Membership ${membership.id} has no Stripe subscription.`)
    }
    return membership.provider_subscription
  }

  const retrieve = async (id: string) =>
    SubscriptionSchema.parse(await stripe.subscriptions.retrieve(id, { expand: ['customer'] }))

  const stateAfter = (subscription: unknown): SubscriptionState => {
    const state = stateOf(SubscriptionSchema.parse(subscription))
    if (!state) throw new Error('Stripe answered a subscription whose price is no membership tier.')
    return state
  }

  /** The subscription as Stripe has it now, as a snapshot (never the event's old copy). */
  async function snapshotEvent(
    id: string,
    eventId: string,
    ended: boolean,
  ): Promise<ProviderEvent> {
    const subscription = await retrieve(id)
    const state = stateOf(subscription)
    if (!state) return { kind: 'ignored' }
    const customer = subscription.customer
    const ref = {
      provider: 'stripe' as const,
      subscription: subscription.id,
      customer: idOf(customer) ?? null,
      email: typeof customer === 'string' ? '' : (customer.email ?? ''),
      tier: state.tier,
      eventId,
    }
    // A deleted subscription is a snapshot too (canceled, with its last cancellation flag), so
    // its end and an update told after it agree whatever the order.
    const providerStatus = ended ? 'canceled' : state.providerStatus
    return membership({
      type: 'subscription-updated',
      snapshot: { ...ref, ...state, providerStatus },
    })
  }

  /** The payment an invoice was paid with: in the payload when Stripe includes it, else asked. */
  async function paymentRefOf(invoice: StripeInvoice): Promise<string | null> {
    const inPayload = paymentIntentOf(invoice)
    if (inPayload) return inPayload
    const listed = await stripe.invoicePayments.list({ invoice: invoice.id, status: 'paid' })
    for (const row of listed.data) {
      const intent = idOf(row.payment.payment_intent)
      if (intent) return intent
    }
    return null
  }

  /** The tier a price is for, asked of Stripe (a proration line names its price only). */
  async function tierOfPriceId(id: string): Promise<TierId | undefined> {
    return tierOfPrice(PriceSchema.parse(await stripe.prices.retrieve(id)))
  }

  async function invoiceEvent(event: Stripe.Event, paid: boolean): Promise<ProviderEvent> {
    const invoice = InvoiceSchema.safeParse(event.data.object)
    const parts = invoice.success ? invoiceParts(invoice.data) : undefined
    if (!invoice.success || !parts) return { kind: 'ignored' }
    const { period, price, ...ref } = parts
    const tier = ref.tier ?? (price ? await tierOfPriceId(price) : undefined)
    if (!tier) return { kind: 'ignored' }
    const billingReason = invoice.data.billing_reason ?? 'manual'
    const common = { ...ref, tier, eventId: event.id, billingReason, periodStart: period.start }
    if (!paid) {
      return membership({ type: 'invoice-failed', failure: { ...common, fixCardUrl: memberPage } })
    }
    // An upgrade raises no higher than the subscription is now, read now as snapshots are.
    const current =
      billingReason === 'subscription_update'
        ? stateOf(await retrieve(ref.subscription))
        : undefined
    const paidAt = invoice.data.status_transitions?.paid_at
    return membership({
      type: 'invoice-paid',
      invoice: {
        ...common,
        periodEnd: period.end,
        ...(current ? { subscriptionTier: current.tier } : {}),
        payment: {
          invoiceId: invoice.data.id,
          paymentRef: await paymentRefOf(invoice.data),
          amountCents: invoice.data.amount_paid,
          currency: invoice.data.currency,
          paidAt: paidAt ? new Date(paidAt * 1000) : deps.clock.now(),
        },
      },
    })
  }

  /** Ends the renewals at once; a subscription ended already is left as it is. */
  async function cancelNow(id: string) {
    const current = await retrieve(id)
    if (current.status === 'canceled' || current.status === 'incomplete_expired') return current
    return stripe.subscriptions.cancel(id, {}, { idempotencyKey: `cancel-${id}` })
  }

  return {
    async createMembershipSession({ tier, email }) {
      const product = findProduct(tier)
      if (!product) throw new Error(`No such membership tier: ${tier}`)
      // The store's ids travel on the session and on the subscription, so every event names them.
      const metadata = { tier, membership_ref: `mref_${randomBase62(20)}` }
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [
            {
              quantity: 1,
              // The catalogue's price, never the browser's.
              price_data: {
                currency: storeCurrency,
                unit_amount: product.priceCents,
                recurring: { interval: 'month' },
                product_data: { name: `${product.name} membership`, metadata: { tier } },
              },
            },
          ],
          customer_email: email,
          metadata,
          subscription_data: { metadata },
          success_url: memberPage,
          cancel_url: `${publicUrl}${pages.store.path}`,
        },
        { idempotencyKey: `membership-session-${metadata.membership_ref}` },
      )
      if (!session.url) throw new Error('Stripe returned a membership session without a url')
      return { url: session.url }
    },

    async refundMembershipPayment(member, payment) {
      if (!payment.payment_ref) throw new Error(`Invoice ${payment.id} names no payment.`)
      const refund = await stripe.refunds.create(
        {
          payment_intent: payment.payment_ref,
          reason: 'requested_by_customer',
          metadata: { membership_id: member.id, invoice_id: payment.id },
        },
        { idempotencyKey: `refund-${payment.id}` },
      )
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new Error(
          `Stripe could not refund invoice ${payment.id} (refund ${refund.id} ${refund.status}).`,
        )
      }
      // A refunded membership ends: nothing may bill it again.
      await cancelNow(subscriptionOf(member))
    },

    async cancelMembership(member, when) {
      const id = subscriptionOf(member)
      if (when === 'now') return stateAfter(await cancelNow(id))
      const cancel = when === 'period_end'
      return stateAfter(await stripe.subscriptions.update(id, { cancel_at_period_end: cancel }))
    },

    async membershipBillingUrl(member, returnUrl) {
      if (!member.provider_customer) {
        throw new Error(`Membership ${member.id} has no Stripe customer yet.`)
      }
      const portal = await stripe.billingPortal.sessions.create({
        customer: member.provider_customer,
        return_url: returnUrl,
      })
      return portal.url
    },

    async readEvent(event) {
      switch (event.type) {
        case 'checkout.session.completed':
          return startedChange(event.data.object, event.id)
        case 'invoice.paid':
          return invoiceEvent(event, true)
        case 'invoice.payment_failed':
          return invoiceEvent(event, false)
        case 'customer.subscription.updated':
          return snapshotEvent(event.data.object.id, event.id, false)
        case 'customer.subscription.deleted':
          return snapshotEvent(event.data.object.id, event.id, true)
        default:
          return { kind: 'ignored' }
      }
    },
  }
}
