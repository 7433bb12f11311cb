import type { Code, Db, Order, OrderLine } from '../db/schema'
import { applyReversals } from '../refunds/reversals'

export async function insertOrder(
  db: Db,
  order: {
    id: string
    sessionId: string
    provider: Order['provider']
    email: string | undefined
    lines: OrderLine[]
    totalCents: number
    createdAt: Date
  },
): Promise<Order> {
  return db
    .insertInto('orders')
    .values({
      id: order.id,
      session_id: order.sessionId,
      provider: order.provider,
      status: 'pending',
      email: order.email ?? null,
      lines: JSON.stringify(order.lines),
      total_cents: order.totalCents,
      created_at: order.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function findOrderBySession(db: Db, sessionId: string): Promise<Order | undefined> {
  return db.selectFrom('orders').selectAll().where('session_id', '=', sessionId).executeTakeFirst()
}

/** The codes of an order in the order they were made. */
export async function findOrderCodes(db: Db, orderId: string): Promise<Code[]> {
  return codesOfOrders(db, [orderId])
}

/** What the payment provider says was paid for a checkout. */
export interface Payment {
  at: Date
  /** The provider's payment reference: refunds and disputes name it. */
  ref: string
  /** The amount taken, in cents, and its currency as the provider writes it ("usd"). */
  amountCents: number
  currency: string
}

/** Every price in the catalogue is in US dollars. */
export const storeCurrency = 'usd'

/**
 * Why a payment does not pay for its order (another amount or currency than the order's), or
 * undefined when it does. Such an order is flagged, never fulfilled: the operator looks at it.
 */
export function paymentMismatch(
  order: Pick<Order, 'total_cents'>,
  payment: Pick<Payment, 'amountCents' | 'currency'>,
): string | undefined {
  const currency = payment.currency.toLowerCase()
  if (payment.amountCents === order.total_cents && currency === storeCurrency) return undefined
  return `the provider took ${formatAmount(payment.amountCents, currency)}, the order is ${formatAmount(order.total_cents, storeCurrency)}`
}

function formatAmount(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`
}

/** The codes of several orders, each order's in the order they were made. */
export async function codesOfOrders(db: Db, orderIds: readonly string[]): Promise<Code[]> {
  if (orderIds.length === 0) return []
  return db
    .selectFrom('codes')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('seq')
    .execute()
}

/**
 * Records that the provider took the money. Only a pending order moves, in one statement, so a
 * double submit or a second webhook delivery pays nothing twice. An order expired unpaid moves
 * too: money that arrives late still buys the codes. A payment that does not match the order
 * flags it instead (status `flagged`, with the reason). A refund or dispute that arrived before
 * the payment was known is applied now. Returns the order when this call was the one that moved it.
 */
export async function markOrderPaid(
  db: Db,
  sessionId: string,
  payment: Payment,
): Promise<Order | undefined> {
  const order = await findOrderBySession(db, sessionId)
  if (!order || (order.status !== 'pending' && order.status !== 'expired')) return undefined
  const mismatch = paymentMismatch(order, payment)
  const moved = await db
    .updateTable('orders')
    .set({
      status: mismatch ? 'flagged' : 'paid',
      paid_at: payment.at,
      payment_ref: payment.ref,
      paid_cents: payment.amountCents,
      paid_currency: payment.currency.toLowerCase(),
      flag_reason: mismatch ?? null,
    })
    .where('id', '=', order.id)
    .where('status', 'in', ['pending', 'expired'])
    .returningAll()
    .executeTakeFirst()
  if (moved) await applyReversals(db, payment.ref, payment.at)
  return moved
}

/** A checkout left unpaid this long is over: Stripe's own sessions expire within a day. */
export const pendingOrderLifetimeMs = 24 * 60 * 60_000

/** Marks checkouts left unpaid for a day `expired`; returns how many. Run at start and hourly. */
export async function expireUnpaidOrders(db: Db, now: Date): Promise<number> {
  const expired = await db
    .updateTable('orders')
    .set({ status: 'expired' })
    .where('status', '=', 'pending')
    .where('created_at', '<', new Date(now.getTime() - pendingOrderLifetimeMs))
    .returning('id')
    .execute()
  return expired.length
}
