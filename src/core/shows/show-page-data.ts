import { comicPath, comicPictureUrl } from '../../shared/comics'
import { limits } from '../../shared/limits'
import { openMicPath } from '../../shared/open-mic'
import type { ScheduleEvent } from '../../shared/schedule'
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
 * The schedule as this process serves it (server/plugins/schedule-cache.ts), which a show's page
 * reads first.
 */
export interface ServedSchedule {
  /** The shows not ended when it was read, by start. */
  rows: readonly EventRow[]
  /** The same shows as fans see them, with their bills and open mics. */
  events: readonly ScheduleEvent[]
  /** Each billed comic's picture by slug; null: none. */
  pictures: ReadonlyMap<string, string | null>
}

type ShowLineupEntry = Extract<ShowPageData, { state: 'found' }>['lineup'][number]

/** What a show's page reads of a show, from the served schedule or the database. */
interface ShowFacts {
  row: EventRow
  /** The shows not ended at `now`, by start: the next and the one the store sells for. */
  notEnded: readonly EventRow[]
  lineup: ShowLineupEntry[]
  openMic: { url: string; open: boolean } | null
}

/**
 * A show not ended, from the schedule this process serves: no query (its copy is a few seconds
 * old at most, as the API's). Undefined: not in it (over, removed, or no such show).
 */
function servedFacts(served: ServedSchedule, showId: string, now: Date): ShowFacts | undefined {
  const index = served.rows.findIndex((row) => row.id === showId)
  const row = served.rows[index]
  const event = served.events[index]
  if (!row || !event) return undefined
  const endedBy = now.getTime() - limits.showRolloverMs
  return {
    row,
    notEnded: served.rows.filter((candidate) => candidate.starts_at.getTime() > endedBy),
    lineup: (event.comics ?? []).map((comic) => ({
      ...comic,
      pictureUrl: served.pictures.get(comic.slug) ?? null,
    })),
    openMic: event.openMic ? { url: event.openMic.url, open: event.openMic.open } : null,
  }
}

/** A show from the database: any show, over too. */
async function storedFacts(db: Db, row: EventRow, now: Date): Promise<ShowFacts> {
  const [lineup, openMic, notEnded] = await Promise.all([
    readLineup(db, row.id),
    findOpenMic(db, row.id),
    eventsNotEnded(db, now).selectAll().execute(),
  ])
  return {
    row,
    notEnded,
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
  }
}

/** The first show after `now` other than this one. */
function nextShow(notEnded: readonly EventRow[], showId: string, now: Date): ShowRef | null {
  const next = notEnded.find((row) => row.id !== showId && row.starts_at > now)
  return next ? toRef(next) : null
}

/**
 * What a show's page shows at `now` (docs/decisions/048-a-page-for-every-show.md): the show, its bill with
 * each comic's picture and page (an archived comic is on no public bill), its open mic, whether it
 * is upcoming, on (with who is on stage) or over, whether the store's codes are for it now, and
 * the next show; a removed show is gone (with the next show). Undefined: no show has that id.
 * A show not ended is read from `served` when given (the page then costs no query but the stage's
 * while the show is on), the rest from the database.
 */
export async function showPageData(
  db: Db,
  showId: string,
  now: Date,
  served?: ServedSchedule,
): Promise<ShowPageData | undefined> {
  // An id is short printable text: anything else (a NUL, which PostgreSQL refuses) is no show.
  if (showId.length > 64 || hasControlCharacters(showId)) return undefined
  let facts = served && servedFacts(served, showId, now)
  if (!facts) {
    const row = await db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', showId)
      .executeTakeFirst()
    if (!row) return undefined
    if (row.removed_at) {
      const notEnded = await eventsNotEnded(db, now).selectAll().execute()
      return { state: 'gone', id: row.id, next: nextShow(notEnded, showId, now) }
    }
    facts = await storedFacts(db, row, now)
  }
  const { row } = facts
  const startTime = row.starts_at.toISOString()
  const phase = showPhase(startTime, now)
  const open = phase === 'on' ? await openSet(db, row.id) : undefined
  return {
    state: 'found',
    show: { id: row.id, name: row.name, description: row.description, startTime },
    phase,
    lineup: facts.lineup,
    openMic: facts.openMic,
    onStage:
      open && !open.comic.archived_at
        ? { name: open.comic.name, url: comicPath(open.comic.slug) }
        : null,
    // Codes bought now are for the show on now or next (core/checkout/fulfil.ts, showAt).
    onSale: phase !== 'over' && facts.notEnded[0]?.id === row.id,
    next: phase === 'upcoming' ? null : nextShow(facts.notEnded, showId, now),
  }
}
