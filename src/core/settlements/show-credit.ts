import { sql } from 'kysely'
import type { SettlementTerms } from '../../shared/settlements'
import type { Db } from '../db/schema'
import type { SettlementRow } from '../db/settlement-tables'
import {
  type Credit,
  codeValues,
  noCredit,
  type ShowCredit,
  type ShowSplit,
  splitShow,
} from './split'

/** What an order kept of its money: paid, less refunds; nothing once disputed. */
function keptCents(order: {
  status: string
  paid_cents: number | null
  total_cents: number
  refunded_cents: number
}): number {
  if (order.status === 'disputed') return 0
  return Math.max(0, (order.paid_cents ?? order.total_cents) - order.refunded_cents)
}

/**
 * Reads what a show's settlement is made from, as it stands now: the money its orders kept, each
 * redeemed code's value credited to the comic whose set it was granted in (`set_id`; none: the
 * pot), member boosts likewise (those whose period's payment was refunded or disputed count
 * for nothing), and who shares the pot.
 */
export async function readShowCredit(db: Db, showId: string): Promise<ShowCredit> {
  const [orders, codes, members, sets, bill, refundedCodes] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'status', 'paid_cents', 'total_cents', 'refunded_cents', 'lines'])
      .where('show_id', '=', showId)
      .execute(),
    db
      .selectFrom('redemptions as r')
      .leftJoin('sets as s', 's.id', 'r.set_id')
      .select(['r.code', 'r.order_id', 'r.product_id', 'r.boosts', 'r.anonymous', 's.comic_id'])
      .where('r.show_id', '=', showId)
      .orderBy('r.redeemed_at')
      .execute(),
    db
      .selectFrom('member_redemptions as m')
      .leftJoin('sets as s', 's.id', 'm.set_id')
      .select((eb) => [
        'm.boosts',
        'm.anonymous',
        's.comic_id',
        eb
          .exists(
            eb
              .selectFrom('membership_payments as p')
              .select(sql`1`.as('one'))
              .whereRef('p.membership_id', '=', 'm.membership_id')
              .whereRef('p.period_start', '=', 'm.period_start')
              .where((w) =>
                w.or([w('p.refunded_at', 'is not', null), w('p.disputed_at', 'is not', null)]),
              ),
          )
          .as('taken_back'),
      ])
      .where('m.show_id', '=', showId)
      .orderBy('m.redeemed_at')
      .execute(),
    db
      .selectFrom('sets')
      .select(['comic_id'])
      .where('show_id', '=', showId)
      .orderBy('started_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('lineups')
      .select(['comic_id'])
      .where('show_id', '=', showId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('codes as c')
      .innerJoin('orders as o', 'o.id', 'c.order_id')
      .select(['c.code', 'c.order_id', 'c.product_id'])
      .where('o.show_id', '=', showId)
      .where('c.refund_id', 'is not', null)
      .execute(),
  ])

  // A code paid back by a partial refund is worth nothing; what the order kept is shared over
  // the codes it still paid for (decision 046).
  const refunded = new Set(refundedCodes.map((c) => c.code))
  const refundedUnits = (orderId: string, productId: string) =>
    refundedCodes.filter((c) => c.order_id === orderId && c.product_id === productId).length

  const values = new Map(
    orders.map((order) => [
      order.id,
      codeValues(
        keptCents(order),
        keptLines(order.lines, (productId) => refundedUnits(order.id, productId)),
      ),
    ]),
  )
  const onStage = [...new Set(sets.map((s) => s.comic_id))]
  const comics = new Map<string, Credit>(onStage.map((id) => [id, noCredit()]))
  const pot = noCredit()
  const creditOf = (comicId: string | null): Credit => {
    if (comicId === null) return pot
    let credit = comics.get(comicId)
    if (!credit) {
      credit = noCredit()
      comics.set(comicId, credit)
    }
    return credit
  }
  for (const code of codes) {
    const credit = creditOf(code.comic_id)
    credit.codeBoosts += code.boosts
    if (code.anonymous) credit.anonymousBoosts += code.boosts
    if (!refunded.has(code.code)) {
      credit.codeCents += values.get(code.order_id)?.get(code.product_id) ?? 0
    }
  }
  let valuedMemberBoosts = 0
  for (const grant of members) {
    const credit = creditOf(grant.comic_id)
    credit.memberBoosts += grant.boosts
    if (grant.anonymous) credit.anonymousBoosts += grant.boosts
    if (!grant.taken_back) {
      credit.valuedMemberBoosts += grant.boosts
      valuedMemberBoosts += grant.boosts
    }
  }
  return {
    takenCents: orders.reduce((sum, order) => sum + keptCents(order), 0),
    valuedMemberBoosts,
    comics,
    pot,
    sharers: onStage.length > 0 ? onStage : bill.map((place) => place.comic_id),
  }
}

/** An order's lines less the units refunded by partial refunds, each product's taken from its lines in turn. */
function keptLines(
  lines: readonly { productId: string; unitCents: number; quantity: number }[],
  refundedOf: (productId: string) => number,
) {
  const left = new Map<string, number>()
  return lines.map((line) => {
    const refunded = left.get(line.productId) ?? refundedOf(line.productId)
    const taken = Math.min(refunded, line.quantity)
    left.set(line.productId, refunded - taken)
    const quantity = line.quantity - taken
    return { productId: line.productId, listCents: line.unitCents * quantity, quantity }
  })
}

export const termsOf = (row: SettlementRow): SettlementTerms => ({
  sharePercent: row.share_percent,
  memberBoostCents: row.member_boost_cents,
  potRule: row.pot_rule,
})

/** A show's split as it stands now, with `terms`. */
export async function liveSplit(
  db: Db,
  showId: string,
  terms: SettlementTerms,
): Promise<ShowSplit> {
  return splitShow(await readShowCredit(db, showId), terms)
}
