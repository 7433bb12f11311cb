import type { RefusalAdvice } from '../../shared/answers'
import { limits } from '../../shared/limits'
import type { Db, Order } from '../db/schema'
import { refuse } from '../refusal'
import { refundTexts } from './refund-texts'
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

/**
 * Why a refund is refused, in a sentence, and what would let it go ahead: `force` (past the
 * window, every code used), or `look-again` (the order changed while the operator decided).
 * Each tool words that advice its own way.
 */
export interface RefundRefusal {
  message: string
  advice?: RefusalAdvice
}

/**
 * The operator's refund: checks the order may be refunded (paid, not refunded or disputed yet,
 * within 7 days unless forced), asks the provider, then records it like a reported refund: the
 * order becomes `refunded`, its unredeemed codes void, and the buyer gets a mail. A refund the
 * rules refuse is thrown as an `invalid` Refusal with its advice.
 */
export async function refundOrder(
  deps: { db: Db; payments: Refunder; now: Date },
  orderId: string,
  options: RefundOptions,
): Promise<Order> {
  const { db, payments, now } = deps
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirst()
  if (!order) throw refuse.invalid(refundTexts.noOrder(orderId))
  const refusal = await whyNotRefund(db, order, now, options)
  if (refusal) throw refuse.invalid(refusal.message, { advice: refusal.advice })
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

export interface RefundOptions {
  /** Refund past the refund window, or an order whose codes were all used. */
  force: boolean
  /**
   * How many of the order's codes were redeemed when the operator was asked: if a fan redeemed
   * one since, the operator decided on other facts, and nothing is refunded.
   */
  redeemedWhenAsked?: number | undefined
}

/** How many of an order's codes there are, and how many were redeemed at the show. */
export async function redeemedCodes(
  db: Db,
  orderId: string,
): Promise<{ redeemed: number; total: number }> {
  const codes = await db
    .selectFrom('codes')
    .select('redeemed_at')
    .where('order_id', '=', orderId)
    .execute()
  return { redeemed: codes.filter((code) => code.redeemed_at).length, total: codes.length }
}

/** Every reason an order may not be refunded now (the order's state, then its codes). */
export async function whyNotRefund(
  db: Db,
  order: Order,
  now: Date,
  options: RefundOptions,
): Promise<RefundRefusal | undefined> {
  return (
    refundRefusal(order, now, options) ??
    redeemedRefusal(order, await redeemedCodes(db, order.id), options)
  )
}

function redeemedRefusal(
  order: Order,
  codes: { redeemed: number; total: number },
  options: RefundOptions,
): RefundRefusal | undefined {
  const { redeemed, total } = codes
  if (options.redeemedWhenAsked !== undefined && redeemed !== options.redeemedWhenAsked) {
    return {
      message: refundTexts.changedWhileDeciding(order.id, redeemed, total),
      advice: 'look-again',
    }
  }
  if (!options.force && total > 0 && redeemed === total) {
    return {
      message: refundTexts.allRedeemed(order.id, total),
      advice: 'force',
    }
  }
  return undefined
}

/** Why an order may not be refunded now, or undefined when it may. */
export function refundRefusal(
  order: Order,
  now: Date,
  options: Pick<RefundOptions, 'force'>,
): RefundRefusal | undefined {
  switch (order.status) {
    case 'pending':
    case 'expired':
      return { message: refundTexts.neverPaid(order.id) }
    case 'refunded':
      return { message: refundTexts.refundedAlready(order.id, order.reversed_at) }
    case 'disputed':
      return { message: refundTexts.disputed(order.id) }
  }
  const paidAt = order.paid_at ?? order.created_at
  if (!options.force && now.getTime() - paidAt.getTime() > refundWindowMs) {
    const days = Math.floor((now.getTime() - paidAt.getTime()) / (24 * 60 * 60_000))
    return {
      message: refundTexts.pastWindow(order.id, days, paidAt),
      advice: 'force',
    }
  }
  return undefined
}
