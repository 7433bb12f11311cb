import { comicPath, comicPictureUrl } from '../../shared/comics'
import type { ScheduleComic } from '../../shared/schedule'
import type { Db } from '../db/schema'

/** The bills of some shows, and the pictures of the comics on them. */
export interface Bills {
  /** Each show's comics in running order, as fans see them; a show without a bill is absent. */
  byShow: Map<string, ScheduleComic[]>
  /** Each billed comic's picture by slug (its address on this site); null: none. */
  pictures: Map<string, string | null>
}

/**
 * The bills fans see (docs/comics.md, "What fans see"): each show's comics in running order,
 * with only their public fields; an archived comic is on no public bill.
 */
export async function readBills(db: Db, showIds: readonly string[]): Promise<Bills> {
  const bills: Bills = { byShow: new Map(), pictures: new Map() }
  if (showIds.length === 0) return bills
  const rows = await db
    .selectFrom('lineups')
    .innerJoin('comics', 'comics.id', 'lineups.comic_id')
    .select(['lineups.show_id', 'lineups.role', 'comics.name', 'comics.slug', 'comics.picture_id'])
    .where('lineups.show_id', 'in', [...showIds])
    .where('comics.archived_at', 'is', null)
    .orderBy('lineups.show_id')
    .orderBy('lineups.position')
    .execute()
  for (const row of rows) {
    const bill = bills.byShow.get(row.show_id) ?? []
    bill.push({ name: row.name, slug: row.slug, role: row.role, url: comicPath(row.slug) })
    bills.byShow.set(row.show_id, bill)
    bills.pictures.set(row.slug, row.picture_id ? comicPictureUrl(row.picture_id) : null)
  }
  return bills
}

/** A show's own bill. */
export async function readBill(db: Db, showId: string): Promise<ScheduleComic[]> {
  return (await readBills(db, [showId])).byShow.get(showId) ?? []
}
