import { sql } from 'kysely'
import type { SetView, StageView } from '../../shared/comics'
import { limits } from '../../shared/limits'
import type { ComicRow, SetRow } from '../db/comic-tables'
import type { Db, EventRow } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { refuse } from '../refusal'
import { showAt } from '../schedule/events'
import { comicRefusalTexts as texts } from './comic-texts'
import { lockKeys } from './credit-rule'
import { readLineup, showOrRefuse, toLineupEntries } from './lineup'
import { comicOrRefuse, toComicPublic } from './roster'

/**
 * Who is on stage, as sets: a comic at a show, from when to when (docs/comics.md, "Running the
 * stage"; the stream that tells the screens is src/core/stage-stream/). Each change closes the
 * open set and opens the next, one transaction holding the show's stage lock (lockShow), so a
 * grant (which holds the same lock for share while it decides whom it credits) is credited to
 * exactly one comic: the one on stage when it committed.
 */

/** The show a stage change is for: the one named, or tonight's (on now, or next). */
export async function stageShow(db: Db, now: Date, showId?: string): Promise<EventRow> {
  const show = showId ? await showOrRefuse(db, showId) : await showAt(db, now)
  if (show.starts_at.getTime() + limits.showRolloverMs <= now.getTime()) {
    throw refuse.invalid(texts.showOver(show.name))
  }
  return show
}

/**
 * The show's stage lock, held until the transaction ends: a stage change takes it for update
 * (with the show's row), a grant for share (grant_credit, in each grant's own statement). An
 * advisory lock keyed by the show's id (lockKeys.stage, credit-rule.ts): a shared holder writes
 * nothing, where a row lock would write the show's row at every grant
 * (docs/decisions/024-attribution-and-settlement.md).
 */
export async function lockShow(trx: Db, showId: string, mode: 'update' | 'share'): Promise<void> {
  if (mode === 'update') {
    await trx.selectFrom('events').select('id').where('id', '=', showId).forUpdate().execute()
  }
  const take = sql.raw(mode === 'update' ? 'pg_advisory_xact_lock' : 'pg_advisory_xact_lock_shared')
  const key = sql.raw(lockKeys.stage('held.show_id'))
  await sql`select ${take}(${key}) from (select ${showId}::text as show_id) as held`.execute(trx)
}

/** The set open at a show now, with its comic. */
export async function openSet(
  db: Db,
  showId: string,
): Promise<{ set: SetRow; comic: ComicRow } | undefined> {
  const row = await db
    .selectFrom('sets')
    .innerJoin('comics', 'comics.id', 'sets.comic_id')
    .selectAll('comics')
    .select([
      'sets.id as set_id',
      'sets.show_id as set_show_id',
      'sets.started_at as set_started_at',
      'sets.ended_at as set_ended_at',
    ])
    .where('sets.show_id', '=', showId)
    .where('sets.ended_at', 'is', null)
    .executeTakeFirst()
  if (!row) return undefined
  const { set_id, set_show_id, set_started_at, set_ended_at, ...comic } = row
  return {
    set: {
      id: set_id,
      show_id: set_show_id,
      comic_id: comic.id,
      started_at: set_started_at,
      ended_at: set_ended_at,
    },
    comic,
  }
}

export function toSetView(set: SetRow, comic: ComicRow): SetView {
  return {
    id: set.id,
    showId: set.show_id,
    comic: toComicPublic(comic),
    startedAt: set.started_at.toISOString(),
    endedAt: set.ended_at?.toISOString() ?? null,
  }
}

/** The comic "Next" puts on: the one after the latest to have been on, in running order. */
async function nextComic(db: Db, showId: string): Promise<ComicRow | undefined> {
  const lineup = (await readLineup(db, showId)).filter((entry) => !entry.comic.archived_at)
  const latest = await db
    .selectFrom('sets')
    .select('comic_id')
    .where('show_id', '=', showId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (!latest) return lineup[0]?.comic
  const at = lineup.findIndex((entry) => entry.comic.id === latest.comic_id)
  if (at >= 0) return lineup[at + 1]?.comic
  const been = new Set(
    (await db.selectFrom('sets').select('comic_id').where('show_id', '=', showId).execute()).map(
      (row) => row.comic_id,
    ),
  )
  return lineup.find((entry) => !been.has(entry.comic.id))?.comic
}

export async function stageView(db: Db, show: EventRow): Promise<StageView> {
  const [open, next, lineup] = await Promise.all([
    openSet(db, show.id),
    nextComic(db, show.id),
    readLineup(db, show.id),
  ])
  return {
    showId: show.id,
    showName: show.name,
    startsAt: show.starts_at.toISOString(),
    onStage: open ? toSetView(open.set, open.comic) : null,
    next: next ? toComicPublic(next) : null,
    lineup: toLineupEntries(lineup),
  }
}

/** What a stage change did: the set it closed and the one it opened, if any. */
export interface StageMove {
  changed: boolean
  ended?: { set: SetRow; comic: ComicRow } | undefined
  started?: { set: SetRow; comic: ComicRow } | undefined
}

/**
 * The instant a stage change is stamped, read under the show's stage lock: its clock's, or the
 * show's latest stage change or grant when that is later (a grant stamped by a clock read before
 * this change held the lock, or another process's clock). A show's times so never go backwards:
 * every grant lies within the set it was credited to, as grant_credit (credit-rule.ts) stamps a
 * grant no earlier than the latest change.
 */
async function stageTime(trx: Db, showId: string, now: Date): Promise<Date> {
  const { rows } = await sql<{ at: Date | string }>`
    select greatest(${now}::timestamptz,
      (select max(coalesce(ended_at, started_at)) from sets where show_id = ${showId}),
      (select max(redeemed_at) from redemptions where show_id = ${showId}),
      (select max(redeemed_at) from member_redemptions where show_id = ${showId})) as at`.execute(
    trx,
  )
  return new Date(rows[0]?.at ?? now)
}

/**
 * Puts `comic` on stage (null: nobody, an intermission), closing the set before it; with
 * `onlyOff`, only when that comic is the one on.
 */
async function moveStage(
  db: Db,
  show: EventRow,
  comic: ComicRow | null,
  clockNow: Date,
  onlyOff?: string,
): Promise<StageMove> {
  return inTransaction(db, async (trx) => {
    await lockShow(trx, show.id, 'update')
    const open = await openSet(trx, show.id)
    if ((open?.comic.id ?? null) === (comic?.id ?? null)) return { changed: false }
    if (onlyOff !== undefined && open?.comic.id !== onlyOff) return { changed: false }
    if (comic) {
      // Read again under the lock, and held: an archive under way is waited for, then refused.
      const row = await trx
        .selectFrom('comics')
        .select('archived_at')
        .where('id', '=', comic.id)
        .forShare()
        .executeTakeFirst()
      if (row?.archived_at) throw refuse.invalid(texts.archived(comic.name))
    }
    const now = await stageTime(trx, show.id, clockNow)
    let ended: StageMove['ended']
    if (open) {
      const set = await trx
        .updateTable('sets')
        .set({ ended_at: now })
        .where('id', '=', open.set.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      ended = { set, comic: open.comic }
    }
    if (!comic) return { changed: true, ended }
    const set = await trx
      .insertInto('sets')
      .values({ show_id: show.id, comic_id: comic.id, started_at: now })
      .returningAll()
      .executeTakeFirstOrThrow()
    return { changed: true, ended, started: { set, comic } }
  })
}

/** Puts a comic (id or slug) on stage: any comic on the roster, on the lineup or not. */
export async function stageOn(db: Db, show: EventRow, ref: string, now: Date): Promise<StageMove> {
  const comic = await comicOrRefuse(db, ref)
  if (comic.archived_at) throw refuse.invalid(texts.archived(comic.name))
  return moveStage(db, show, comic, now)
}

/** The next comic of the lineup on stage. */
export async function stageNext(db: Db, show: EventRow, now: Date): Promise<StageMove> {
  const lineup = await readLineup(db, show.id)
  if (lineup.length === 0) throw refuse.invalid(texts.emptyLineup(show.name))
  const comic = await nextComic(db, show.id)
  if (!comic) throw refuse.invalid(texts.endOfLineup(show.name))
  return moveStage(db, show, comic, now)
}

/** Nobody on stage: an intermission, or the show's end. */
export async function stageOff(db: Db, show: EventRow, now: Date): Promise<StageMove> {
  return moveStage(db, show, null, now)
}

/**
 * Takes a comic off every stage they are on, each a stage change of its own show: archiving
 * calls it in its transaction, after the comic's row is written, so no grant is credited to an
 * archived comic, and a stage change that would put them on waits for the archive (moveStage
 * reads the row for share) and is refused.
 */
export async function takeOffStage(
  db: Db,
  comic: ComicRow,
  now: Date,
): Promise<{ show: EventRow; move: StageMove }[]> {
  const shows = await db
    .selectFrom('sets')
    .innerJoin('events', 'events.id', 'sets.show_id')
    .selectAll('events')
    .where('sets.comic_id', '=', comic.id)
    .where('sets.ended_at', 'is', null)
    .orderBy('events.starts_at')
    .execute()
  const moves: { show: EventRow; move: StageMove }[] = []
  for (const show of shows) {
    const move = await moveStage(db, show, null, now, comic.id)
    if (move.changed) moves.push({ show, move })
  }
  return moves
}
