import { sql } from 'kysely'
import { findProduct, type ProductId } from '../../shared/catalogue'
import { codesOfOrders } from '../checkout/orders'
import { type CodeSummary, summarizeCode } from '../codes/code-state'
import type { Code, Db, Order } from '../db/schema'

/** An order as `orders list/show --json` print it: stable field names for scripts. */
export interface OrderSummary {
  id: string
  status: Order['status']
  totalCents: number
  currency: string
  email: string | null
  createdAt: string
  paidAt: string | null
  provider: Order['provider']
  paymentRef: string | null
  paidCents: number | null
  refundedCents: number
  flagReason: string | null
  show: { id: string; name: string | null; startsAt: string | null } | null
  items: { productId: ProductId; name: string; unitCents: number; quantity: number }[]
  codes: CodeSummary[]
}

export function summarizeOrder(order: Order, codes: Code[], now: Date): OrderSummary {
  return {
    id: order.id,
    status: order.status,
    totalCents: order.total_cents,
    currency: 'usd',
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

export interface OrderFilter {
  /** Any capitals: matched without case. */
  email?: string | undefined
  since?: Date | undefined
  showId?: string | undefined
  /** Newest first, at most this many. */
  limit?: number | undefined
}

/** Orders newest first with their codes, for `orders list`. */
export async function listOrders(db: Db, filter: OrderFilter, now: Date): Promise<OrderSummary[]> {
  let query = db.selectFrom('orders').selectAll()
  if (filter.email) query = query.where(sql<string>`lower(email)`, '=', filter.email.toLowerCase())
  if (filter.since) query = query.where('created_at', '>=', filter.since)
  if (filter.showId) query = query.where('show_id', '=', filter.showId)
  const orders = await query
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(filter.limit ?? 1000)
    .execute()
  return withCodes(db, orders, now)
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

/** One product's line of a show report. */
export interface ShowReportLine {
  productId: ProductId
  name: string
  sold: number
  redeemed: number
  anonymous: number
  voided: number
  takenCents: number
  refundedCents: number
}

export interface ShowReport {
  show: { id: string; name: string | null; startsAt: string | null }
  orders: number
  refundedOrders: number
  disputedOrders: number
  lines: ShowReportLine[]
  totals: Omit<ShowReportLine, 'productId' | 'name'>
}

/** The show with the latest start among those that have orders, or undefined. */
export async function latestShowWithOrders(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('show_id')
    .where('show_id', 'is not', null)
    .orderBy('show_starts_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.show_id ?? undefined
}

/**
 * What sold for one show, per product: codes sold, redeemed (and how many as anonymous gifts),
 * voided, and the money taken and refunded. A partial refund is shared out over the order's
 * lines in proportion to their amounts.
 */
export async function showReport(db: Db, showId: string): Promise<ShowReport | undefined> {
  const orders = await db.selectFrom('orders').selectAll().where('show_id', '=', showId).execute()
  if (orders.length === 0) return undefined
  const codes = await codesOfOrders(
    db,
    orders.map((order) => order.id),
  )

  const lines = new Map<ProductId, ShowReportLine>()
  const lineOf = (productId: ProductId, name: string) => {
    let line = lines.get(productId)
    if (!line) {
      line = {
        productId,
        name,
        sold: 0,
        redeemed: 0,
        anonymous: 0,
        voided: 0,
        takenCents: 0,
        refundedCents: 0,
      }
      lines.set(productId, line)
    }
    return line
  }
  for (const order of orders) {
    const amounts = order.lines.map((l) => l.unitCents * l.quantity)
    const refunds = shareOut(order.refunded_cents, amounts)
    order.lines.forEach((l, i) => {
      const line = lineOf(l.productId, findProduct(l.productId)?.name ?? l.name)
      line.takenCents += amounts[i] ?? 0
      line.refundedCents += refunds[i] ?? 0
    })
  }
  for (const code of codes) {
    const line = lineOf(code.product_id, findProduct(code.product_id)?.name ?? code.product_id)
    line.sold += 1
    if (code.redeemed_at) {
      line.redeemed += 1
      if (code.redeemed_anonymously) line.anonymous += 1
    } else if (code.voided_at) {
      line.voided += 1
    }
  }
  const sorted = [...lines.values()].sort((a, b) => a.name.localeCompare(b.name))
  const totals = { sold: 0, redeemed: 0, anonymous: 0, voided: 0, takenCents: 0, refundedCents: 0 }
  for (const line of sorted) {
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += line[key]
  }
  const first = orders[0]
  return {
    show: {
      id: showId,
      name: first?.show_name ?? null,
      startsAt: first?.show_starts_at?.toISOString() ?? null,
    },
    orders: orders.length,
    refundedOrders: orders.filter((o) => o.status === 'refunded').length,
    disputedOrders: orders.filter((o) => o.status === 'disputed').length,
    lines: sorted,
    totals,
  }
}

/** Splits `total` over parts in proportion to `weights`, in whole cents that add up exactly. */
export function shareOut(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (total === 0 || sum === 0) return weights.map(() => 0)
  const shares = weights.map((w) => Math.floor((total * w) / sum))
  const rest = total - shares.reduce((a, b) => a + b, 0)
  if (shares.length > 0) shares[shares.length - 1] = (shares.at(-1) ?? 0) + rest
  return shares
}
