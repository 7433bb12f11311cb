import { findProduct, type ProductId } from '../../shared/catalogue'
import type {
  BoostsPoint,
  Page,
  ReportRow,
  ShowReport,
  ShowReportLine,
} from '../../shared/operator-views'
import { showTimeZone, zonedParts } from '../../shared/show-time'
import { codesOfOrders } from '../checkout/orders'
import { type Code, type Db, type Order, toCount } from '../db/schema'
import { boostsOfShow, boostsOfShows } from './show-boosts'

type Counts = Omit<ShowReportLine, 'productId' | 'name'>

/** Every count of a report line at zero: a new line's, and the totals' before the sum. */
function noCounts(): Counts {
  return {
    sold: 0,
    redeemed: 0,
    anonymous: 0,
    voided: 0,
    takenCents: 0,
    refundedCents: 0,
    disputedCents: 0,
  }
}

/**
 * What a set of orders sold, per product: codes sold, redeemed (and how many as anonymous gifts),
 * voided, and the money taken, refunded and disputed. A partial refund is shared out over the
 * order's lines in proportion to their amounts.
 */
function summarize(
  orders: Order[],
  codes: Code[],
): Omit<ShowReport, 'show' | 'memberBoosts' | 'memberGifts' | 'boosts'> {
  const lines = new Map<ProductId, ShowReportLine>()
  const lineOf = (productId: ProductId, name: string) => {
    let line = lines.get(productId)
    if (!line) {
      line = { productId, name, ...noCounts() }
      lines.set(productId, line)
    }
    return line
  }
  for (const order of orders) {
    const amounts = order.lines.map((l) => l.unitCents * l.quantity)
    const refunds = shareOut(order.refunded_cents, amounts)
    order.lines.forEach((l, i) => {
      const line = lineOf(l.productId, findProduct(l.productId)?.name ?? l.name)
      if (order.status === 'disputed') line.disputedCents += amounts[i] ?? 0
      else line.takenCents += amounts[i] ?? 0
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
  const totals = noCounts()
  for (const line of sorted) {
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += line[key]
  }
  return {
    orders: orders.length,
    refundedOrders: orders.filter((o) => o.status === 'refunded').length,
    disputedOrders: orders.filter((o) => o.status === 'disputed').length,
    lines: sorted,
    totals,
  }
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
 * What sold for one show, per product (see summarize), and what member codes gave there apart;
 * undefined when it has no orders.
 */
export async function showReport(db: Db, showId: string): Promise<ShowReport | undefined> {
  const orders = await db.selectFrom('orders').selectAll().where('show_id', '=', showId).execute()
  if (orders.length === 0) return undefined
  const codes = await codesOfOrders(
    db,
    orders.map((order) => order.id),
  )
  const members = await db
    .selectFrom('member_redemptions')
    .select((eb) => eb.fn.countAll<number>().as('gifts'))
    .where('show_id', '=', showId)
    .executeTakeFirst()
  const boosts = await boostsOfShow(db, showId)
  const first = orders[0]
  return {
    show: {
      id: showId,
      name: first?.show_name ?? null,
      startsAt: first?.show_starts_at?.toISOString() ?? null,
    },
    ...summarize(orders, codes),
    memberBoosts: boosts.memberBoosts,
    boosts: boosts.boosts,
    memberGifts: toCount(members?.gifts),
  }
}

/** A report's totals as one row of a table by show or by month. */
function toRow(
  key: string,
  label: string,
  startsAt: string | null,
  orders: Order[],
  codes: Code[],
): ReportRow {
  const { totals, orders: count, refundedOrders, disputedOrders } = summarize(orders, codes)
  return { key, label, startsAt, orders: count, refundedOrders, disputedOrders, ...totals }
}

/** The orders of `showIds` (or of shows starting since `since`) with their codes, grouped. */
async function ordersByShow(db: Db, filter: { showIds?: string[]; since?: Date }) {
  let query = db.selectFrom('orders').selectAll().where('show_id', 'is not', null)
  if (filter.showIds) query = query.where('show_id', 'in', filter.showIds)
  if (filter.since) query = query.where('show_starts_at', '>=', filter.since)
  const orders = await query.orderBy('show_starts_at', 'desc').orderBy('id').execute()
  const codes = await codesOfOrders(
    db,
    orders.map((order) => order.id),
  )
  const codesOf = new Map<string, Code[]>()
  for (const code of codes)
    codesOf.set(code.order_id, [...(codesOf.get(code.order_id) ?? []), code])
  return { orders, codesOf: (order: Order) => codesOf.get(order.id) ?? [] }
}

/** One row per show that has orders, latest show first, a page at a time. */
export async function reportByShow(
  db: Db,
  page: { page: number; pageSize: number },
): Promise<Page<ReportRow>> {
  const shows = db
    .selectFrom('orders')
    .where('show_id', 'is not', null)
    .select('show_id')
    .groupBy('show_id')
  const [ids, count] = await Promise.all([
    shows
      .select((eb) => eb.fn.max('show_starts_at').as('starts'))
      .orderBy('starts', 'desc')
      .orderBy('show_id')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    db
      .selectFrom(shows.as('s'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ])
  const showIds = ids.flatMap((row) => (row.show_id ? [row.show_id] : []))
  const { orders, codesOf } =
    showIds.length > 0
      ? await ordersByShow(db, { showIds })
      : { orders: [], codesOf: () => [] as Code[] }
  const items = showIds.map((id) => {
    const own = orders.filter((order) => order.show_id === id)
    const first = own[0]
    return toRow(
      id,
      first?.show_name ?? id,
      first?.show_starts_at?.toISOString() ?? null,
      own,
      own.flatMap(codesOf),
    )
  })
  return { items, total: toCount(count?.n), page: page.page, pageSize: page.pageSize }
}

/** One row per month (of the show's start, Central time) of the last 24, latest first. */
export async function reportByMonth(db: Db, now: Date): Promise<ReportRow[]> {
  const since = new Date(now.getTime() - 731 * 24 * 60 * 60_000)
  const { orders, codesOf } = await ordersByShow(db, { since })
  const months = new Map<string, Order[]>()
  for (const order of orders) {
    if (!order.show_starts_at) continue
    const { year, month } = zonedParts(order.show_starts_at)
    const key = `${year}-${String(month).padStart(2, '0')}`
    months.set(key, [...(months.get(key) ?? []), order])
  }
  return [...months.entries()].map(([key, own]) => {
    const [year = 0, month = 1] = key.split('-').map(Number)
    const label = new Date(Date.UTC(year, month - 1, 15)).toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: showTimeZone,
    })
    return toRow(key, label, null, own, own.flatMap(codesOf))
  })
}

/**
 * Boosts redeemed per show, for every show (not removed) that started in the last `months`
 * months until now, oldest first; a show without a gift counts 0.
 */
export async function boostsPerShow(db: Db, now: Date, months: number): Promise<BoostsPoint[]> {
  const since = new Date(now.getTime() - months * 30.5 * 24 * 60 * 60_000)
  const shows = await db
    .selectFrom('events')
    .select(['id', 'name', 'starts_at'])
    .where('removed_at', 'is', null)
    .where('starts_at', '>=', since)
    .where('starts_at', '<=', now)
    .orderBy('starts_at')
    .execute()
  const boosts = await boostsOfShows(
    db,
    shows.map((show) => show.id),
  )
  return shows.map((show) => ({
    showId: show.id,
    name: show.name,
    startsAt: show.starts_at.toISOString(),
    ...(boosts.get(show.id) ?? { boosts: 0, codeBoosts: 0, memberBoosts: 0 }),
  }))
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
