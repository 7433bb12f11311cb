import { comicPath, comicPictureUrl } from '../../shared/comics'
import { openMicPath } from '../../shared/open-mic'
import { showPhase } from '../../shared/show-json-ld'
import type { ShowPageData, ShowRef } from '../../shared/show-page-view'
import { hasControlCharacters } from '../../shared/text'
import { readLineup } from '../comics/lineup'
import { openSet } from '../comics/sets'
import type { Db, EventRow } from '../db/schema'
import { findOpenMic, signupOpen } from '../open-mic/open-mics'
import { eventsNotEnded } from '../schedule/events'

const toRef = (row: EventRow): ShowRef => ({
  id: row.id,
  name: row.name,
  startTime: row.starts_at.toISOString(),
})

/**
 * What a show's page shows at `now` (docs/decisions/048-a-page-for-every-show.md): the show, its bill with
 * each comic's picture and page (an archived comic is on no public bill), its open mic, whether it
 * is upcoming, on (with who is on stage) or over, whether the store's codes are for it now, and
 * the next show; a removed show is gone (with the next show). Undefined: no show has that id.
 */
export async function showPageData(
  db: Db,
  showId: string,
  now: Date,
): Promise<ShowPageData | undefined> {
  // An id is short printable text: anything else (a NUL, which PostgreSQL refuses) is no show.
  if (showId.length > 64 || hasControlCharacters(showId)) return undefined
  const row = await db.selectFrom('events').selectAll().where('id', '=', showId).executeTakeFirst()
  if (!row) return undefined
  const upcoming = await eventsNotEnded(db, now)
    .selectAll()
    .where('id', '!=', showId)
    .where('starts_at', '>', now)
    .limit(1)
    .executeTakeFirst()
  const next = upcoming ? toRef(upcoming) : null
  if (row.removed_at) return { state: 'gone', id: row.id, next }
  const startTime = row.starts_at.toISOString()
  const phase = showPhase(startTime, now)
  const [lineup, openMic, open, current] = await Promise.all([
    readLineup(db, row.id),
    findOpenMic(db, row.id),
    phase === 'on' ? openSet(db, row.id) : undefined,
    eventsNotEnded(db, now).select('id').limit(1).executeTakeFirst(),
  ])
  return {
    state: 'found',
    show: { id: row.id, name: row.name, description: row.description, startTime },
    phase,
    lineup: lineup
      .filter((entry) => !entry.comic.archived_at)
      .map(({ comic, role }) => ({
        name: comic.name,
        slug: comic.slug,
        role,
        url: comicPath(comic.slug),
        pictureUrl: comic.picture_id ? comicPictureUrl(comic.picture_id) : null,
      })),
    openMic: openMic ? { url: openMicPath(row.id), open: signupOpen(openMic, now) } : null,
    onStage:
      open && !open.comic.archived_at
        ? { name: open.comic.name, url: comicPath(open.comic.slug) }
        : null,
    // Codes bought now are for the show on now or next (core/checkout/fulfil.ts, showAt).
    onSale: phase !== 'over' && current?.id === row.id,
    next: phase === 'upcoming' ? null : next,
  }
}
