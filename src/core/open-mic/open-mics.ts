import { type OpenMicRule, openMicPath, openMicTexts } from '../../shared/open-mic'
import type { DrawEntry, OpenMicPublic } from '../../shared/open-mic-api'
import type { OpenMicView, SignupView } from '../../shared/open-mic-operator'
import type { ScheduleOpenMic } from '../../shared/schedule'
import { showOrRefuse } from '../comics/lineup'
import type { OpenMicRow, SignupRow, StoredDrawEntry } from '../db/open-mic-tables'
import type { Db, EventRow } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { refuse } from '../refusal'
import { findEvent, markEventsChanged } from '../schedule/events'
import { drawSeedHash, newDrawSeed } from './draw'
import { openMicRefusalTexts as texts } from './open-mic-texts'
import {
  freeSlots,
  listOf,
  lockOpenMic,
  mailPlace,
  type OpenMicContext,
  plannedAt,
  writeList,
} from './places'

/** An open mic's settings and what anyone, or the host, sees of it. */

export async function findOpenMic(db: Db, showId: string): Promise<OpenMicRow | undefined> {
  return db.selectFrom('open_mics').selectAll().where('show_id', '=', showId).executeTakeFirst()
}

export async function openMicOrRefuse(db: Db, showId: string): Promise<OpenMicRow> {
  const row = await findOpenMic(db, showId)
  if (!row) throw refuse.notFound(texts.noOpenMic(showId))
  return row
}

/**
 * The show and its open mic, for the public's paths: an unknown show or one without an open mic
 * is refused in the public's words (the operator's advice is for the operator's paths).
 */
export async function publicOpenMicOrRefuse(
  db: Db,
  showId: string,
): Promise<{ show: EventRow; openMic: OpenMicRow }> {
  const show = await findEvent(db, showId)
  const openMic = show ? await findOpenMic(db, show.id) : undefined
  if (!show || !openMic) throw refuse.notFound(openMicTexts.none)
  return { show, openMic }
}

export function signupOpen(openMic: OpenMicRow, now: Date): boolean {
  return openMic.opens_at <= now && now < openMic.closes_at
}

export interface OpenMicSettings {
  slots: number
  setMinutes: number
  opensAt: Date
  closesAt: Date
  rule: OpenMicRule
  drawAt?: Date | undefined
}

/**
 * A lottery's seed, made the first time it is set up and never replaced (a host who could set it
 * again could pick one after seeing the names): its hash is public from then on, the seed secret
 * until the draw.
 */
function committedSeed(rule: OpenMicRule, before?: OpenMicRow) {
  if (rule !== 'lottery' || before?.draw_seed) return {}
  const seed = newDrawSeed()
  return { draw_seed: seed, draw_seed_hash: drawSeedHash(seed) }
}

/**
 * Marks a show as an open mic, or changes its settings. First come: more slots move the first of
 * the waitlist up (each is told); fewer slots move nobody (the host decides who).
 */
export async function setOpenMic(
  db: Db,
  showId: string,
  settings: OpenMicSettings,
  context: OpenMicContext,
): Promise<OpenMicRow> {
  const show = await showOrRefuse(db, showId)
  const start = show.starts_at
  if (!(settings.opensAt < settings.closesAt && settings.closesAt <= start)) {
    throw refuse.invalid(texts.badWindow)
  }
  const drawAt = settings.rule === 'lottery' ? (settings.drawAt ?? null) : null
  if (settings.rule === 'lottery' && !(drawAt && settings.opensAt < drawAt && drawAt <= start)) {
    throw refuse.invalid(texts.badDrawAt)
  }
  const values = {
    slots: settings.slots,
    set_minutes: settings.setMinutes,
    opens_at: settings.opensAt,
    closes_at: settings.closesAt,
    rule: settings.rule,
    draw_at: drawAt,
    updated_at: context.now,
  }
  const row = await inTransaction(db, async (trx) => {
    const before = await findOpenMic(trx, show.id)
    if (!before) {
      return trx
        .insertInto('open_mics')
        .values({
          show_id: show.id,
          ...values,
          ...committedSeed(settings.rule),
          created_at: context.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    }
    const locked = await lockOpenMic(trx, show.id)
    const confirmed = await trx
      .selectFrom('open_mic_signups')
      .select('id')
      .where('show_id', '=', show.id)
      .where('state', '=', 'confirmed')
      .executeTakeFirst()
    if (confirmed && locked.rule !== settings.rule) throw refuse.invalid(texts.rulesAfterSignups)
    const updated = await trx
      .updateTable('open_mics')
      .set({ ...values, ...committedSeed(settings.rule, locked) })
      .where('show_id', '=', show.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    if (updated.rule === 'first-come' || updated.drawn_at) {
      await fillSlots(trx, context, updated, show)
    }
    return updated
  })
  markEventsChanged()
  return row
}

/**
 * Moves the first of the waitlist up while a slot is free, into the open slot (`intoPosition`
 * first: the one just given up), so nobody else's time moves; each one moved up is told.
 */
export async function fillSlots(
  trx: Db,
  context: OpenMicContext,
  openMic: OpenMicRow,
  show: EventRow,
  intoPosition?: number,
): Promise<void> {
  const free = freeSlots(openMic, await listOf(trx, show.id, 'slot'))
  if (intoPosition !== undefined && free.includes(intoPosition)) {
    free.splice(free.indexOf(intoPosition), 1)
    free.unshift(intoPosition)
  }
  const waitlist = await listOf(trx, show.id, 'waitlist')
  const moved: SignupRow[] = []
  for (const position of free) {
    const next = waitlist.shift()
    if (!next) break
    await trx
      .updateTable('open_mic_signups')
      .set({ list: 'slot', position })
      .where('id', '=', next.id)
      .execute()
    moved.push(next)
  }
  if (moved.length === 0) return
  await writeList(trx, 'waitlist', waitlist)
  for (const row of moved) await mailPlace(trx, context, openMic, show, row.id, 'moved-up')
}

function readDraw(row: OpenMicRow): OpenMicPublic['draw'] {
  if (!row.drawn_at || !row.draw_seed) return null
  // Written by the draw (host-list.ts), and by migration 021 for draws made before it.
  const entries = (json: string | null): DrawEntry[] =>
    (JSON.parse(json ?? '[]') as StoredDrawEntry[]).map(({ number, name }) => ({ number, name }))
  const [before, after] = [entries(row.draw_before), entries(row.draw_after)]
  return { drawnAt: row.drawn_at.toISOString(), seed: row.draw_seed, before, after }
}

/** What anyone may see: the running order (stage names and planned times), never a private field. */
export async function openMicPublic(
  db: Db,
  openMic: OpenMicRow,
  show: EventRow,
  now: Date,
): Promise<OpenMicPublic> {
  const taken = await listOf(db, show.id, 'slot')
  const slots = taken.filter((s) => !s.no_show_at)
  const waitlist = await listOf(db, show.id, 'waitlist')
  return {
    showId: show.id,
    showName: show.name,
    startsAt: show.starts_at.toISOString(),
    slots: openMic.slots,
    setMinutes: openMic.set_minutes,
    opensAt: openMic.opens_at.toISOString(),
    closesAt: openMic.closes_at.toISOString(),
    rule: openMic.rule,
    drawAt: openMic.draw_at?.toISOString() ?? null,
    open: signupOpen(openMic, now),
    slotsLeft:
      openMic.rule === 'lottery' && !openMic.drawn_at
        ? openMic.slots
        : Math.max(0, openMic.slots - taken.length),
    runningOrder: slots.map((s, index) => ({
      position: index + 1,
      name: s.stage_name,
      // Its slot's time: a slot left open, or a no-show's, moves nobody after it.
      plannedAt: plannedAt(openMic, show, s.position ?? index + 1).toISOString(),
    })),
    waitlistCount: waitlist.length,
    drawSeedHash: openMic.rule === 'lottery' ? openMic.draw_seed_hash : null,
    draw: readDraw(openMic),
  }
}

/** Each open mic among `shows` as the schedule API gives it (docs/comics.md, "Open mics"). */
export async function scheduleOpenMics(
  db: Db,
  shows: readonly EventRow[],
  now: Date,
): Promise<Map<string, ScheduleOpenMic>> {
  const out = new Map<string, ScheduleOpenMic>()
  if (shows.length === 0) return out
  const ids = shows.map((s) => s.id)
  const rows = await db.selectFrom('open_mics').selectAll().where('show_id', 'in', ids).execute()
  for (const row of rows) {
    const show = shows.find((s) => s.id === row.show_id)
    if (!show) continue
    const view = await openMicPublic(db, row, show, now)
    out.set(show.id, {
      url: openMicPath(show.id),
      open: view.open,
      slots: view.slots,
      runningOrder: view.runningOrder.map(({ name, plannedAt }) => ({ name, plannedAt })),
    })
  }
  return out
}

async function slugsOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('comics').select(['id', 'slug']).where('id', 'in', ids).execute()
  return new Map(rows.map((r) => [r.id, r.slug]))
}

/** Everything the host sees of an open mic. */
export async function openMicView(db: Db, showId: string, now: Date): Promise<OpenMicView> {
  const show = await showOrRefuse(db, showId)
  const openMic = await openMicOrRefuse(db, show.id)
  const rows = await db
    .selectFrom('open_mic_signups')
    .selectAll()
    .where('show_id', '=', show.id)
    .orderBy('position')
    .orderBy('confirm_seq')
    .orderBy('id')
    .execute()
  const linked = rows.flatMap((r) => (r.comic_id ? [r.comic_id] : []))
  const slugs = await slugsOf(db, linked)
  const view = (r: SignupRow): SignupView => ({
    id: r.id,
    stageName: r.stage_name,
    email: r.email,
    vrchatName: r.vrchat_name,
    note: r.note,
    state: r.state,
    list: r.state === 'confirmed' ? r.list : null,
    position: r.state === 'confirmed' ? r.position : null,
    plannedAt:
      r.state === 'confirmed' && r.list === 'slot' && r.position
        ? plannedAt(openMic, show, r.position).toISOString()
        : null,
    confirmedAt: r.confirmed_at?.toISOString() ?? null,
    checkedIn: r.checked_in_at !== null,
    noShow: r.no_show_at !== null,
    comicSlug: r.comic_id ? (slugs.get(r.comic_id) ?? null) : null,
  })
  const on = (list: string) =>
    rows.filter((r) => r.state === 'confirmed' && r.list === list).map(view)
  return {
    openMic: await openMicPublic(db, openMic, show, now),
    slots: on('slot'),
    waitlist: on('waitlist'),
    pool: on('pool'),
    pending: rows.filter((r) => r.state === 'pending').map(view),
    withdrawn: rows.filter((r) => r.state === 'withdrawn').map(view),
  }
}
