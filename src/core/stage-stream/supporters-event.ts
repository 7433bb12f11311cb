import { cleanStageName } from '../../shared/fan-words'
import type { SupportersEvent } from '../../shared/supporters'
import type { Db } from '../db/schema'
import type { Grant } from '../grants/grant'
import { readTopSupporters } from '../kiosk/top-supporters'
import { markEventId } from './gifts'
import type { StageEvent } from './publish'

/*
 * The night's top supporters on the stream (docs/stage.md, "Top supporters"): whether the host
 * turned them on for the overlay, and the `supporters` event of a show's list
 * (kiosk/top-supporters.ts reads it).
 */

/** The server setting that says whether the overlay shows the list (off until the host says). */
const overlaySetting = 'overlay_supporters'

/** Whether the host turned the list on for the overlay. */
export async function readOverlaySupporters(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('server_settings')
    .select('value')
    .where('name', '=', overlaySetting)
    .executeTakeFirst()
  return row?.value === 'on'
}

/** Turns the overlay's list on or off, for every process (they read it from the database). */
export async function setOverlaySupporters(db: Db, on: boolean): Promise<void> {
  const value = on ? 'on' : 'off'
  await db
    .insertInto('server_settings')
    .values({ name: overlaySetting, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute()
}

/** The stream's `supporters` event: a show's list and whether the overlay shows it. */
export function supportersEvent(now: Date, data: SupportersEvent): StageEvent {
  return { id: markEventId(now, 'supporters'), event: 'supporters', data }
}

/** The `supporters` event of a show now, read from the database. */
export async function supportersEventOf(db: Db, showId: string, now: Date): Promise<StageEvent> {
  const [overlay, supporters] = await Promise.all([
    readOverlaySupporters(db),
    readTopSupporters(db, showId),
  ])
  return supportersEvent(now, { showId, overlay, supporters })
}

/**
 * After a grant: the show's `supporters` event when the grant changed the list (its name is on
 * it now), else undefined. An anonymous grant, or one without a name, changes no one's place.
 */
export async function supportersAfter(db: Db, grant: Grant): Promise<StageEvent | undefined> {
  const name = grant.anonymous ? '' : cleanStageName(grant.giver.name ?? '')
  if (!name || !grant.showId) return undefined
  // Its time is the grant's: a reader resuming from it is replayed the gifts after this one.
  const event = await supportersEventOf(db, grant.showId, grant.at)
  return event.event === 'supporters' &&
    event.data.supporters.some((supporter) => supporter.name === name)
    ? event
    : undefined
}
