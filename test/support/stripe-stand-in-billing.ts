// The subscriptions half of the local stand-in of Stripe's API.
import {
  eventJson,
  oneMonthAfter,
  randomId,
  stripeError,
  wireInvoice,
  wirePrice,
  wireSubscription,
} from './stripe-stand-in-wire'

/**
 * The subscription half of the Stripe stand-in (stripe-stand-in.ts): subscriptions with their
 * period on the items (API 2025-03-31 and later), invoices with the subscription under `parent`
 * and their payments listed apart, the customer portal, and event payloads of each. Tests move
 * the subscription's life on by hand (renew, fail, fix, switch price), as Stripe's clock would.
 */

export interface StandInSubscription {
  id: string
  customer: string
  email: string
  status: string
  cancelAtPeriodEnd: boolean
  metadata: Record<string, string>
  price: StandInPrice
  periodStart: Date
  periodEnd: Date
}

export interface StandInInvoice {
  id: string
  subscription: string
  billingReason: string
  status: 'paid' | 'open'
  amount: number
  priceId: string
  paymentIntent: string
  periodStart: Date
  periodEnd: Date
  paidAt: Date | null
  /** A switch's proration lines; without them, one line bills the price for the period. */
  prorations?: StandInProration[]
}

/** A proration line: the unused time's credit (negative) or the remaining time's charge. */
export interface StandInProration {
  amount: number
  priceId: string
  periodStart: Date
  periodEnd: Date
}

export interface StandInPrice {
  id: string
  unitAmount: number
  lookupKey: string | null
}

export interface StandInPortalSession {
  id: string
  customer: string
  returnUrl: string
  url: string
}

/** A subscription-mode session's line, as the store priced it. */
export interface SubscriptionCheckout {
  id: string
  email: string | undefined
  unitAmount: number
  metadata: Record<string, string>
  subscriptionMetadata: Record<string, string>
}

export interface StandInBilling {
  subscriptions: Map<string, StandInSubscription>
  invoices: Map<string, StandInInvoice>
  portalSessions: StandInPortalSession[]
  /** The customer pays a subscription session: its subscription and first invoice, paid. */
  startSubscription(checkout: SubscriptionCheckout, at: Date): StandInInvoice
  /** The period ends: the next invoice, paid or (a failing card) open with the subscription past due. */
  renew(subscriptionId: string, options?: { fails?: boolean }): StandInInvoice
  /** The member fixed the card: the open invoice is paid and the subscription active. */
  payInvoice(invoiceId: string, at: Date): StandInInvoice
  /**
   * A switch of price at `at`, as the portal makes it with "Prorate charges and credits" and
   * "Invoice immediately": the period stays, the price changes, and a subscription_update
   * invoice of the unused time's credit and the remaining time's charge is paid at once (a
   * credit larger than the charge leaves nothing to pay).
   */
  switchPrice(subscriptionId: string, unitAmount: number, at: Date): StandInInvoice
  /** Stripe's JSON of an invoice event as it would be sent now. */
  invoicePayload(type: 'invoice.paid' | 'invoice.payment_failed', invoiceId: string): string
  /** Stripe's JSON of a subscription event, carrying the subscription as it is now. */
  subscriptionPayload(
    type: 'customer.subscription.updated' | 'customer.subscription.deleted',
    subscriptionId: string,
  ): string
  /** The amount paid with a payment intent of an invoice, if one was. */
  paidWith(paymentIntent: string): number | undefined
  /** The API calls of this half; undefined when the request is another's. */
  handle(
    method: string,
    url: URL,
    form: URLSearchParams,
  ): { status: number; body: unknown } | undefined
}

export function createStandInBilling(base: () => string): StandInBilling {
  const subscriptions = new Map<string, StandInSubscription>()
  const invoices = new Map<string, StandInInvoice>()
  const portalSessions: StandInPortalSession[] = []
  const prices = new Map<string, StandInPrice>()

  function newPrice(unitAmount: number): StandInPrice {
    const price = { id: `price_${randomId()}`, unitAmount, lookupKey: null }
    prices.set(price.id, price)
    return price
  }

  const subscriptionOf = (id: string) => {
    const found = subscriptions.get(id)
    if (!found) throw new Error(`stand-in: no subscription ${id}`)
    return found
  }

  function invoice(sub: StandInSubscription, reason: string, paid: boolean): StandInInvoice {
    const made: StandInInvoice = {
      id: `in_${randomId()}`,
      subscription: sub.id,
      billingReason: reason,
      status: paid ? 'paid' : 'open',
      amount: sub.price.unitAmount,
      priceId: sub.price.id,
      paymentIntent: `pi_${randomId()}`,
      periodStart: sub.periodStart,
      periodEnd: sub.periodEnd,
      paidAt: paid ? sub.periodStart : null,
    }
    invoices.set(made.id, made)
    return made
  }

  function handle(method: string, url: URL, form: URLSearchParams) {
    const price = /^\/v1\/prices\/([^/]+)$/.exec(url.pathname)
    if (method === 'GET' && price?.[1]) {
      const found = prices.get(decodeURIComponent(price[1]))
      if (!found) return { status: 404, body: stripeError(`No such price: '${price[1]}'`) }
      return { status: 200, body: wirePrice(found) }
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname)
    if (sub?.[1]) {
      const found = subscriptions.get(decodeURIComponent(sub[1]))
      if (!found) return { status: 404, body: stripeError(`No such subscription: '${sub[1]}'`) }
      if (method === 'POST' && form.has('cancel_at_period_end')) {
        found.cancelAtPeriodEnd = form.get('cancel_at_period_end') === 'true'
      }
      if (method === 'DELETE') found.status = 'canceled'
      const expand = [...url.searchParams.values(), ...form.values()].includes('customer')
      return { status: 200, body: wireSubscription(found, expand) }
    }
    if (method === 'GET' && url.pathname === '/v1/invoice_payments') {
      const inv = invoices.get(url.searchParams.get('invoice') ?? '')
      const paid = inv?.status === 'paid' ? [inv] : []
      const data = paid.map((i) => ({
        id: `inpay_${i.id.slice(3)}`,
        object: 'invoice_payment',
        invoice: i.id,
        is_default: true,
        amount_paid: i.amount,
        status: 'paid',
        payment: { type: 'payment_intent', payment_intent: i.paymentIntent },
      }))
      return { status: 200, body: { object: 'list', data, has_more: false, url: url.pathname } }
    }
    if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const customer = form.get('customer') ?? ''
      if (![...subscriptions.values()].some((s) => s.customer === customer)) {
        return { status: 404, body: stripeError(`No such customer: '${customer}'`) }
      }
      const id = `bps_${randomId()}`
      const session = {
        id,
        customer,
        returnUrl: form.get('return_url') ?? '',
        url: `${base()}/p/session/${id}`,
      }
      portalSessions.push(session)
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer,
          return_url: session.returnUrl,
          url: session.url,
        },
      }
    }
    return undefined
  }

  return {
    subscriptions,
    invoices,
    portalSessions,
    startSubscription(checkout, at) {
      const sub: StandInSubscription = {
        id: `sub_${randomId()}`,
        customer: `cus_${randomId()}`,
        email: checkout.email ?? '',
        status: 'active',
        cancelAtPeriodEnd: false,
        metadata: checkout.subscriptionMetadata,
        price: newPrice(checkout.unitAmount),
        periodStart: at,
        periodEnd: oneMonthAfter(at),
      }
      subscriptions.set(sub.id, sub)
      return invoice(sub, 'subscription_create', true)
    },
    renew(subscriptionId, options = {}) {
      const sub = subscriptionOf(subscriptionId)
      sub.periodStart = sub.periodEnd
      sub.periodEnd = oneMonthAfter(sub.periodStart)
      sub.status = options.fails ? 'past_due' : 'active'
      return invoice(sub, 'subscription_cycle', !options.fails)
    },
    payInvoice(invoiceId, at) {
      const inv = invoices.get(invoiceId)
      if (!inv) throw new Error(`stand-in: no invoice ${invoiceId}`)
      inv.status = 'paid'
      inv.paidAt = at
      subscriptionOf(inv.subscription).status = 'active'
      return inv
    },
    switchPrice(subscriptionId, unitAmount, at) {
      const sub = subscriptionOf(subscriptionId)
      const before = sub.price
      sub.price = newPrice(unitAmount)
      const left =
        (sub.periodEnd.getTime() - at.getTime()) /
        (sub.periodEnd.getTime() - sub.periodStart.getTime())
      const rest = { periodStart: at, periodEnd: sub.periodEnd }
      const prorations = [
        { ...rest, amount: -Math.round(before.unitAmount * left), priceId: before.id },
        { ...rest, amount: Math.round(unitAmount * left), priceId: sub.price.id },
      ]
      const total = prorations.reduce((sum, line) => sum + line.amount, 0)
      const made: StandInInvoice = {
        ...invoice(sub, 'subscription_update', true),
        amount: Math.max(0, total),
        periodStart: at,
        paidAt: at,
        prorations,
      }
      invoices.set(made.id, made)
      return made
    },
    invoicePayload(type, invoiceId) {
      const inv = invoices.get(invoiceId)
      if (!inv) throw new Error(`stand-in: no invoice ${invoiceId}`)
      return eventJson(type, wireInvoice(inv, subscriptionOf(inv.subscription)))
    },
    subscriptionPayload(type, subscriptionId) {
      return eventJson(type, wireSubscription(subscriptionOf(subscriptionId), false))
    },
    paidWith(paymentIntent) {
      const inv = [...invoices.values()].find((i) => i.paymentIntent === paymentIntent)
      return inv?.status === 'paid' ? inv.amount : undefined
    },
    handle,
  }
}
