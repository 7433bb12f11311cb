// The Checkout Sessions of the local stand-in of Stripe's API.
import { randomId } from './stripe-stand-in-wire'

/** The Checkout Sessions of the Stripe stand-in (stripe-stand-in.ts): made, kept, sent. */

/** One line item as the stand-in understood it from the SDK's form-encoded request. */
export interface StandInLineItem {
  name: string
  currency: string
  unitAmount: number
  quantity: number
  productMetadata: Record<string, string>
  /** `month` for a subscription's price (price_data[recurring][interval]). */
  interval: string | undefined
}

/** A Checkout Session as the stand-in keeps it. `toJSON` gives Stripe's wire shape. */
export interface StandInSession {
  id: string
  mode: string
  status: 'open' | 'complete' | 'expired'
  paymentStatus: 'unpaid' | 'paid' | 'no_payment_required'
  metadata: Record<string, string>
  clientReferenceId: string | undefined
  customerEmail: string | undefined
  successUrl: string
  cancelUrl: string
  lineItems: StandInLineItem[]
  amountTotal: number
  currency: string
  url: string
  /** subscription_data[metadata]: what the subscription it starts carries. */
  subscriptionMetadata: Record<string, string>
  /** Once a subscription-mode session is paid: its subscription and customer. */
  subscription: string | undefined
  customer: string | undefined
}

/** POST /v1/checkout/sessions, read from the SDK's form: the session, or why it is refused. */
export function createSession(form: URLSearchParams, base: string): StandInSession | string {
  const lineItems: StandInLineItem[] = []
  for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
    const field = (name: string) => form.get(`line_items[${i}]${name}`) ?? ''
    const productMetadata: Record<string, string> = {}
    for (const [key, value] of form) {
      const meta = new RegExp(
        `^line_items\\[${i}\\]\\[price_data\\]\\[product_data\\]\\[metadata\\]\\[(.+)\\]$`,
      ).exec(key)
      if (meta?.[1]) productMetadata[meta[1]] = value
    }
    lineItems.push({
      name: field('[price_data][product_data][name]'),
      currency: field('[price_data][currency]'),
      unitAmount: Number(field('[price_data][unit_amount]')),
      quantity: Number(field('[quantity]')),
      productMetadata,
      interval: form.get(`line_items[${i}][price_data][recurring][interval]`) ?? undefined,
    })
  }
  const successUrl = form.get('success_url')
  const cancelUrl = form.get('cancel_url')
  if (lineItems.length === 0) return 'Missing required param: line_items.'
  if (!successUrl || !cancelUrl) return 'Missing required param: success_url or cancel_url.'
  const metadata: Record<string, string> = {}
  const subscriptionMetadata: Record<string, string> = {}
  for (const [key, value] of form) {
    const meta = /^metadata\[(.+)\]$/.exec(key)
    if (meta?.[1]) metadata[meta[1]] = value
    const subMeta = /^subscription_data\[metadata\]\[(.+)\]$/.exec(key)
    if (subMeta?.[1]) subscriptionMetadata[subMeta[1]] = value
  }
  const mode = form.get('mode') ?? ''
  if (mode === 'subscription' && lineItems.some((line) => line.interval === undefined)) {
    return 'A subscription-mode session needs recurring prices.'
  }
  const id = `cs_test_${randomId()}`
  return {
    id,
    mode,
    status: 'open',
    paymentStatus: 'unpaid',
    metadata,
    clientReferenceId: form.get('client_reference_id') ?? undefined,
    customerEmail: form.get('customer_email') ?? undefined,
    successUrl,
    cancelUrl,
    lineItems,
    amountTotal: lineItems.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0),
    currency: lineItems[0]?.currency ?? 'usd',
    url: `${base}/c/pay/${id}`,
    subscriptionMetadata,
    subscription: undefined,
    customer: undefined,
  }
}

/** Stripe's JSON for a Checkout Session (the fields the store reads, and a few it must ignore). */
export function wireSession(session: StandInSession): Record<string, unknown> {
  return {
    id: session.id,
    object: 'checkout.session',
    mode: session.mode,
    status: session.status,
    payment_status: session.paymentStatus,
    metadata: session.metadata,
    client_reference_id: session.clientReferenceId ?? null,
    customer_email: session.customerEmail ?? null,
    customer_details: session.customerEmail ? { email: session.customerEmail } : null,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    amount_total: session.amountTotal,
    currency: session.currency,
    payment_intent:
      session.paymentStatus === 'paid' && session.mode !== 'subscription'
        ? paymentIntentOf(session)
        : null,
    subscription: session.subscription ?? null,
    customer: session.customer ?? null,
    url: session.status === 'open' ? session.url : null,
    livemode: false,
  }
}

/** The payment intent Stripe made for a session (its id follows the session's, for tests). */
export function paymentIntentOf(session: StandInSession): string {
  return `pi_${session.id.slice(8)}`
}
