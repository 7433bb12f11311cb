import { sql } from 'kysely'
import { type ReminderKind, reminderLeads } from '../../shared/reminders'
import type { Clock } from '../clock'
import type { Db } from '../db/schema'
import { queueMail } from '../mail/outbox'
import { reminderMail } from './reminder-mail'

/**
 * Reminders before a show (docs/product.md, "Reminders and following"), 24 hours and 1 hour
 * before each show an address chose once it is confirmed. A reminder is due from its moment
 * until the next one (the 1-hour reminder's moment, or the start), and only when the moment came
 * after the address asked and confirmed: a reminder whose time has passed is not sent. Its
 * outbox key names the show's start, so a moved show is reminded of at its new time, and a
 * removed show never. The outbox's key makes each one exactly once, whichever process or restart
 * queues it.
 */

interface Candidate {
  subscriber_id: number
  email: string
  manage_token: string
  show_id: string
  name: string
  starts_at: Date
  active_from: Date
}

/** The reminder of `kind` for this start, whatever process queues it. */
export function reminderKey(
  subscriberId: number,
  showId: string,
  kind: ReminderKind,
  startsAt: Date,
): string {
  return `reminder:${subscriberId}:${showId}:${kind}:${startsAt.toISOString()}`
}

/** Which reminder is due at `now` for a show starting at `startsAt`, asked for at `activeFrom`. */
export function dueKind(startsAt: Date, activeFrom: Date, now: Date): ReminderKind | undefined {
  const start = startsAt.getTime()
  for (const [i, lead] of reminderLeads.entries()) {
    const moment = start - lead.ms
    const until = start - (reminderLeads[i + 1]?.ms ?? 0)
    if (now.getTime() >= moment && now.getTime() < until && moment >= activeFrom.getTime()) {
      return lead.kind
    }
  }
  return undefined
}

/** Run by the mail worker: queues every reminder due now. Returns how many were queued. */
export async function queueDueReminders(db: Db, clock: Clock): Promise<number> {
  const now = clock.now()
  const longest = reminderLeads[0].ms
  const candidates = await sql<Candidate>`
    select r.subscriber_id, s.email, s.manage_token, r.show_id, e.name, e.starts_at,
      greatest(r.created_at, s.confirmed_at) as active_from
    from show_reminders r
    join subscribers s on s.id = r.subscriber_id
    join events e on e.id = r.show_id
    where s.confirmed_at is not null and e.removed_at is null
      and e.starts_at > ${now} and e.starts_at <= ${new Date(now.getTime() + longest)}`.execute(db)
  const due = candidates.rows.flatMap((row) => {
    const startsAt = new Date(row.starts_at)
    const kind = dueKind(startsAt, new Date(row.active_from), now)
    return kind
      ? [
          {
            ...row,
            startsAt,
            kind,
            key: reminderKey(row.subscriber_id, row.show_id, kind, startsAt),
          },
        ]
      : []
  })
  if (due.length === 0) return 0
  const queuedAlready = new Set(
    (
      await db
        .selectFrom('mail_outbox')
        .select('dedupe_key')
        .where(
          'dedupe_key',
          'in',
          due.map((d) => d.key),
        )
        .execute()
    ).map((row) => row.dedupe_key),
  )
  let queued = 0
  for (const reminder of due) {
    if (queuedAlready.has(reminder.key)) continue
    const lineup = await db
      .selectFrom('lineups')
      .innerJoin('comics', 'comics.id', 'lineups.comic_id')
      .select('comics.name')
      .where('lineups.show_id', '=', reminder.show_id)
      .orderBy('lineups.position')
      .execute()
    const mail = reminderMail(
      reminder.email,
      reminder.kind,
      { name: reminder.name, startsAt: reminder.startsAt, lineup: lineup.map((c) => c.name) },
      reminder.manage_token,
    )
    await queueMail(db, { ...mail, dedupeKey: reminder.key }, now)
    queued++
  }
  return queued
}
