import type { ComicRole, LineupEntry, LineupView } from '../../shared/comics'
import { comicLimits } from '../../shared/comics'
import type { ComicRow } from '../db/comic-tables'
import type { Db, EventRow } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { queueMail } from '../mail/outbox'
import { refuse } from '../refusal'
import { findEvent, markEventsChanged } from '../schedule/events'
import { comicRefusalTexts as texts } from './comic-texts'
import { lineupChangeMail } from './lineup-change-mail'
import { comicOrRefuse, toComicPublic } from './roster'

/** A show's bill in running order, each place with its comic. */
export async function readLineup(
  db: Db,
  showId: string,
): Promise<Array<{ position: number; role: ComicRole; setMinutes: number; comic: ComicRow }>> {
  const rows = await db
    .selectFrom('lineups')
    .innerJoin('comics', 'comics.id', 'lineups.comic_id')
    .selectAll('comics')
    .select(['lineups.position', 'lineups.role', 'lineups.set_minutes'])
    .where('lineups.show_id', '=', showId)
    .orderBy('lineups.position')
    .execute()
  return rows.map(({ position, role, set_minutes, ...comic }) => ({
    position,
    role,
    setMinutes: set_minutes,
    comic,
  }))
}

export function toLineupEntries(lineup: Awaited<ReturnType<typeof readLineup>>): LineupEntry[] {
  return lineup.map((entry) => ({
    position: entry.position,
    role: entry.role,
    setMinutes: entry.setMinutes,
    comic: toComicPublic(entry.comic),
  }))
}

export async function showOrRefuse(db: Db, showId: string): Promise<EventRow> {
  const show = await findEvent(db, showId)
  if (!show) throw refuse.notFound(texts.noShow(showId))
  return show
}

export async function lineupView(db: Db, show: EventRow): Promise<LineupView> {
  return {
    showId: show.id,
    showName: show.name,
    startsAt: show.starts_at.toISOString(),
    entries: toLineupEntries(await readLineup(db, show.id)),
  }
}

export interface LineupPlace {
  /** The comic's id or slug. */
  comic: string
  role: ComicRole
  setMinutes?: number | undefined
}

/**
 * Replaces a show's bill with `places`, in that running order. Every comic must be on the roster
 * and not archived, each once. Answers whether anything changed.
 */
export async function setLineup(
  db: Db,
  showId: string,
  places: readonly LineupPlace[],
  now: Date,
): Promise<{ show: EventRow; changed: boolean }> {
  const show = await showOrRefuse(db, showId)
  if (places.length > comicLimits.lineupMax) throw refuse.invalid(texts.longLineup)
  const comics: ComicRow[] = []
  for (const place of places) {
    const comic = await comicOrRefuse(db, place.comic)
    if (comic.archived_at) throw refuse.invalid(texts.archived(comic.name))
    if (comics.some((c) => c.id === comic.id)) throw refuse.invalid(texts.twiceInLineup(comic.name))
    comics.push(comic)
  }
  const rows = places.map((place, index) => ({
    show_id: show.id,
    position: index + 1,
    comic_id: (comics[index] as ComicRow).id,
    role: place.role,
    set_minutes: place.setMinutes ?? comicLimits.defaultSetMinutes,
  }))
  const before = await db
    .selectFrom('lineups')
    .select(['position', 'comic_id', 'role', 'set_minutes'])
    .where('show_id', '=', show.id)
    .orderBy('position')
    .execute()
  const same =
    before.length === rows.length &&
    before.every((row, i) => {
      const next = rows[i]
      return (
        next !== undefined &&
        row.comic_id === next.comic_id &&
        row.role === next.role &&
        row.set_minutes === next.set_minutes
      )
    })
  if (same) return { show, changed: false }
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('lineups').where('show_id', '=', show.id).execute()
    if (rows.length > 0) await trx.insertInto('lineups').values(rows).execute()
    // A comic still on the bill whose role or set length changed is told, with the change.
    for (const [index, row] of rows.entries()) {
      const was = before.find((b) => b.comic_id === row.comic_id)
      const comic = comics[index]
      if (!was || !comic?.payout_email) continue
      if (was.role === row.role && was.set_minutes === row.set_minutes) continue
      const terms = (p: { role: ComicRole; set_minutes: number }) => ({
        role: p.role,
        setMinutes: p.set_minutes,
      })
      await queueMail(
        trx,
        {
          dedupeKey: `lineup-change:${show.id}:${row.comic_id}:${now.getTime()}`,
          ...lineupChangeMail(
            comic.payout_email,
            comic.name,
            { name: show.name, startsAt: show.starts_at },
            terms(was),
            terms(row),
          ),
        },
        now,
      )
    }
  })
  // The bill is part of the schedule fans read: this process serves the new one at once.
  markEventsChanged()
  return { show, changed: true }
}
