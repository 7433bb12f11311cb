import { cleanSignupText, openMicLimits, openMicLink, openMicTexts } from '../../shared/open-mic'
import type { OpenMicSignup, SignupToConfirm } from '../../shared/open-mic-api'
import { comicForSignup } from '../comics/roster'
import type { SignupRow } from '../db/open-mic-tables'
import type { Db, EventRow } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { queueMail } from '../mail/outbox'
import { refuse } from '../refusal'
import { findEvent, markEventsChanged } from '../schedule/events'
import { hashToken, newToken } from '../sign-in/links'
import { confirmSignupMail } from './open-mic-mail'
import { openMicRefusalTexts as texts } from './open-mic-texts'
import { fillSlots, publicOpenMicOrRefuse, signupOpen } from './open-mics'
import {
  freeSlots,
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
 * confirmed from the mailed link, withdrawn from a link in a place mail. One confirmed sign-up
 * per address and show; asking again answers the same and mails again.
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

/**
 * Takes a sign-up for `showId`; the caller answers the same whatever happened. Each request is a
 * pending row of its own with its own confirm link, mailed with the names it confirms: a request
 * from someone else with the same address changes nothing the owner typed and voids none of their
 * links. An address already confirmed gets its place again, with one more withdraw link.
 */
export async function signUp(
  db: Db,
  showId: string,
  input: OpenMicSignup,
  context: OpenMicContext,
): Promise<void> {
  const fields = cleaned(input)
  const { show, openMic } = await publicOpenMicOrRefuse(db, showId)
  if (!signupOpen(openMic, context.now)) throw refuse.conflict(texts.notOpen)
  await inTransaction(db, async (trx) => {
    await lockOpenMic(trx, show.id)
    const confirmed = await trx
      .selectFrom('open_mic_signups')
      .select('id')
      .where('show_id', '=', show.id)
      .where('email', '=', fields.email)
      .where('state', '=', 'confirmed')
      .executeTakeFirst()
    if (confirmed) {
      await mailPlace(trx, context, openMic, show, confirmed.id, 'again')
      return
    }
    const token = newToken()
    const row = await trx
      .insertInto('open_mic_signups')
      .values({
        show_id: show.id,
        email: fields.email,
        stage_name: fields.stageName,
        vrchat_name: fields.vrchatName,
        note: fields.note,
        time_zone: fields.timeZone,
        confirm_token_hash: hashToken(token),
        state: 'pending',
        created_at: context.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const link = openMicLink(context.publicUrl, show.id, 'confirm', token)
    const mail = confirmSignupMail(fields.email, show.name, show.starts_at, link, fields)
    await queueMail(trx, { ...mail, dedupeKey: `open-mic-confirm:${row.id}` }, context.now)
  })
}

/** A link's show: one removed since is the link's refusal, in the public's words. */
async function linkShowOrRefuse(db: Db, showId: string): Promise<EventRow> {
  const show = await findEvent(db, showId)
  if (!show) throw refuse.gone(texts.badLink)
  return show
}

/** The pending sign-up whose confirm link holds `token`, or the link's refusal. */
async function pendingOrRefuse(db: Db, token: string): Promise<SignupRow> {
  if (!token || token.length > 100) throw refuse.gone(texts.badLink)
  const found = await db
    .selectFrom('open_mic_signups')
    .selectAll()
    .where('confirm_token_hash', '=', hashToken(token))
    .where('state', '=', 'pending')
    .executeTakeFirst()
  if (!found) throw refuse.gone(texts.badLink)
  return found
}

/**
 * What the confirm link holding `token` confirms: the names and note typed with its own request,
 * for the page to show before it asks (only the mail's reader holds the link).
 */
export async function signupToConfirm(db: Db, token: string): Promise<SignupToConfirm> {
  const signup = await pendingOrRefuse(db, token)
  return {
    showId: signup.show_id,
    stageName: signup.stage_name,
    vrchatName: signup.vrchat_name,
    note: signup.note,
  }
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
  const found = await pendingOrRefuse(db, token)
  const show = await linkShowOrRefuse(db, found.show_id)
  const place = await inTransaction(db, async (trx) => {
    const openMic = await lockOpenMic(trx, show.id)
    const signup = await trx
      .selectFrom('open_mic_signups')
      .selectAll()
      .where('id', '=', found.id)
      .where('state', '=', 'pending')
      .executeTakeFirst()
    if (!signup || context.now >= show.starts_at) throw refuse.gone(texts.badLink)
    const comic = await comicForSignup(
      trx,
      { name: signup.stage_name, vrchatName: signup.vrchat_name, email: signup.email },
      context.now,
    )
    const drawing = openMic.rule === 'lottery' && !openMic.drawn_at
    // The first open slot (one given up stays open until the waitlist fills it), else the waitlist.
    const open = drawing ? [] : freeSlots(openMic, await listOf(trx, show.id, 'slot'))
    const list: SignupPlace['list'] = drawing ? 'pool' : open.length > 0 ? 'slot' : 'waitlist'
    const position =
      list === 'slot' ? (open[0] ?? 1) : (await listOf(trx, show.id, list)).length + 1
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
    // The address's other requests (someone else's, or the owner's own earlier ones) are spent:
    // only the address's owner could confirm, and one sign-up per address is confirmed.
    await trx
      .deleteFrom('open_mic_signups')
      .where('show_id', '=', show.id)
      .where('email', '=', signup.email)
      .where('state', '=', 'pending')
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
  const found = await db
    .selectFrom('open_mic_withdraw_links')
    .innerJoin('open_mic_signups', 'open_mic_signups.id', 'open_mic_withdraw_links.signup_id')
    .select(['open_mic_signups.id', 'open_mic_signups.show_id'])
    .where('open_mic_withdraw_links.token_hash', '=', hashToken(token))
    .where('open_mic_signups.state', '=', 'confirmed')
    .executeTakeFirst()
  if (!found) throw refuse.gone(texts.badLink)
  return withdrawConfirmed(db, found, context)
}

/**
 * Withdraws the confirmed sign-up `found` (from a place mail's link, or its comic signed in). A
 * slot given up goes to the first of the waitlist, at the same place in the running order.
 */
export async function withdrawConfirmed(
  db: Db,
  found: { id: number; show_id: string },
  context: OpenMicContext,
): Promise<{ showId: string; stageName: string }> {
  const show = await linkShowOrRefuse(db, found.show_id)
  const result = await inTransaction(db, async (trx) => {
    const openMic = await lockOpenMic(trx, show.id)
    const signup = await trx
      .updateTable('open_mic_signups')
      .set({ state: 'withdrawn', withdrawn_at: context.now })
      .where('id', '=', found.id)
      .where('state', '=', 'confirmed')
      .returningAll()
      .executeTakeFirst()
    if (!signup) throw refuse.gone(texts.badLink)
    await trx.deleteFrom('open_mic_withdraw_links').where('signup_id', '=', signup.id).execute()
    // A slot given up stays where it is in the running order: nobody else's time moves.
    if (signup.list && signup.list !== 'slot') {
      await writeList(trx, signup.list, await listOf(trx, show.id, signup.list))
    }
    if (signup.list === 'slot') {
      await fillSlots(trx, context, openMic, show, signup.position ?? undefined)
    }
    return { showId: show.id, stageName: signup.stage_name }
  })
  markEventsChanged()
  return result
}
