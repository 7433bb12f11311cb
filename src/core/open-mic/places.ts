import { sql } from 'kysely'
import { openMicLink, openMicPath } from '../../shared/open-mic'
import type { OpenMicRow, SignupRow } from '../db/open-mic-tables'
import type { Db, EventRow } from '../db/schema'
import { queueMail } from '../mail/outbox'
import { refuse } from '../refusal'
import { hashToken, newToken } from '../sign-in/links'
import { type PlaceNews, placeMail } from './open-mic-mail'
import { openMicRefusalTexts as texts } from './open-mic-texts'

/**
 * Where confirmed sign-ups stand, and the one lock every change to an open mic's lists takes:
 * the open mic's row, for update. Confirmations, withdrawals, the draw and the host's changes
 * each run in a transaction that holds it, so 100 confirmations at once take the slots one after
 * another, in the order they got the lock, and no place is given twice.
 */

/** Where a change is made, for the mails it sends: the site's address and the time. */
export interface OpenMicContext {
  publicUrl: string
  now: Date
}

export async function lockOpenMic(trx: Db, showId: string): Promise<OpenMicRow> {
  const row = await trx
    .selectFrom('open_mics')
    .selectAll()
    .where('show_id', '=', showId)
    .forUpdate()
    .executeTakeFirst()
  if (!row) throw refuse.notFound(texts.noOpenMic(showId))
  return row
}

export async function listOf(
  db: Db,
  showId: string,
  list: 'pool' | 'slot' | 'waitlist',
): Promise<SignupRow[]> {
  return db
    .selectFrom('open_mic_signups')
    .selectAll()
    .where('show_id', '=', showId)
    .where('state', '=', 'confirmed')
    .where('list', '=', list)
    .orderBy('position')
    .orderBy('confirm_seq')
    .execute()
}

/** Writes `rows` as `list` in that order, 1, 2, 3... */
export async function writeList(
  trx: Db,
  list: 'pool' | 'slot' | 'waitlist',
  rows: readonly SignupRow[],
): Promise<void> {
  for (const [index, row] of rows.entries()) {
    if (row.list === list && row.position === index + 1) continue
    await trx
      .updateTable('open_mic_signups')
      .set({ list, position: index + 1 })
      .where('id', '=', row.id)
      .execute()
  }
}

/**
 * The slots nobody holds, lowest first: a slot's number is its place in the running order and
 * its time, and stays so (docs/comics.md, "Open mics"): a comic who leaves leaves their slot open,
 * and nobody else's time moves.
 */
export function freeSlots(openMic: OpenMicRow, slots: readonly SignupRow[]): number[] {
  const taken = new Set(slots.map((row) => row.position))
  const free: number[] = []
  for (let position = 1; position <= openMic.slots; position++) {
    if (!taken.has(position)) free.push(position)
  }
  return free
}

/** A slot's planned time: the show's start plus the sets before it. */
export function plannedAt(
  openMic: Pick<OpenMicRow, 'set_minutes'>,
  show: Pick<EventRow, 'starts_at'>,
  position: number,
): Date {
  return new Date(show.starts_at.getTime() + (position - 1) * openMic.set_minutes * 60_000)
}

/** The next number in confirmation order. */
export async function nextConfirmSeq(trx: Db, showId: string): Promise<number> {
  const row = await trx
    .selectFrom('open_mic_signups')
    .select(sql<number>`coalesce(max(confirm_seq), 0) + 1`.as('next'))
    .where('show_id', '=', showId)
    .executeTakeFirstOrThrow()
  return Number(row.next)
}

/**
 * Mails a comic their place as it stands now, with a withdraw link of its own. Every link mailed
 * works until the sign-up is withdrawn: a mail anyone can ask for (signing up again with the
 * address) adds a link and voids none. Queued in the caller's transaction.
 */
export async function mailPlace(
  trx: Db,
  context: OpenMicContext,
  openMic: OpenMicRow,
  show: EventRow,
  signupId: number,
  news: PlaceNews,
): Promise<void> {
  const signup = await trx
    .selectFrom('open_mic_signups')
    .selectAll()
    .where('id', '=', signupId)
    .executeTakeFirstOrThrow()
  if (!signup.list || !signup.position) return
  const token = newToken()
  await trx
    .insertInto('open_mic_withdraw_links')
    .values({ token_hash: hashToken(token), signup_id: signup.id, created_at: context.now })
    .execute()
  const mail = placeMail(
    signup.email,
    signup.stage_name,
    show.name,
    news,
    {
      list: signup.list,
      position: signup.position,
      plannedAt: signup.list === 'slot' ? plannedAt(openMic, show, signup.position) : null,
      drawAt: openMic.draw_at,
    },
    signup.time_zone,
    openMicLink(context.publicUrl, show.id, 'withdraw', token),
    `${context.publicUrl}${openMicPath(show.id)}`,
  )
  await queueMail(
    trx,
    { ...mail, dedupeKey: `open-mic:${signup.id}:${news}:${hashToken(token).slice(0, 12)}` },
    context.now,
  )
}
