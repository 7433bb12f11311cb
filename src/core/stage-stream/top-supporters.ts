import { cleanStageName } from '../../shared/fan-words'
import { type Supporter, type SupportersEvent, topSupportersCount } from '../../shared/supporters'
import { type Db, toCount } from '../db/schema'
import type { Grant } from '../grants/grant'
import { markEventId } from './gifts'
import type { StageEvent } from './publish'

/**
 * The night's top supporters of a show (docs/stage.md, "Top supporters"): one statement over the
 * show's grants, fans' codes and members' alike, through each table's index on the show. A name
 * is the one recorded with the grant (cleaned when it was kept; a member's is their member name),
 * so an anonymous grant, whose name is never kept, and a grant without one count under no name.
 * Most boosts first; on equal boosts, who reached them first; then by name, so the order is fixed.
 */
export async function readTopSupporters(
  db: Db,
  showId: string,
  limit = topSupportersCount,
): Promise<Supporter[]> {
  if (!showId) return []
  const grants = db
    .selectFrom('redemptions')
    .select(['name', 'boosts', 'redeemed_at'])
    .where('show_id', '=', showId)
    .where('anonymous', '=', false)
    .where('name', 'is not', null)
    .unionAll(
      db
        .selectFrom('member_redemptions')
        .select(['name', 'boosts', 'redeemed_at'])
        .where('show_id', '=', showId)
        .where('anonymous', '=', false)
        .where('name', 'is not', null),
    )
  const rows = await db
    .selectFrom(grants.as('g'))
    .select((eb) => [
      'g.name',
      eb.fn.sum<number>('g.boosts').as('boosts'),
      eb.fn.max('g.redeemed_at').as('reached'),
    ])
    .where('g.name', '<>', '')
    .groupBy('g.name')
    .orderBy('boosts', 'desc')
    .orderBy('reached', 'asc')
    .orderBy('g.name', 'asc')
    .limit(limit)
    .execute()
  // Cleaned again where it is shown, as every screen does with a fan's words.
  return rows
    .map((row) => ({ name: cleanStageName(row.name ?? ''), boosts: toCount(row.boosts) }))
    .filter((supporter) => supporter.name !== '')
}

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
