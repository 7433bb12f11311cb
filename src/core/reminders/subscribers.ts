import { sql } from 'kysely'
import { publicUrlMarker } from '../../shared/page-rendering'
import { reminderPaths, reminderTexts as texts } from '../../shared/reminders'
import { findComic } from '../comics/roster'
import type { ComicRow } from '../db/comic-tables'
import type { SubscriberRow } from '../db/reminder-tables'
import type { Db, EventRow } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { queueMail } from '../mail/outbox'
import { refuse } from '../refusal'
import { findEvent, showAt } from '../schedule/events'
import { hashToken, newToken } from '../sign-in/links'
import { markFollowKnown } from './follow-news'
import { confirmAddressMail } from './reminder-mail'

/**
 * The addresses that asked for reminders or follow a comic (docs/product.md, "Reminders and
 * following"). An address is confirmed once, by the one link mailed in its round; until then it
 * gets nothing else, however often it is typed. Every answer is the same whether the address was
 * confirmed or not, so the form tells no one what another address asked for.
 */

/** The address's row, made when new, locked until the transaction ends. */
async function lockedSubscriber(trx: Db, email: string, now: Date): Promise<SubscriberRow> {
  await trx
    .insertInto('subscribers')
    .values({ email, manage_token: newToken(), created_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute()
  return trx
    .selectFrom('subscribers')
    .selectAll()
    .where('email', '=', email)
    .forUpdate()
    .executeTakeFirstOrThrow()
}

/** This round's one confirm mail, when it has not gone yet. */
async function mailConfirmOnce(
  trx: Db,
  subscriber: SubscriberRow,
  asked: string,
  now: Date,
): Promise<void> {
  if (subscriber.confirmed_at || subscriber.confirm_token_hash) return
  const token = newToken()
  await trx
    .updateTable('subscribers')
    .set({ confirm_token_hash: hashToken(token) })
    .where('id', '=', subscriber.id)
    .execute()
  const link = `${publicUrlMarker}${reminderPaths.confirm}?token=${encodeURIComponent(token)}`
  await queueMail(
    trx,
    {
      ...confirmAddressMail(subscriber.email, link, asked),
      dedupeKey: `subscriber-confirm:${subscriber.id}:${subscriber.round}`,
    },
    now,
  )
}

const normalEmail = (email: string) => email.trim().toLowerCase()

/** "Remind me" for one show: held for the address, mailed from once it is confirmed. */
/** A show on the schedule that has not started, or the form's refusal. */
export async function remindableShow(db: Db, showId: string, now: Date): Promise<EventRow> {
  const show = await findEvent(db, showId)
  if (!show) throw refuse.notFound(texts.noShow)
  if (show.starts_at <= now) throw refuse.conflict(texts.showStarted)
  return show
}

export async function askReminder(
  db: Db,
  input: { email: string; showId: string },
  now: Date,
): Promise<void> {
  const show = await remindableShow(db, input.showId, now)
  await inTransaction(db, async (trx) => {
    const subscriber = await lockedSubscriber(trx, normalEmail(input.email), now)
    await trx
      .insertInto('show_reminders')
      .values({ subscriber_id: subscriber.id, show_id: show.id, created_at: now })
      .onConflict((oc) => oc.columns(['subscriber_id', 'show_id']).doNothing())
      .execute()
    await mailConfirmOnce(trx, subscriber, `reminders before ${show.name}`, now)
  })
}

/**
 * The checkout's box "Remind me before the show": reminders of the show on or next (the one the
 * codes are for), asked like any other. A show already started has no reminder left: nothing.
 */
export async function askReminderAtCheckout(db: Db, email: string, now: Date): Promise<void> {
  const show = await showAt(db, now)
  if (show.starts_at <= now) return
  await askReminder(db, { email, showId: show.id }, now)
}

/** A comic on the site by id or slug (not archived), or the form's refusal. */
export async function followableComic(db: Db, ref: string): Promise<ComicRow> {
  const comic = ref.length <= 64 ? await findComic(db, ref) : undefined
  if (!comic || comic.archived_at) throw refuse.notFound(texts.noComic)
  return comic
}

/** "Follow" a comic: news of their shows once the address is confirmed. */
export async function askFollow(
  db: Db,
  input: { email: string; comicId: string },
  now: Date,
): Promise<void> {
  const comic = await followableComic(db, input.comicId)
  await inTransaction(db, async (trx) => {
    const subscriber = await lockedSubscriber(trx, normalEmail(input.email), now)
    const added = await trx
      .insertInto('comic_follows')
      .values({ subscriber_id: subscriber.id, comic_id: comic.id, created_at: now })
      .onConflict((oc) => oc.columns(['subscriber_id', 'comic_id']).doNothing())
      .returning('comic_id')
      .execute()
    if (added.length > 0 && subscriber.confirmed_at) {
      await markFollowKnown(trx, subscriber.id, now)
    }
    await mailConfirmOnce(trx, subscriber, `news of ${comic.name}'s shows`, now)
  })
}

/**
 * Confirms the address whose confirm link holds `token`; its reminders and follows start now
 * (a reminder whose time has passed is not sent). Returns the manage page's token.
 */
export async function confirmAddress(db: Db, token: string, now: Date): Promise<string> {
  if (!token || token.length > 100) throw refuse.gone(texts.badLink)
  return inTransaction(db, async (trx) => {
    const subscriber = await trx
      .selectFrom('subscribers')
      .selectAll()
      .where('confirm_token_hash', '=', hashToken(token))
      .where('confirmed_at', 'is', null)
      .forUpdate()
      .executeTakeFirst()
    if (!subscriber) throw refuse.gone(texts.badLink)
    await trx
      .updateTable('subscribers')
      .set({ confirmed_at: now, confirm_token_hash: null })
      .where('id', '=', subscriber.id)
      .execute()
    await markFollowKnown(trx, subscriber.id, now)
    return subscriber.manage_token
  })
}

async function byManageToken(db: Db, token: string): Promise<SubscriberRow> {
  if (!token || token.length > 100) throw refuse.gone(texts.badLink)
  const subscriber = await db
    .selectFrom('subscribers')
    .selectAll()
    .where('manage_token', '=', token)
    .executeTakeFirst()
  if (!subscriber) throw refuse.gone(texts.badLink)
  return subscriber
}

export interface Subscriptions {
  email: string
  confirmed: boolean
  shows: Array<{ id: string; name: string; startsAt: Date }>
  comics: Array<{ id: string; name: string }>
}

/** What the address of `token` gets: the manage page. */
export async function subscriptionsOf(db: Db, token: string, now: Date): Promise<Subscriptions> {
  const subscriber = await byManageToken(db, token)
  const shows = await db
    .selectFrom('show_reminders')
    .innerJoin('events', 'events.id', 'show_reminders.show_id')
    .select(['events.id', 'events.name', 'events.starts_at'])
    .where('show_reminders.subscriber_id', '=', subscriber.id)
    .where('events.removed_at', 'is', null)
    .where('events.starts_at', '>', now)
    .orderBy('events.starts_at')
    .execute()
  const comics = await db
    .selectFrom('comic_follows')
    .innerJoin('comics', 'comics.id', 'comic_follows.comic_id')
    .select(['comics.id', 'comics.name'])
    .where('comic_follows.subscriber_id', '=', subscriber.id)
    .orderBy('comics.name')
    .execute()
  return {
    email: subscriber.email,
    confirmed: subscriber.confirmed_at !== null,
    shows: shows.map((s) => ({ id: s.id, name: s.name, startsAt: s.starts_at })),
    comics,
  }
}

/** Stops one show's reminders or one comic's news for the address of `token`. */
export async function stopOne(
  db: Db,
  token: string,
  which: { showId: string } | { comicId: string },
): Promise<void> {
  const subscriber = await byManageToken(db, token)
  if ('showId' in which) {
    await db
      .deleteFrom('show_reminders')
      .where('subscriber_id', '=', subscriber.id)
      .where('show_id', '=', which.showId)
      .execute()
    return
  }
  await db
    .deleteFrom('comic_follows')
    .where('subscriber_id', '=', subscriber.id)
    .where('comic_id', '=', which.comicId)
    .execute()
}

/**
 * The one-click unsubscribe (RFC 8058) and the manage page's "Unsubscribe from everything": no
 * reminder, follow or news is left, and asking again starts a new round, confirmed again. Safe to
 * run twice: a mail client may post more than once.
 */
export async function unsubscribeAll(db: Db, token: string): Promise<void> {
  const subscriber = await byManageToken(db, token)
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('show_reminders').where('subscriber_id', '=', subscriber.id).execute()
    await trx.deleteFrom('comic_follows').where('subscriber_id', '=', subscriber.id).execute()
    await trx.deleteFrom('follow_news').where('subscriber_id', '=', subscriber.id).execute()
    await trx
      .updateTable('subscribers')
      .set({
        confirmed_at: null,
        confirm_token_hash: null,
        round: sql<number>`case when confirmed_at is null and confirm_token_hash is null then round else round + 1 end`,
      })
      .where('id', '=', subscriber.id)
      .execute()
  })
}
