import { sql } from 'kysely'
import { normalizeCode } from '../../shared/code-format'
import { storeCurrency } from '../../shared/money'
import type { OrderSummary, Page } from '../../shared/operator-views'
import { codesOfOrders } from '../checkout/orders'
import { summarizeCode } from '../codes/code-state'
import { type Code, type Db, escapeLike, type Order, toCount } from '../db/schema'

export function summarizeOrder(order: Order, codes: Code[], now: Date): OrderSummary {
  return {
    id: order.id,
    status: order.status,
    totalCents: order.total_cents,
    currency: storeCurrency,
    email: order.email,
    createdAt: order.created_at.toISOString(),
    paidAt: order.paid_at?.toISOString() ?? null,
    provider: order.provider,
    paymentRef: order.payment_ref,
    paidCents: order.paid_cents,
    refundedCents: order.refunded_cents,
    flagReason: order.flag_reason,
    show: order.show_id
      ? {
          id: order.show_id,
          name: order.show_name,
          startsAt: order.show_starts_at?.toISOString() ?? null,
        }
      : null,
    items: order.lines.map((line) => ({ ...line })),
    codes: codes.map((code) => summarizeCode(code, now)),
  }
}

/** Orders that need the operator: see OrderFilter.attention. */
const attentionStatuses = ['flagged', 'disputed', 'paid'] as const

/** A checkout still unpaid this long after it was opened was left, not paid: the console hides it. */
export const abandonedAfterMs = 60 * 60_000

export interface OrderFilter {
  /**
   * What the console's search box holds: an order id, a code (any spelling the kiosk reads), an
   * address, or part of an address or id.
   */
  search?: string | undefined
  /** Any capitals: matched without case. */
  email?: string | undefined
  since?: Date | undefined
  showId?: string | undefined
  /** Leave out checkouts abandoned unpaid: expired, or pending for over abandonedAfterMs. */
  hideAbandoned?: boolean | undefined
  /**
   * Only orders the operator should look at: flagged (paid, but not what was ordered), disputed
   * (the bank holds the money), and paid without codes yet. None of them shows in a show report
   * as money taken.
   */
  attention?: boolean | undefined
  /** Newest first, this page of this many (1 and 1000 unless said). */
  page?: number | undefined
  pageSize?: number | undefined
}

/** Orders newest first with their codes, a page at a time: `orders list` and the console. */
export async function listOrders(
  db: Db,
  filter: OrderFilter,
  now: Date,
): Promise<Page<OrderSummary>> {
  let query = db.selectFrom('orders')
  if (filter.email) query = query.where(sql<string>`lower(email)`, '=', filter.email.toLowerCase())
  if (filter.since) query = query.where('created_at', '>=', filter.since)
  if (filter.showId) query = query.where('show_id', '=', filter.showId)
  if (filter.attention) query = query.where('status', 'in', attentionStatuses)
  if (filter.hideAbandoned) {
    const openedSince = new Date(now.getTime() - abandonedAfterMs)
    query = query.where((eb) =>
      eb.or([
        eb('status', 'not in', ['pending', 'expired']),
        eb.and([eb('status', '=', 'pending'), eb('created_at', '>=', openedSince)]),
      ]),
    )
  }
  const search = filter.search?.trim()
  if (search) {
    const code = normalizeCode(search)
    const like = `%${escapeLike(search.toLowerCase())}%`
    query = query.where((eb) =>
      eb.or([
        eb('id', '=', search),
        eb(sql<string>`lower(email)`, 'like', like),
        eb(sql<string>`lower(id)`, 'like', like),
        ...(code.ok
          ? [
              eb(
                'id',
                'in',
                eb.selectFrom('codes').select('order_id').where('code', '=', code.code),
              ),
            ]
          : []),
      ]),
    )
  }
  const page = filter.page ?? 1
  const pageSize = filter.pageSize ?? 1000
  const [orders, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ])
  return { items: await withCodes(db, orders, now), total: toCount(count?.n), page, pageSize }
}

export async function findOrderSummary(
  db: Db,
  orderId: string,
  now: Date,
): Promise<OrderSummary | undefined> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirst()
  if (!order) return undefined
  const [summary] = await withCodes(db, [order], now)
  return summary
}

async function withCodes(db: Db, orders: Order[], now: Date): Promise<OrderSummary[]> {
  const codes = await codesOfOrders(
    db,
    orders.map((order) => order.id),
  )
  const byOrder = new Map<string, Code[]>()
  for (const code of codes) {
    const list = byOrder.get(code.order_id)
    if (list) list.push(code)
    else byOrder.set(code.order_id, [code])
  }
  return orders.map((order) => summarizeOrder(order, byOrder.get(order.id) ?? [], now))
}
