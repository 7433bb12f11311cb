import { sql } from 'kysely'
import { followMailEveryMs } from '../../shared/reminders'
import type { Clock } from '../clock'
import type { Db } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { queueMail } from '../mail/outbox'
import { followNewsMail } from './reminder-mail'

/**
 * A follower's lineup news (docs/product.md, "Reminders and following"): when a comic they follow
 * is added to an upcoming show's lineup, one mail, at most one a day, with every such place since
 * the last. The places a comic already had when followed are known, not news.
 */

/** Marks every upcoming place of the comics `subscriberId` follows as known (no mail). */
export async function markFollowKnown(trx: Db, subscriberId: number, now: Date): Promise<void> {
  await sql`insert into follow_news (subscriber_id, show_id, comic_id, told_at)
    select f.subscriber_id, l.show_id, l.comic_id, null
    from comic_follows f
    join lineups l on l.comic_id = f.comic_id
    join events e on e.id = l.show_id and e.removed_at is null and e.starts_at > ${now}
    where f.subscriber_id = ${subscriberId}
    on conflict do nothing`.execute(trx)
}

interface NewsRow {
  subscriber_id: number
  show_id: string
  comic_id: string
}

/** The places not yet told, of followers confirmed and not mailed within the last day. */
function newsDue(db: Db, now: Date, subscriberId?: number) {
  const since = new Date(now.getTime() - followMailEveryMs)
  const only = subscriberId === undefined ? sql`` : sql`and s.id = ${subscriberId}`
  return sql<NewsRow>`select f.subscriber_id, l.show_id, l.comic_id
    from comic_follows f
    join subscribers s on s.id = f.subscriber_id
    join lineups l on l.comic_id = f.comic_id
    join events e on e.id = l.show_id
    where s.confirmed_at is not null ${only}
      and (s.last_follow_mail_at is null or s.last_follow_mail_at <= ${since})
      and e.removed_at is null and e.starts_at > ${now}
      and not exists (select 1 from follow_news n where n.subscriber_id = f.subscriber_id
        and n.show_id = l.show_id and n.comic_id = l.comic_id)
    order by f.subscriber_id, e.starts_at, l.position`.execute(db)
}

/**
 * Run by the mail worker: each follower with news gets one mail, queued in the transaction that
 * records the places told and the time, under the follower's lock, so two processes never mail
 * the same news twice. Returns how many mails were queued.
 */
export async function queueFollowNews(db: Db, clock: Clock): Promise<number> {
  const due = await newsDue(db, clock.now())
  const followers = [...new Set(due.rows.map((row) => row.subscriber_id))]
  let queued = 0
  for (const id of followers) {
    const mailed = await inTransaction(db, async (trx) => {
      const now = clock.now()
      const subscriber = await trx
        .selectFrom('subscribers')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
      if (!subscriber) return false
      // Read again under the lock: another process may have mailed this follower meanwhile.
      const rows = (await newsDue(trx, now, id)).rows
      if (rows.length === 0) return false
      const places = await trx
        .selectFrom('events')
        .innerJoin('lineups', 'lineups.show_id', 'events.id')
        .innerJoin('comics', 'comics.id', 'lineups.comic_id')
        .select([
          'events.id as showId',
          'events.name as show',
          'events.starts_at',
          'comics.id as comicId',
          'comics.name as comic',
        ])
        .where(
          'events.id',
          'in',
          rows.map((row) => row.show_id),
        )
        .where(
          'comics.id',
          'in',
          rows.map((row) => row.comic_id),
        )
        .orderBy('events.starts_at')
        .execute()
      const news = places.filter((place) =>
        rows.some((row) => row.show_id === place.showId && row.comic_id === place.comicId),
      )
      await trx
        .insertInto('follow_news')
        .values(rows.map((row) => ({ ...row, told_at: now })))
        .onConflict((oc) => oc.doNothing())
        .execute()
      await trx
        .updateTable('subscribers')
        .set({ last_follow_mail_at: now })
        .where('id', '=', id)
        .execute()
      const mail = followNewsMail(
        subscriber.email,
        news.map((n) => ({ comic: n.comic, show: n.show, startsAt: n.starts_at })),
        subscriber.manage_token,
      )
      await queueMail(trx, { ...mail, dedupeKey: `follow-news:${id}:${now.toISOString()}` }, now)
      return true
    })
    if (mailed) queued++
  }
  return queued
}
