import type { adjustmentCauses } from '../../shared/comic-statement-api'
import type { StatementAdjustment } from '../../shared/settlements'
import type { ComicRow } from '../db/comic-tables'
import type { Db } from '../db/schema'

/**
 * A comic's adjustments as their statement names them (docs/comics.md, "Your statement, line by
 * line"): the closed show each came from and when, the settlement it counted with, and what
 * happened there.
 */

type AdjustmentCause = (typeof adjustmentCauses)[number]

/**
 * What happened at a closed show since its close that moves money: its orders refunded or
 * disputed, or a member's payment behind a boost given there taken back, as its orders and
 * payments stand now.
 */
async function causesAt(db: Db, showId: string, closedAt: Date): Promise<AdjustmentCause[]> {
  const [orders, members] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['status'])
      .where('show_id', '=', showId)
      .where((eb) => eb.or([eb('status', '=', 'disputed'), eb('refunded_cents', '>', 0)]))
      // Reversed before the close, it was in the closed line already (a partial refund has no time).
      .where((eb) => eb.or([eb('reversed_at', 'is', null), eb('reversed_at', '>', closedAt)]))
      .execute(),
    db
      .selectFrom('member_redemptions as m')
      .innerJoin('membership_payments as p', (join) =>
        join
          .onRef('p.membership_id', '=', 'm.membership_id')
          .onRef('p.period_start', '=', 'm.period_start'),
      )
      .select(['p.refunded_at', 'p.disputed_at'])
      .where('m.show_id', '=', showId)
      .where((eb) =>
        eb.or([eb('p.refunded_at', '>', closedAt), eb('p.disputed_at', '>', closedAt)]),
      )
      .execute(),
  ])
  const causes: AdjustmentCause[] = []
  if (orders.some((o) => o.status !== 'disputed')) causes.push('refund')
  if (orders.some((o) => o.status === 'disputed')) causes.push('dispute')
  if (members.length > 0) causes.push('member-payment')
  return causes
}

/** The adjustments landed for one comic, in the order they landed. */
export async function comicAdjustments(db: Db, comic: ComicRow): Promise<StatementAdjustment[]> {
  const rows = await db
    .selectFrom('settlement_adjustments as a')
    .innerJoin('events as landing', 'landing.id', 'a.show_id')
    .innerJoin('events as source', 'source.id', 'a.from_show_id')
    .innerJoin('settlements as closed', 'closed.show_id', 'a.from_show_id')
    .select([
      'a.show_id',
      'landing.name as landing_name',
      'landing.starts_at as landing_starts',
      'a.from_show_id',
      'source.name as source_name',
      'source.starts_at as source_starts',
      'closed.closed_at as source_closed',
      'a.cents',
    ])
    .where('a.comic_id', '=', comic.id)
    .orderBy('a.id')
    .execute()
  const result: StatementAdjustment[] = []
  for (const row of rows) {
    result.push({
      showId: row.show_id,
      showName: row.landing_name,
      fromShowId: row.from_show_id,
      fromShowName: row.source_name,
      comic: { id: comic.id, name: comic.name },
      cents: row.cents,
      fromShowStartsAt: row.source_starts.toISOString(),
      landedStartsAt: row.landing_starts.toISOString(),
      causes: await causesAt(db, row.from_show_id, row.source_closed),
    })
  }
  return result
}
