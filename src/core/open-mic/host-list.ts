import { type LineupPlace, readLineup, setLineup, showOrRefuse } from '../comics/lineup'
import type { OpenMicRow, SignupRow, StoredDrawEntry } from '../db/open-mic-tables'
import type { Db } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { refuse } from '../refusal'
import { markEventsChanged } from '../schedule/events'
import { shuffleWithSeed } from './draw'
import { openMicRefusalTexts as texts } from './open-mic-texts'
import { openMicOrRefuse } from './open-mics'
import { freeSlots, listOf, lockOpenMic, mailPlace, type OpenMicContext, writeList } from './places'

/**
 * The host's hand on an open mic's list (docs/comics.md, "Open mics"): the draw, reordering,
 * moving between the list and the waitlist, check-in and no-shows, and the running order made the
 * show's lineup. Each runs under the open mic's lock (places.ts).
 */

/**
 * Draws a lottery: every confirmed sign-up in confirmation order is shuffled with the seed
 * committed when the lottery was set up (draw.ts), the first `slots` take the slots and the rest
 * form the waitlist in drawn order; the seed and both lists are recorded, and each comic is mailed
 * their place. Answers false when drawn already.
 */
export async function drawOpenMic(
  db: Db,
  showId: string,
  context: OpenMicContext,
  options: { whenDue?: boolean } = {},
): Promise<boolean> {
  const show = await showOrRefuse(db, showId)
  const drawn = await inTransaction(db, async (trx) => {
    const openMic = await lockOpenMic(trx, show.id)
    if (openMic.rule !== 'lottery') throw refuse.invalid(texts.notLottery)
    if (openMic.drawn_at) {
      if (options.whenDue) return false
      throw refuse.conflict(texts.drawnAlready)
    }
    // Every confirmed sign-up, wherever it stands: one put on a list before the draw (possible
    // before migration 021) is drawn and renumbered with the rest.
    const pool = await trx
      .selectFrom('open_mic_signups')
      .selectAll()
      .where('show_id', '=', show.id)
      .where('state', '=', 'confirmed')
      .orderBy('confirm_seq')
      .execute()
    if (pool.length === 0 && !options.whenDue) throw refuse.invalid(texts.nobodyToDraw)
    // Never a new seed here: the one committed at set-up (a check constraint keeps one there).
    const seed = openMic.draw_seed
    if (!seed) throw new Error(`open mic ${show.id}: a lottery without a committed seed`)
    const before: StoredDrawEntry[] = pool.map((s) => ({
      id: s.id,
      number: s.confirm_seq ?? 0,
      name: s.stage_name,
    }))
    const after = shuffleWithSeed(before, seed)
    const byId = new Map(pool.map((s) => [s.id, s]))
    const order = after.map((e) => byId.get(e.id) as SignupRow)
    await writeList(trx, 'slot', order.slice(0, openMic.slots))
    await writeList(trx, 'waitlist', order.slice(openMic.slots))
    const recorded = await trx
      .updateTable('open_mics')
      .set({
        drawn_at: context.now,
        draw_before: JSON.stringify(before),
        draw_after: JSON.stringify(after),
        updated_at: context.now,
      })
      .where('show_id', '=', show.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    for (const row of order) await mailPlace(trx, context, recorded, show, row.id, 'drawn')
    return true
  })
  markEventsChanged()
  return drawn
}

/** How often the server looks for lotteries whose draw time has come. */
export const drawCheckIntervalMs = 30_000

/** Draws every lottery whose draw time has come. */
export async function drawDueOpenMics(db: Db, context: OpenMicContext): Promise<number> {
  const due = await db
    .selectFrom('open_mics')
    .select('show_id')
    .where('rule', '=', 'lottery')
    .where('drawn_at', 'is', null)
    .where('draw_at', '<=', context.now)
    .execute()
  let count = 0
  for (const row of due) {
    if (await drawOpenMic(db, row.show_id, context, { whenDue: true })) count++
  }
  return count
}

/** Before a lottery's draw its sign-ups wait in confirmation order: nobody may be placed by hand. */
function refuseBeforeDraw(openMic: OpenMicRow): void {
  if (openMic.rule === 'lottery' && !openMic.drawn_at) throw refuse.invalid(texts.notDrawnYet)
}

async function confirmedOrRefuse(trx: Db, showId: string, signupId: number): Promise<SignupRow> {
  const row = await trx
    .selectFrom('open_mic_signups')
    .selectAll()
    .where('id', '=', signupId)
    .where('show_id', '=', showId)
    .executeTakeFirst()
  if (!row) throw refuse.notFound(texts.noSignup(String(signupId)))
  if (row.state !== 'confirmed' || !row.list) throw refuse.invalid(texts.notOnList(row.stage_name))
  return row
}

/** Puts a sign-up at `position` of its own list. Answers whether anything changed. */
export async function reorderSignup(
  db: Db,
  showId: string,
  signupId: number,
  position: number,
  context: OpenMicContext,
): Promise<boolean> {
  const show = await showOrRefuse(db, showId)
  const changed = await inTransaction(db, async (trx) => {
    const openMic = await lockOpenMic(trx, showId)
    refuseBeforeDraw(openMic)
    const row = await confirmedOrRefuse(trx, showId, signupId)
    const list = row.list as 'pool' | 'slot' | 'waitlist'
    const rows = await listOf(trx, showId, list)
    if (position > rows.length) throw refuse.invalid(texts.badPosition(rows.length))
    const from = rows.findIndex((r) => r.id === row.id)
    if (from === position - 1) return false
    rows.splice(from, 1)
    rows.splice(position - 1, 0, row)
    if (list !== 'slot') {
      await writeList(trx, list, rows)
      return true
    }
    // The slots keep their numbers and times (an open one stays open); the comics whose slot,
    // and so whose planned time, changed are each mailed their new place.
    const numbers = rows.map((r) => r.position ?? 0).sort((a, b) => a - b)
    const moved = rows.filter((r, i) => r.position !== numbers[i])
    for (const r of moved) {
      await trx
        .updateTable('open_mic_signups')
        .set({ position: numbers[rows.indexOf(r)] ?? null })
        .where('id', '=', r.id)
        .execute()
    }
    for (const r of moved) await mailPlace(trx, context, openMic, show, r.id, 'moved')
    return true
  })
  if (changed) markEventsChanged()
  return changed
}

/**
 * Moves a sign-up to the end of the slots, or to the top of the waitlist; the host may fill more
 * slots than planned. The comic is mailed their new place.
 */
export async function moveSignup(
  db: Db,
  showId: string,
  signupId: number,
  to: 'slot' | 'waitlist',
  context: OpenMicContext,
): Promise<boolean> {
  const show = await showOrRefuse(db, showId)
  const changed = await inTransaction(db, async (trx) => {
    const openMic = await lockOpenMic(trx, show.id)
    refuseBeforeDraw(openMic)
    const row = await confirmedOrRefuse(trx, show.id, signupId)
    if (row.list === to) return false
    const from = row.list as 'pool' | 'slot' | 'waitlist'
    const target = await listOf(trx, show.id, to)
    const rest = (await listOf(trx, show.id, from)).filter((r) => r.id !== row.id)
    // Off the slots: their slot stays open, nobody's time moves. Onto them: the first open slot,
    // else one after the last (the host may fill more slots than planned).
    if (from !== 'slot') await writeList(trx, from, rest)
    if (to === 'slot') {
      const last = Math.max(0, ...target.map((r) => r.position ?? 0))
      const position = freeSlots(openMic, target)[0] ?? last + 1
      await trx
        .updateTable('open_mic_signups')
        .set({ list: 'slot', position })
        .where('id', '=', row.id)
        .execute()
    } else {
      target.unshift(row)
      await writeList(trx, to, target)
    }
    await mailPlace(trx, context, openMic, show, row.id, 'moved')
    return true
  })
  if (changed) markEventsChanged()
  return changed
}

/** Checks a comic in on the night, or marks them a no-show (off the public running order). */
export async function markSignup(
  db: Db,
  showId: string,
  signupId: number,
  mark: 'checked_in_at' | 'no_show_at',
  on: boolean,
  now: Date,
): Promise<{ name: string; changed: boolean }> {
  const result = await inTransaction(db, async (trx) => {
    await lockOpenMic(trx, showId)
    const row = await confirmedOrRefuse(trx, showId, signupId)
    if ((row[mark] !== null) === on) return { name: row.stage_name, changed: false }
    const other = mark === 'checked_in_at' ? 'no_show_at' : 'checked_in_at'
    await trx
      .updateTable('open_mic_signups')
      .set(on ? { [mark]: now, [other]: null } : { [mark]: null })
      .where('id', '=', row.id)
      .execute()
    return { name: row.stage_name, changed: true }
  })
  if (result.changed) markEventsChanged()
  return result
}

/**
 * The running order becomes the show's lineup: whoever else is on the bill and not an open-mic
 * comic (the MC) first, then the slots in order, no-shows left out, each with the set length.
 */
export async function makeRunningOrderTheLineup(
  db: Db,
  showId: string,
  now: Date,
): Promise<boolean> {
  const show = await showOrRefuse(db, showId)
  const openMic = await openMicOrRefuse(db, show.id)
  const slots = (await listOf(db, show.id, 'slot')).filter((s) => !s.no_show_at && s.comic_id)
  if (slots.length === 0) throw refuse.invalid(texts.emptyList)
  const others = (await readLineup(db, show.id)).filter((e) => e.role !== 'open-mic')
  const places: LineupPlace[] = [
    ...others.map((e) => ({ comic: e.comic.id, role: e.role, setMinutes: e.setMinutes })),
    ...slots
      .filter((s) => !others.some((e) => e.comic.id === s.comic_id))
      .map((s) => ({
        comic: s.comic_id as string,
        role: 'open-mic' as const,
        setMinutes: openMic.set_minutes,
      })),
  ]
  return (await setLineup(db, show.id, places, now)).changed
}
