import { findProduct } from '../../shared/catalogue'
import { tierRules } from '../../shared/memberships'
import type { GiftEvent } from '../../shared/stage'
import { type Db, toCount } from '../db/schema'
import { redemptionId } from '../ids'
import type { GiftKey } from '../kiosk/kiosk-deps'
import { giftOf } from '../kiosk/live-feed'
import { memberGiftOf } from '../kiosk/member-gifts'

/** The gifts a reconnecting reader is sent at most: the newest of those it missed. */
export const replayLimit = 50

/**
 * A gift's event id: its redemption's time (13 digits of ms, so ids sort as text) and the keyed
 * hash of its record (the kiosk's `redemption`). The same on every process and after a restart,
 * read back from the database, and it names no code.
 */
export function giftEventId(at: Date, keyedHash: (text: string) => string, record: string) {
  return `${String(at.getTime()).padStart(13, '0')}-${redemptionId(keyedHash, record)}`
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

/** A gift and its id, as read from the redemptions. */
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

interface GiftQuery {
  showId: string
  /** Only gifts at or after this instant. */
  since?: Date | undefined
  /** One grant only. */
  key?: GiftKey | undefined
  limit: number
}

/** Gifts of a show, newest first, with their ids (running totals not filled in). */
async function readGifts(
  db: Db,
  keyedHash: (text: string) => string,
  query: GiftQuery,
): Promise<StageGift[]> {
  const { key, since, showId, limit } = query
  // Each with the stage name of the comic it was credited to (null: the show's pot).
  let codes = db
    .selectFrom('redemptions as r')
    .leftJoin('sets as s', 's.id', 'r.set_id')
    .leftJoin('comics as c', 'c.id', 's.comic_id')
    .select([
      'r.code',
      'r.product_id',
      'r.boosts',
      'r.anonymous',
      'r.redeemed_at',
      'c.name as comic',
    ])
    .where('r.show_id', '=', showId)
    .orderBy('r.redeemed_at', 'desc')
    .limit(limit)
  let members = db
    .selectFrom('member_redemptions as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .leftJoin('sets as s', 's.id', 'r.set_id')
    .leftJoin('comics as c', 'c.id', 's.comic_id')
    .select(['r.membership_id', 'r.tier', 'm.display_name', 'r.boosts', 'r.anonymous'])
    .select('c.name as comic')
    .select('r.redeemed_at')
    .where('r.show_id', '=', showId)
    .orderBy('r.redeemed_at', 'desc')
    .limit(limit)
  if (since) {
    codes = codes.where('r.redeemed_at', '>=', since)
    members = members.where('r.redeemed_at', '>=', since)
  }
  if (key) {
    codes = codes.where('r.code', '=', key.kind === 'code' ? key.code : '')
    members = members.where('r.membership_id', '=', key.kind === 'member' ? key.membershipId : '')
  }
  const [codeRows, memberRows] = await Promise.all([
    key?.kind === 'member' ? [] : codes.execute(),
    key?.kind === 'code' ? [] : members.execute(),
  ])
  const gifts: StageGift[] = [
    ...codeRows.map((row) => ({
      id: giftEventId(row.redeemed_at, keyedHash, row.code),
      gift: { ...giftOf(row), showId, member: false, vip: false, totalBoosts: 0 },
    })),
    ...memberRows.map((row) => ({
      id: giftEventId(row.redeemed_at, keyedHash, `member:${row.membership_id}:${showId}`),
      gift: {
        ...memberGiftOf(row),
        showId,
        member: true,
        vip: tierRules[row.tier].perks.includes('vip'),
        totalBoosts: 0,
      },
    })),
  ]
  for (const { gift } of gifts)
    gift.vip ||= findProduct(gift.product)?.perks.includes('vip') ?? false
  return gifts.sort((a, b) => (a.id < b.id ? 1 : -1)).slice(0, limit)
}

/** The gift a grant made, with the show's running total now. */
export async function readGift(
  db: Db,
  keyedHash: (text: string) => string,
  showId: string,
  key: GiftKey,
): Promise<StageGift | undefined> {
  const [gifts, total] = await Promise.all([
    readGifts(db, keyedHash, { showId, key, limit: 1 }),
    showTotal(db, showId),
  ])
  const found = gifts[0]
  if (found) found.gift.totalBoosts = total
  return found
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
    readGifts(db, keyedHash, { showId, since, limit }),
    showTotal(db, showId),
  ])
  let running = total
  for (const entry of newest) {
    entry.gift.totalBoosts = running
    running -= entry.gift.boosts
  }
  return newest.filter((entry) => entry.id > afterId).reverse()
}
