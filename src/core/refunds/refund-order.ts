import { limits } from '../../shared/limits'
import type { Db, Order } from '../db/schema'
import { recordReversal } from './reversals'

/** The policies' rule (docs/product.md, "Refunds and disputes"): refunds within 7 days of purchase. */
export const refundWindowMs = limits.refundWindowDays * 24 * 60 * 60_000

/** What the provider did when asked for a refund. */
export interface ProviderRefund {
  paymentRef: string
  /** The running total refunded on the payment after this refund. */
  refundedCents: number
}

/** The one thing the operator's refund needs of a payment provider. */
export interface Refunder {
  refund(order: Order): Promise<ProviderRefund>
}

/** A refund the operator cannot make, with the reason in a sentence. */
export class RefundRefused extends Error {}

/**
 * The operator's refund: checks the order may be refunded (paid, not refunded or disputed yet,
 * within 7 days unless forced), asks the provider, then records it like a reported refund: the
 * order becomes `refunded`, its unredeemed codes void, and the buyer gets a mail.
 */
export async function refundOrder(
  deps: { db: Db; payments: Refunder; now: Date },
  orderId: string,
  options: { force: boolean },
): Promise<Order> {
  const { db, payments, now } = deps
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirst()
  const refusal = order ? refundRefusal(order, now, options) : `There is no order ${orderId}.`
  if (refusal || !order) throw new RefundRefused(refusal)
  const refund = await payments.refund(order)
  await recordReversal(
    db,
    { paymentRef: refund.paymentRef, refundedCents: refund.refundedCents, fullyRefunded: true },
    now,
  )
  return (
    (await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst()) ??
    order
  )
}

/** Why an order may not be refunded now, or undefined when it may. */
export function refundRefusal(
  order: Order,
  now: Date,
  options: { force: boolean },
): string | undefined {
  switch (order.status) {
    case 'pending':
    case 'expired':
      return `Order ${order.id} was never paid: there is nothing to refund.`
    case 'refunded':
      return `Order ${order.id} was refunded already (${order.reversed_at?.toISOString() ?? 'earlier'}): it cannot be refunded twice.`
    case 'disputed':
      return `Order ${order.id} is disputed: the bank holds the money. Answer the dispute in the Stripe dashboard instead.`
  }
  const paidAt = order.paid_at ?? order.created_at
  if (!options.force && now.getTime() - paidAt.getTime() > refundWindowMs) {
    const days = Math.floor((now.getTime() - paidAt.getTime()) / (24 * 60 * 60_000))
    return `Order ${order.id} was paid ${days} days ago (${paidAt.toISOString()}); the policy allows refunds within ${limits.refundWindowDays} days. Add --force to refund it anyway.`
  }
  return undefined
}
