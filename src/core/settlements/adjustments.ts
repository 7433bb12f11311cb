import { sql } from 'kysely'
import type { AdjustmentView } from '../../shared/settlements'
import type { Db, EventRow } from '../db/schema'
import { liveSplit, termsOf } from './show-credit'

/**
 * Changes at closed shows (docs/comics.md, "Settling with the comics"): a closed settlement is
 * never rewritten; what changed since (a refund, a dispute, a member's payment taken back) is its
 * split now, with its own terms, less what was closed and what landed already, and it lands on
 * the next settlement closed.
 */

/** A change waiting to land: by closed show, per comic (null: the club). */
export interface PendingAdjustment {
  fromShowId: string
  comicId: string | null
  cents: number
}

/** What changed at every closed show (but `except`) since it was closed and last adjusted. */
export async function pendingAdjustments(db: Db, except?: string): Promise<PendingAdjustment[]> {
  const closed = await db.selectFrom('settlements').selectAll().orderBy('closed_at').execute()
  const pending: PendingAdjustment[] = []
  for (const settlement of closed) {
    if (settlement.show_id === except) continue
    const [now, lines, landed] = await Promise.all([
      liveSplit(db, settlement.show_id, termsOf(settlement)),
      db
        .selectFrom('settlement_lines')
        .select(['comic_id', 'owed_cents'])
        .where('show_id', '=', settlement.show_id)
        .execute(),
      db
        .selectFrom('settlement_adjustments')
        .select(['comic_id', sql<number>`sum(cents)`.as('cents')])
        .where('from_show_id', '=', settlement.show_id)
        .groupBy('comic_id')
        .execute(),
    ])
    const before = new Map<string | null, number>()
    for (const line of lines) before.set(line.comic_id, line.owed_cents)
    before.set(null, settlement.club_cents)
    for (const row of landed)
      before.set(row.comic_id, (before.get(row.comic_id) ?? 0) + Number(row.cents))
    const after = new Map<string | null, number>()
    for (const line of now.lines) after.set(line.comicId, line.owedCents)
    after.set(null, now.clubCents)
    for (const comicId of new Set([...before.keys(), ...after.keys()])) {
      const cents = (after.get(comicId) ?? 0) - (before.get(comicId) ?? 0)
      if (cents !== 0) pending.push({ fromShowId: settlement.show_id, comicId, cents })
    }
  }
  return pending
}

/** Names for the adjustments' shows and comics. */
export async function adjustmentViews(
  db: Db,
  landing: { id: string; name: string },
  rows: PendingAdjustment[],
): Promise<AdjustmentView[]> {
  if (rows.length === 0) return []
  const showIds = [...new Set(rows.map((r) => r.fromShowId))]
  const comicIds = [...new Set(rows.flatMap((r) => (r.comicId ? [r.comicId] : [])))]
  const [shows, comics] = await Promise.all([
    db.selectFrom('events').select(['id', 'name']).where('id', 'in', showIds).execute(),
    comicIds.length > 0
      ? db.selectFrom('comics').select(['id', 'name']).where('id', 'in', comicIds).execute()
      : [],
  ])
  return rows.map((row) => {
    const comic = comics.find((c) => c.id === row.comicId)
    return {
      showId: landing.id,
      showName: landing.name,
      fromShowId: row.fromShowId,
      fromShowName: shows.find((s) => s.id === row.fromShowId)?.name ?? row.fromShowId,
      comic: comic ? { id: comic.id, name: comic.name } : null,
      cents: row.cents,
    }
  })
}

/** The adjustments landed on the settlement of `showId`. */
export async function landedAdjustments(db: Db, show: EventRow): Promise<AdjustmentView[]> {
  const rows = await db
    .selectFrom('settlement_adjustments')
    .select(['from_show_id', 'comic_id', 'cents'])
    .where('show_id', '=', show.id)
    .orderBy('id')
    .execute()
  return adjustmentViews(
    db,
    show,
    rows.map((r) => ({ fromShowId: r.from_show_id, comicId: r.comic_id, cents: r.cents })),
  )
}
