import { slugFromName } from '../../shared/comics'
import { cleanSignupText, openMicLimits, openMicLink, openMicTexts } from '../../shared/open-mic'
import type { OpenMicSignup } from '../../shared/open-mic-api'
import { showOrRefuse } from '../comics/lineup'
import type { ComicRow } from '../db/comic-tables'
import type { SignupRow } from '../db/open-mic-tables'
import type { Db } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { newComicId } from '../ids'
import { queueMail } from '../mail/outbox'
import { refuse } from '../refusal'
import { markEventsChanged } from '../schedule/events'
import { hashToken, newToken } from '../sign-in/links'
import { confirmSignupMail } from './open-mic-mail'
import { openMicRefusalTexts as texts } from './open-mic-texts'
import { fillSlots, openMicOrRefuse, signupOpen } from './open-mics'
import {
  listOf,
  lockOpenMic,
  mailPlace,
  nextConfirmSeq,
  type OpenMicContext,
  plannedAt,
  writeList,
} from './places'

/**
 * A comic's sign-up (docs/comics.md, "Open mics"): asked for on the open-mic page, held once
 * confirmed from the mailed link, withdrawn from the link in a place mail. One live sign-up per
 * address and show; asking again answers the same and mails again.
 */

function validTimeZone(zone: string | undefined): string {
  if (!zone) return ''
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return zone
  } catch {
    return ''
  }
}

function cleaned(input: OpenMicSignup) {
  if (input.adult !== true) throw refuse.invalid(openMicTexts.notAdult)
  const stageName = cleanSignupText(input.stageName)
  const vrchatName = cleanSignupText(input.vrchatName)
  const note = cleanSignupText(input.note ?? '', true)
  if (!stageName) throw refuse.invalid(texts.missing('A stage name'))
  if (!vrchatName) throw refuse.invalid(texts.missing('Your VRChat display name'))
  if (stageName.length > openMicLimits.stageNameMax)
    throw refuse.invalid(texts.tooLong('A stage name'))
  if (vrchatName.length > openMicLimits.vrchatNameMax) {
    throw refuse.invalid(texts.tooLong('A VRChat display name'))
  }
  if (note.length > openMicLimits.noteMax) throw refuse.invalid(texts.tooLong('The note'))
  return {
    stageName,
    vrchatName,
    note,
    email: input.email.trim().toLowerCase(),
    timeZone: validTimeZone(input.timeZone),
  }
}

/** Takes a sign-up for `showId`; the caller answers the same whatever happened. */
export async function signUp(
  db: Db,
  showId: string,
  input: OpenMicSignup,
  context: OpenMicContext,
): Promise<void> {
  const fields = cleaned(input)
  const show = await showOrRefuse(db, showId)
  const openMic = await openMicOrRefuse(db, show.id)
  if (!signupOpen(openMic, context.now)) throw refuse.conflict(texts.notOpen)
  await inTransaction(db, async (trx) => {
    await lockOpenMic(trx, show.id)
    const live = await trx
      .selectFrom('open_mic_signups')
      .selectAll()
      .where('show_id', '=', show.id)
      .where('email', '=', fields.email)
      .where('state', 'in', ['pending', 'confirmed'])
      .executeTakeFirst()
    if (live?.state === 'confirmed') {
      await mailPlace(trx, context, openMic, show, live.id, 'again')
      return
    }
    const token = newToken()
    const values = {
      stage_name: fields.stageName,
      vrchat_name: fields.vrchatName,
      note: fields.note,
      time_zone: fields.timeZone,
      confirm_token_hash: hashToken(token),
    }
    const row = live
      ? await trx
          .updateTable('open_mic_signups')
          .set(values)
          .where('id', '=', live.id)
          .returning('id')
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('open_mic_signups')
          .values({
            ...values,
            show_id: show.id,
            email: fields.email,
            state: 'pending',
            created_at: context.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
    const link = openMicLink(context.publicUrl, show.id, 'confirm', token)
    const mail = confirmSignupMail(fields.email, show.name, show.starts_at, link)
    await queueMail(
      trx,
      {
        ...mail,
        dedupeKey: `open-mic-confirm:${row.id}:${values.confirm_token_hash.slice(0, 12)}`,
      },
      context.now,
    )
  })
}

/** The roster's comic with this payout address, or a new one with the sign-up's names. */
async function comicFor(trx: Db, signup: SignupRow, now: Date): Promise<ComicRow> {
  const known = await trx
    .selectFrom('comics')
    .selectAll()
    .where('payout_email', '=', signup.email)
    .where('archived_at', 'is', null)
    .orderBy('created_at')
    .executeTakeFirst()
  if (known) return known
  const base = slugFromName(signup.stage_name) || 'comic'
  const taken = await trx
    .selectFrom('comics')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute()
  const slugs = new Set(taken.map((t) => t.slug))
  let slug = base
  for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`
  return trx
    .insertInto('comics')
    .values({
      id: newComicId(),
      slug,
      name: signup.stage_name,
      vrchat_name: signup.vrchat_name,
      payout_email: signup.email,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export interface SignupPlace {
  showId: string
  stageName: string
  list: 'pool' | 'slot' | 'waitlist'
  position: number
  /** A slot's planned time. */
  plannedAt: Date | null
}

/**
 * Confirms the sign-up whose link holds `token`, under the open mic's lock: first come, the next
 * free slot or the end of the waitlist; a lottery not drawn yet, its pool. Each confirmation is
 * numbered, so "in confirmation order" is a fact of the database, whatever the clock says.
 */
export async function confirmSignup(
  db: Db,
  token: string,
  context: OpenMicContext,
): Promise<SignupPlace> {
  if (!token || token.length > 100) throw refuse.gone(texts.badLink)
  const hash = hashToken(token)
  const found = await db
    .selectFrom('open_mic_signups')
    .select(['id', 'show_id'])
    .where('confirm_token_hash', '=', hash)
    .where('state', '=', 'pending')
    .executeTakeFirst()
  if (!found) throw refuse.gone(texts.badLink)
  const show = await showOrRefuse(db, found.show_id)
  const place = await inTransaction(db, async (trx) => {
    const openMic = await lockOpenMic(trx, show.id)
    const signup = await trx
      .selectFrom('open_mic_signups')
      .selectAll()
      .where('id', '=', found.id)
      .where('confirm_token_hash', '=', hash)
      .where('state', '=', 'pending')
      .executeTakeFirst()
    if (!signup || context.now >= show.starts_at) throw refuse.gone(texts.badLink)
    const comic = await comicFor(trx, signup, context.now)
    const drawing = openMic.rule === 'lottery' && !openMic.drawn_at
    const slots = drawing ? [] : await listOf(trx, show.id, 'slot')
    const list: SignupPlace['list'] = drawing
      ? 'pool'
      : slots.length < openMic.slots
        ? 'slot'
        : 'waitlist'
    const position =
      list === 'slot' ? slots.length + 1 : (await listOf(trx, show.id, list)).length + 1
    await trx
      .updateTable('open_mic_signups')
      .set({
        state: 'confirmed',
        list,
        position,
        confirm_seq: await nextConfirmSeq(trx, show.id),
        confirm_token_hash: null,
        confirmed_at: context.now,
        comic_id: comic.id,
      })
      .where('id', '=', signup.id)
      .execute()
    await mailPlace(trx, context, openMic, show, signup.id, 'confirmed')
    return {
      showId: show.id,
      stageName: signup.stage_name,
      list,
      position,
      plannedAt: list === 'slot' ? plannedAt(openMic, show, position) : null,
    }
  })
  markEventsChanged()
  return place
}

/**
 * Withdraws the sign-up whose place mail holds `token`. A slot given up goes to the first of the
 * waitlist, at the same place in the running order (nobody else's time moves), and they are told.
 */
export async function withdrawSignup(
  db: Db,
  token: string,
  context: OpenMicContext,
): Promise<{ showId: string; stageName: string }> {
  if (!token || token.length > 100) throw refuse.gone(texts.badLink)
  const hash = hashToken(token)
  const found = await db
    .selectFrom('open_mic_signups')
    .select(['id', 'show_id'])
    .where('withdraw_token_hash', '=', hash)
    .where('state', '=', 'confirmed')
    .executeTakeFirst()
  if (!found) throw refuse.gone(texts.badLink)
  const show = await showOrRefuse(db, found.show_id)
  const result = await inTransaction(db, async (trx) => {
    const openMic = await lockOpenMic(trx, show.id)
    const signup = await trx
      .updateTable('open_mic_signups')
      .set({ state: 'withdrawn', withdrawn_at: context.now, withdraw_token_hash: null })
      .where('id', '=', found.id)
      .where('withdraw_token_hash', '=', hash)
      .where('state', '=', 'confirmed')
      .returningAll()
      .executeTakeFirst()
    if (!signup) throw refuse.gone(texts.badLink)
    if (signup.list) await writeList(trx, signup.list, await listOf(trx, show.id, signup.list))
    if (signup.list === 'slot') {
      await fillSlots(trx, context, openMic, show, signup.position ?? undefined)
    }
    return { showId: show.id, stageName: signup.stage_name }
  })
  markEventsChanged()
  return result
}
