import { randomInt } from 'node:crypto'
import type { Db } from '../db/database'
import type { Code, Order, OrderLine } from '../db/schema'

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A random base62 string from a cryptographic source, for ids nobody should guess. */
export function randomBase62(length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += base62[randomInt(base62.length)]
  return out
}

export function newOrderId(): string {
  return `ord_${randomBase62(20)}`
}

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
  return db.selectFrom('codes').selectAll().where('order_id', '=', orderId).orderBy('seq').execute()
}

/**
 * Records that the provider took the money. Only a pending order moves, in one statement, so a
 * double submit or a second webhook delivery pays nothing twice. An order expired unpaid moves
 * too: money that arrives late still buys the codes. Returns the order when this call was the
 * one that paid it.
 */
export async function markOrderPaid(
  db: Db,
  sessionId: string,
  paidAt: Date,
): Promise<Order | undefined> {
  return db
    .updateTable('orders')
    .set({ status: 'paid', paid_at: paidAt })
    .where('session_id', '=', sessionId)
    .where('status', 'in', ['pending', 'expired'])
    .returningAll()
    .executeTakeFirst()
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
