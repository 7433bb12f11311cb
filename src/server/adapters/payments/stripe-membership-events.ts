import { z } from 'zod'
import type { ProviderEvent } from '../../../core/checkout/payment-provider'
import type { SubscriptionState } from '../../../core/memberships/billing'
import type { MembershipProviderChange } from '../../../core/memberships/membership-changes'
import type { SubscriptionRef } from '../../../core/memberships/provider-events'
import { findProduct } from '../../../shared/catalogue'
import { isTierId, type TierId, tierIds } from '../../../shared/memberships'

/**
 * Stripe's membership events read into core/memberships' calls: the shapes of API 2025-03-31 and
 * later (the period on the subscription's items, the invoice's subscription under `parent`, its
 * payments under `payments`), parsed rather than trusted.
 */

const IdRef = z.union([z.string(), z.object({ id: z.string() })])
const Metadata = z.record(z.string(), z.string()).nullish()

/** An expandable reference: Stripe sends the id, or the whole object when it was expanded. */
export function idOf(ref: string | { id: string } | null | undefined): string | undefined {
  return typeof ref === 'string' ? ref : ref?.id
}

export const PriceSchema = z.object({
  id: z.string(),
  unit_amount: z.number().int().nullish(),
  lookup_key: z.string().nullish(),
  metadata: Metadata,
})

export const SubscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  cancel_at: z.number().nullish(),
  customer: z.union([z.string(), z.object({ id: z.string(), email: z.string().nullish() })]),
  metadata: Metadata,
  items: z.object({
    data: z
      .array(
        z.object({
          current_period_start: z.number(),
          current_period_end: z.number(),
          price: PriceSchema,
        }),
      )
      .min(1),
  }),
})
export type StripeSubscription = z.infer<typeof SubscriptionSchema>

const SessionSchema = z.object({
  id: z.string(),
  mode: z.string().nullish(),
  subscription: IdRef.nullish(),
  customer: IdRef.nullish(),
  customer_email: z.string().nullish(),
  customer_details: z.object({ email: z.string().nullish() }).nullish(),
  metadata: Metadata,
})

const Proration = z.object({ proration: z.boolean() }).nullish()

const LineSchema = z.object({
  amount: z.number().int(),
  quantity: z.number().int().nullish(),
  metadata: Metadata,
  period: z.object({ start: z.number(), end: z.number() }),
  pricing: z
    .object({
      unit_amount_decimal: z.union([z.string(), z.number()]).nullish(),
      price_details: z.object({ price: IdRef.nullish() }).nullish(),
    })
    .nullish(),
  parent: z
    .object({ subscription_item_details: Proration, invoice_item_details: Proration })
    .nullish(),
})
type StripeLine = z.infer<typeof LineSchema>

export const InvoiceSchema = z.object({
  id: z.string(),
  billing_reason: z.string().nullish(),
  customer: IdRef.nullish(),
  customer_email: z.string().nullish(),
  amount_paid: z.number().int(),
  currency: z.string(),
  status_transitions: z.object({ paid_at: z.number().nullish() }).nullish(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: IdRef, metadata: Metadata }).nullish(),
    })
    .nullish(),
  lines: z.object({ data: z.array(LineSchema) }),
  payments: z
    .object({
      data: z.array(z.object({ payment: z.object({ payment_intent: IdRef.nullish() }) })),
    })
    .nullish(),
})
export type StripeInvoice = z.infer<typeof InvoiceSchema>

/** The tier a monthly price is for: named in its metadata or lookup key, else by its amount. */
export function tierOfPrice(price: z.infer<typeof PriceSchema>): TierId | undefined {
  const named = price.metadata?.tier ?? price.lookup_key ?? ''
  if (isTierId(named)) return named
  return price.unit_amount == null ? undefined : tierOfAmount(price.unit_amount)
}

function tierOfAmount(cents: number): TierId | undefined {
  return tierIds.find((tier) => findProduct(tier)?.priceCents === cents)
}

function tierOfMetadata(metadata: Record<string, string> | null | undefined): TierId | undefined {
  const tier = metadata?.tier ?? ''
  return isTierId(tier) ? tier : undefined
}

const toDate = (seconds: number) => new Date(seconds * 1000)

/** The subscription in the store's words: its tier now, status, cancellation and period. */
export function stateOf(subscription: StripeSubscription): SubscriptionState | undefined {
  const [item] = subscription.items.data
  const tier = (item && tierOfPrice(item.price)) ?? tierOfMetadata(subscription.metadata)
  if (!item || !tier) return undefined
  return {
    tier,
    // The portal may cancel by a date (cancel_at) rather than the flag.
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at != null,
    providerStatus: subscription.status,
    periodStart: toDate(item.current_period_start),
    periodEnd: toDate(item.current_period_end),
  }
}

/** checkout.session.completed in subscription mode: the membership starts (incomplete). */
export function startedChange(object: unknown, eventId: string): ProviderEvent {
  const session = SessionSchema.safeParse(object)
  if (!session.success || session.data.mode !== 'subscription') return { kind: 'ignored' }
  const subscription = idOf(session.data.subscription)
  const tier = tierOfMetadata(session.data.metadata)
  if (!subscription || !tier) return { kind: 'ignored' }
  const email = session.data.customer_details?.email ?? session.data.customer_email ?? ''
  const ref = { provider: 'stripe' as const, subscription, tier, email }
  return membership({
    type: 'started',
    event: { ...ref, customer: idOf(session.data.customer) ?? null, eventId },
  })
}

/** What an invoice says: its subscription, the tier billed and the time it pays for. */
export interface InvoiceParts extends Omit<SubscriptionRef, 'tier'> {
  /** The tier billed; undefined when only the price (`price`, Stripe's id) can say it. */
  tier: TierId | undefined
  price: string | undefined
  period: { start: Date; end: Date }
}

const isProration = (line: StripeLine) =>
  line.parent?.subscription_item_details?.proration === true ||
  line.parent?.invoice_item_details?.proration === true

/**
 * The line that bills the subscription's price and what it says. An upgrade's invoice
 * (subscription_update, "Invoice immediately") has proration lines only: the unused time's
 * credit and the remaining time's charge at the new price, the larger; its amount is prorated,
 * so the new tier is read from its price.
 */
export function invoiceParts(invoice: StripeInvoice): InvoiceParts | undefined {
  const details = invoice.parent?.subscription_details
  const subscription = idOf(details?.subscription)
  const lines = invoice.lines.data
  const line =
    lines.find((l) => l.parent?.subscription_item_details?.proration === false) ??
    lines.find((l) => !isProration(l)) ??
    lines.toSorted((a, b) => b.amount - a.amount)[0]
  if (!subscription || !line) return undefined
  return {
    provider: 'stripe',
    subscription,
    customer: idOf(invoice.customer) ?? null,
    email: invoice.customer_email ?? '',
    tier: isProration(line) ? undefined : tierOfLine(line, details?.metadata),
    price: idOf(line.pricing?.price_details?.price),
    period: { start: toDate(line.period.start), end: toDate(line.period.end) },
  }
}

/** The tier a line billing a whole month is for: its amount, else the metadata naming it. */
function tierOfLine(
  line: StripeLine,
  subscriptionMetadata: Record<string, string> | null | undefined,
) {
  const unit = Number(line.pricing?.unit_amount_decimal ?? line.amount / (line.quantity || 1))
  // The price billed says the tier paid for, so an invoice after a switch reports the new one.
  return tierOfAmount(unit) ?? tierOfMetadata(line.metadata) ?? tierOfMetadata(subscriptionMetadata)
}

/** The invoice's payment intent, when the payload carries its payments. */
export function paymentIntentOf(invoice: StripeInvoice): string | undefined {
  for (const row of invoice.payments?.data ?? []) {
    const intent = idOf(row.payment.payment_intent)
    if (intent) return intent
  }
  return undefined
}

export function membership(change: MembershipProviderChange): ProviderEvent {
  return { kind: 'membership', change }
}
