import { sql, type UpdateObject } from 'kysely'
import { limits } from '../../shared/limits'
import type { ScheduleComic, ScheduleEvent, ScheduleOpenMic } from '../../shared/schedule'
import { regularShowsBetween } from '../../shared/show-time'
import { regularShowDescription } from '../../shared/site-config'
import { hasControlCharacters } from '../../shared/text'
import type { Clock } from '../clock'
import type { Database, Db, EventRow } from '../db/schema'
import { newEventId, regularShowId } from '../ids'

/** How far ahead the regular shows exist as events. */
export const seedWeeks = 8

/*
 * Every write below bumps this counter, so the schedule cache of this process drops its copy at
 * once. Other processes notice within the cache's few seconds.
 */
let changes = 0

export function eventsVersion(): number {
  return changes
}

export function markEventsChanged(): void {
  changes++
}

/**
 * Creates the regular Sunday and Tuesday shows of the coming weeks that do not exist yet. Safe to
 * run at any time, from any number of processes: an existing slot (even a removed or edited one)
 * is left alone. Returns how many were created.
 */
export async function seedRegularShows(db: Db, clock: Clock, weeks = seedWeeks): Promise<number> {
  const now = clock.now()
  const slots = regularShowsBetween(now, 0, weeks * 7)
  if (slots.length === 0) return 0
  const result = await db
    .insertInto('events')
    .values(
      slots.map((slot) => ({
        id: regularShowId(slot.startsAt),
        name: slot.name,
        description: regularShowDescription,
        starts_at: slot.startsAt,
        source: 'regular' as const,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst()
  const created = Number(result.numInsertedOrUpdatedRows ?? 0)
  if (created > 0) markEventsChanged()
  return created
}

/**
 * The events not removed whose show has not ended at `now` (start + 3 hours is later), in start
 * order: upcoming, as the schedule, the next show and the live feed mean it (docs/product.md,
 * "Schedule"). A query to select from.
 */
export function eventsNotEnded(db: Db, now: Date) {
  return db
    .selectFrom('events')
    .where('removed_at', 'is', null)
    .where('starts_at', '>', new Date(now.getTime() - limits.showRolloverMs))
    .orderBy('starts_at')
    .orderBy('id')
}

export async function listUpcoming(db: Db, now: Date): Promise<EventRow[]> {
  return eventsNotEnded(db, now).selectAll().execute()
}

/**
 * The show that is on at `at` or comes next: the first event not ended (the next-show rule of
 * docs/product.md, "Show times and rollover", read from the events table, so a moved or
 * cancelled show is respected). Seeds the regular shows from `at` on when none is left, so there
 * always is one.
 */
export async function showAt(db: Db, at: Date): Promise<EventRow> {
  const first = () => eventsNotEnded(db, at).selectAll().limit(1).executeTakeFirst()
  const found = await first()
  if (found) return found
  await seedRegularShows(db, { now: () => at })
  const seeded = await first()
  if (!seeded) throw new Error(`No show after ${at.toISOString()}, even after seeding`)
  return seeded
}

export async function findEvent(db: Db, id: string): Promise<EventRow | undefined> {
  // An id is short printable text: anything else (a NUL, which PostgreSQL refuses) is no event.
  if (id.length > 64 || hasControlCharacters(id)) return undefined
  return db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst()
}

export interface NewEventInput {
  name: string
  description: string
  startsAt: Date
}

export async function addEvent(db: Db, input: NewEventInput, now: Date): Promise<EventRow> {
  const row = await db
    .insertInto('events')
    .values({
      id: newEventId(),
      name: input.name,
      description: input.description,
      starts_at: input.startsAt,
      source: 'operator',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  markEventsChanged()
  return row
}

export type EventChanges = Partial<NewEventInput>

/**
 * Changes an event that exists and is not removed; undefined when there is none. The orders sold
 * for it follow (docs/product.md, "Show times and rollover"): their show's name and time, and
 * the codes not yet redeemed or voided redeem until the new start plus the rollover.
 */
export async function updateEvent(
  db: Db,
  id: string,
  changes: EventChanges,
  now: Date,
): Promise<EventRow | undefined> {
  if (!db.isTransaction) {
    const row = await db.transaction().execute((trx) => updateEvent(trx, id, changes, now))
    // Again once committed: a schedule read between the change and the commit saw the old rows.
    if (row) markEventsChanged()
    return row
  }
  const row = await changeEvent(db, id, {
    ...(changes.name === undefined ? {} : { name: changes.name }),
    ...(changes.description === undefined ? {} : { description: changes.description }),
    ...(changes.startsAt === undefined
      ? {}
      : {
          starts_at: changes.startsAt,
          // A move is a new revision for calendar apps (SEQUENCE), so they replace their entry.
          sequence: sql<number>`case when starts_at = ${changes.startsAt} then sequence else sequence + 1 end`,
        }),
    updated_at: now,
  })
  if (!row || (changes.name === undefined && changes.startsAt === undefined)) return row
  await db
    .updateTable('orders')
    .set({ show_name: row.name, show_starts_at: row.starts_at })
    .where('show_id', '=', row.id)
    .execute()
  if (changes.startsAt !== undefined) {
    await db
      .updateTable('codes')
      .set({ expires_at: new Date(row.starts_at.getTime() + limits.showRolloverMs) })
      .where('order_id', 'in', db.selectFrom('orders').select('id').where('show_id', '=', row.id))
      .where('redeemed_at', 'is', null)
      .where('voided_at', 'is', null)
      .execute()
  }
  return row
}

/** Removes an event (a tombstone, see the migration); undefined when there is none. */
export async function removeEvent(db: Db, id: string, now: Date): Promise<EventRow | undefined> {
  return changeEvent(db, id, { removed_at: now, updated_at: now })
}

/** One statement on an event that is not removed; the schedule cache hears of it at once. */
async function changeEvent(
  db: Db,
  id: string,
  set: UpdateObject<Database, 'events'>,
): Promise<EventRow | undefined> {
  const row = await db
    .updateTable('events')
    .set(set)
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
  if (row) markEventsChanged()
  return row
}

/** The API's shape of an event: startTime in ISO-8601 UTC, with its bill when given. */
export function toScheduleEvent(
  row: EventRow,
  comics?: ScheduleComic[],
  openMic?: ScheduleOpenMic,
): ScheduleEvent {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    startTime: row.starts_at.toISOString(),
    ...(comics ? { comics } : {}),
    ...(openMic ? { openMic } : {}),
  }
}
