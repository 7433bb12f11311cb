// Stripe's wire shapes and the HTTP plumbing of the local stand-in of its API.
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { StandInInvoice, StandInPrice, StandInSubscription } from './stripe-stand-in-billing'
import type { StandInRefund } from './stripe-stand-in-refunds'

/** Stripe's wire shapes and the HTTP plumbing of the stand-in (stripe-stand-in.ts). */

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

export function oneMonthAfter(date: Date): Date {
  const next = new Date(date)
  next.setUTCMonth(next.getUTCMonth() + 1)
  return next
}

/** Stripe's JSON of a subscription (its period on the items, API 2025-03-31 and later). */
export function wireSubscription(sub: StandInSubscription, expandCustomer: boolean) {
  return {
    id: sub.id,
    object: 'subscription',
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    cancel_at: sub.cancelAtPeriodEnd ? seconds(sub.periodEnd) : null,
    customer: expandCustomer
      ? { id: sub.customer, object: 'customer', email: sub.email }
      : sub.customer,
    metadata: sub.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${sub.id.slice(4)}`,
          object: 'subscription_item',
          current_period_start: seconds(sub.periodStart),
          current_period_end: seconds(sub.periodEnd),
          price: wirePrice(sub.price),
          quantity: 1,
        },
      ],
    },
    livemode: false,
  }
}

/** Stripe's JSON of an invoice: the subscription under `parent`, the period on the line. */
export function wireInvoice(inv: StandInInvoice, sub: StandInSubscription) {
  return {
    id: inv.id,
    object: 'invoice',
    billing_reason: inv.billingReason,
    customer: sub.customer,
    customer_email: sub.email,
    amount_due: inv.amount,
    amount_paid: inv.status === 'paid' ? inv.amount : 0,
    currency: 'usd',
    status: inv.status,
    status_transitions: { paid_at: inv.paidAt ? seconds(inv.paidAt) : null },
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: sub.id, metadata: sub.metadata },
    },
    lines: {
      object: 'list',
      data: (
        inv.prorations ?? [
          {
            amount: inv.amount,
            priceId: inv.priceId,
            periodStart: inv.periodStart,
            periodEnd: inv.periodEnd,
          },
        ]
      ).map((line) => wireLine(line, sub, inv.prorations !== undefined)),
    },
    livemode: false,
  }
}

/** One invoice line: a proration's unit amount is its prorated amount, as Stripe's are. */
function wireLine(
  line: { amount: number; priceId: string; periodStart: Date; periodEnd: Date },
  sub: StandInSubscription,
  proration: boolean,
) {
  return {
    id: `il_${randomId()}`,
    object: 'line_item',
    amount: line.amount,
    currency: 'usd',
    quantity: 1,
    metadata: {},
    period: { start: seconds(line.periodStart), end: seconds(line.periodEnd) },
    pricing: {
      type: 'price_details',
      price_details: { price: line.priceId, product: 'prod_standin' },
      unit_amount_decimal: String(line.amount),
    },
    parent: {
      type: 'subscription_item_details',
      subscription_item_details: {
        proration,
        subscription: sub.id,
        subscription_item: `si_${sub.id.slice(4)}`,
        invoice_item: null,
      },
    },
  }
}

/** Stripe's JSON of a monthly price. */
export function wirePrice(price: StandInPrice) {
  return {
    id: price.id,
    object: 'price',
    unit_amount: price.unitAmount,
    lookup_key: price.lookupKey,
    metadata: {},
    currency: 'usd',
    recurring: { interval: 'month' },
  }
}

export function wireRefund(refund: StandInRefund): Record<string, unknown> {
  return {
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    currency: 'usd',
    payment_intent: refund.paymentIntent,
    reason: refund.reason ?? null,
    status: 'succeeded',
  }
}

/** A webhook event's JSON, as Stripe signs and sends it. */
export function eventJson(type: string, object: Record<string, unknown>): string {
  return JSON.stringify({
    id: `evt_${randomId()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object },
  })
}

export function stripeError(message: string, type = 'invalid_request_error', code?: string) {
  return { error: { type, message, ...(code ? { code } : {}) } }
}

export function randomId(): string {
  return randomBytes(12).toString('hex')
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}
