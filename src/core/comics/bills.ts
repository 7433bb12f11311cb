import { comicPath } from '../../shared/comics'
import type { ScheduleComic } from '../../shared/schedule'
import type { Db } from '../db/schema'

/**
 * The bills fans see (docs/comics.md, "What fans see"): each show's comics in running order,
 * with only their public fields; an archived comic is on no public bill.
 */
export async function readBills(
  db: Db,
  showIds: readonly string[],
): Promise<Map<string, ScheduleComic[]>> {
  const bills = new Map<string, ScheduleComic[]>()
  if (showIds.length === 0) return bills
  const rows = await db
    .selectFrom('lineups')
    .innerJoin('comics', 'comics.id', 'lineups.comic_id')
    .select(['lineups.show_id', 'lineups.role', 'comics.name', 'comics.slug'])
    .where('lineups.show_id', 'in', [...showIds])
    .where('comics.archived_at', 'is', null)
    .orderBy('lineups.show_id')
    .orderBy('lineups.position')
    .execute()
  for (const row of rows) {
    const bill = bills.get(row.show_id) ?? []
    bill.push({ name: row.name, slug: row.slug, role: row.role, url: comicPath(row.slug) })
    bills.set(row.show_id, bill)
  }
  return bills
}

/** A show's own bill. */
export async function readBill(db: Db, showId: string): Promise<ScheduleComic[]> {
  return (await readBills(db, [showId])).get(showId) ?? []
}
