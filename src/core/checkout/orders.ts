import { cleanStageName } from '../../shared/fan-words'
import type { Code, Db, Order, OrderLine } from '../db/schema'

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
    /** The "Name on stage" as typed: kept cleaned, and none when it cleans to nothing. */
    stageName?: string | undefined
    /** The buyer's time zone, when their browser told a known one. */
    timeZone?: string | undefined
  },
): Promise<Order> {
  const stageName = cleanStageName(order.stageName ?? '')
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
      stage_name: stageName || null,
      time_zone: knownTimeZone(order.timeZone),
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

/** `zone` when it is a time zone this server knows, else null: a wrong one is dropped, not refused. */
export function knownTimeZone(zone: string | undefined): string | null {
  if (!zone) return null
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
  } catch {
    return null
  }
}
