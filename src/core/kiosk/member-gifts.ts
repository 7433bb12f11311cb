import { type LiveGift, liveGiftCount } from '../../shared/live'
import { type Db, toCount } from '../db/schema'
import { grantWordColumns, memberGrantOf } from '../grants/grant'
import { giftOf } from '../grants/grant-gift'

/** Members' grants at a show: their boosts in all, and the last few as gifts, newest first. */
export async function readMemberGifts(
  db: Db,
  showId: string,
): Promise<{ total: number; gifts: LiveGift[] }> {
  const [total, rows] = await Promise.all([
    db
      .selectFrom('member_redemptions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('boosts'), eb.lit(0)).as('total'))
      .where('show_id', '=', showId)
      .executeTakeFirst(),
    db
      .selectFrom('member_redemptions as r')
      .leftJoin('sets as s', 's.id', 'r.set_id')
      .leftJoin('comics as c', 'c.id', 's.comic_id')
      .select(['c.id as comic_id', 'c.name as comic', ...grantWordColumns])
      .select(['r.show_id', 'r.set_id', 'r.tier', 'r.boosts', 'r.anonymous', 'r.redeemed_at'])
      .where('r.show_id', '=', showId)
      .orderBy('r.redeemed_at', 'desc')
      .orderBy('r.membership_id')
      .limit(liveGiftCount)
      .execute(),
  ])
  return { total: toCount(total?.total ?? 0), gifts: rows.map((row) => giftOf(memberGrantOf(row))) }
}
