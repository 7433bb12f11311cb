import type { GiftEvent } from '../../shared/stage'
import { type Db, toCount } from '../db/schema'
import {
  codeGrantOf,
  type Grant,
  grantWordColumns,
  memberGrantOf,
  memberGrantRecord,
} from '../grants/grant'
import { giftEventOf } from '../grants/grant-gift'
import { redemptionId } from '../ids'

/** The gifts a reconnecting reader is sent at most: the newest of those it missed. */
export const replayLimit = 50

/**
 * A gift's event id: its grant's time (13 digits of ms, so ids sort as text) and the grant's id
 * (the keyed hash of its record, the kiosk's `redemption`). The same on every process and after
 * a restart, whether the grant was just made or read back, and it names no code.
 */
export function giftEventId(grant: Pick<Grant, 'at' | 'redemption'>): string {
  return `${String(grant.at.getTime()).padStart(13, '0')}-${grant.redemption}`
}

/**
 * The id of an event that is not a gift (a state change, the host's): its time, then a mark that
 * sorts after every gift's hash, so a reader resuming from it is sent the gifts after that time.
 */
export function markEventId(at: Date, unique: string): string {
  return `${String(at.getTime()).padStart(13, '0')}-~${unique}`
}

/** A well-formed event id, or undefined: anything else in Last-Event-ID means "no replay". */
export function parseEventId(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{13}-~?[A-Za-z0-9_-]{1,40}$/.test(value)
    ? value
    : undefined
}

/** A gift and its id, as read back from the redemptions (a reconnecting reader's replay). */
export interface StageGift {
  id: string
  gift: GiftEvent
}

/** The show's running total: its fans' codes and its members' grants. */
export async function showTotal(db: Db, showId: string): Promise<number> {
  const sum = (table: 'redemptions' | 'member_redemptions') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('boosts'), eb.lit(0)).as('total'))
      .where('show_id', '=', showId)
      .executeTakeFirst()
  const [codes, members] = await Promise.all([sum('redemptions'), sum('member_redemptions')])
  return toCount(codes?.total ?? 0) + toCount(members?.total ?? 0)
}

/**
 * Grants of a show at or after `since` with their event ids, newest first, at most `limit`: read
 * back from the records, each as the grant event its statement returned when it was made.
 */
async function readGrants(
  db: Db,
  keyedHash: (text: string) => string,
  query: { showId: string; since: Date; limit: number },
): Promise<{ id: string; grant: Grant }[]> {
  const { since, showId, limit } = query
  // Each with the comic it was credited to (none: the show's pot).
  const [codes, members] = await Promise.all([
    db
      .selectFrom('redemptions as r')
      .leftJoin('sets as s', 's.id', 'r.set_id')
      .leftJoin('comics as c', 'c.id', 's.comic_id')
      .select(['r.code', 'r.show_id', 'r.set_id', 'r.product_id', 'r.boosts', 'r.anonymous'])
      .select(['r.redeemed_at', 'c.id as comic_id', 'c.name as comic', ...grantWordColumns])
      .where('r.show_id', '=', showId)
      .where('r.redeemed_at', '>=', since)
      .orderBy('r.redeemed_at', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('member_redemptions as r')
      .leftJoin('sets as s', 's.id', 'r.set_id')
      .leftJoin('comics as c', 'c.id', 's.comic_id')
      .select(['r.membership_id', 'r.show_id', 'r.set_id', 'r.tier', ...grantWordColumns])
      .select(['r.boosts', 'r.anonymous', 'r.redeemed_at', 'c.id as comic_id', 'c.name as comic'])
      .where('r.show_id', '=', showId)
      .where('r.redeemed_at', '>=', since)
      .orderBy('r.redeemed_at', 'desc')
      .limit(limit)
      .execute(),
  ])
  const grants: Grant[] = [
    ...codes.map((row) => ({ ...codeGrantOf(row), redemption: redemptionId(keyedHash, row.code) })),
    ...members.map((row) => ({
      ...memberGrantOf(row),
      redemption: redemptionId(keyedHash, memberGrantRecord(row.membership_id, showId)),
    })),
  ]
  return grants
    .map((grant) => ({ id: giftEventId(grant), grant }))
    .sort((a, b) => (a.id < b.id ? 1 : -1))
    .slice(0, limit)
}

/**
 * The gifts of a show after the event `afterId`, oldest first: at most the newest `limit`, each
 * with the running total it made (today's total less the gifts after it).
 */
export async function giftsAfter(
  db: Db,
  keyedHash: (text: string) => string,
  showId: string,
  afterId: string,
  limit = replayLimit,
): Promise<StageGift[]> {
  const since = new Date(Number(afterId.slice(0, 13)))
  const [newest, total] = await Promise.all([
    readGrants(db, keyedHash, { showId, since, limit }),
    showTotal(db, showId),
  ])
  let running = total
  const gifts: StageGift[] = []
  for (const { id, grant } of newest) {
    gifts.push({ id, gift: giftEventOf(grant, running) })
    running -= grant.boosts
  }
  return gifts.filter((entry) => entry.id > afterId).reverse()
}
