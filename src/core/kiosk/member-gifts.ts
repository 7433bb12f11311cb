import { findProduct, perkWords } from '../../shared/catalogue'
import { type LiveGift, liveGiftCount } from '../../shared/live'
import { type TierId, tierRules } from '../../shared/memberships'
import { type Db, toCount } from '../db/schema'
import { giftComic, toComic } from './gift-words'

/** A member's chosen name, as the stage display may show it: one short line, nothing hidden. */
const maxNameLength = 32

function shownName(displayName: string | null): string {
  const name = (displayName ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
  return [...name].slice(0, maxNameLength).join('').trim()
}

/**
 * A member's gift on the stage display: "A VIP member gave 20 boosts to Sam", or the name the
 * member chose ("Robin, a VIP member, gave 20 boosts to Sam") unless they asked for an anonymous
 * gift; without " to Sam" when it went to the show's pot. Never the email.
 */
export function memberGiftOf(row: {
  tier: TierId
  display_name: string | null
  boosts: number
  anonymous: boolean
  redeemed_at: Date
  comic: string | null
}): LiveGift {
  const kind = tierRules[row.tier].perks.includes('vip')
    ? `a ${perkWords.vip.name} member`
    : 'a member'
  const name = row.anonymous ? '' : shownName(row.display_name)
  const from = row.anonymous ? 'an anonymous member' : name || kind
  const who = name ? `${name}, ${kind},` : `${from[0]?.toUpperCase()}${from.slice(1)}`
  const comic = giftComic(row.comic)
  return {
    product: row.tier,
    productName: findProduct(row.tier)?.name ?? row.tier,
    boosts: row.boosts,
    anonymous: row.anonymous,
    from,
    at: row.redeemed_at.toISOString(),
    comic,
    text: `${who} gave ${row.boosts} boosts${toComic(comic)}`,
  }
}

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
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .leftJoin('sets as s', 's.id', 'r.set_id')
      .leftJoin('comics as c', 'c.id', 's.comic_id')
      .select('c.name as comic')
      .select(['r.tier', 'm.display_name', 'r.boosts', 'r.anonymous', 'r.redeemed_at'])
      .where('r.show_id', '=', showId)
      .orderBy('r.redeemed_at', 'desc')
      .orderBy('r.membership_id')
      .limit(liveGiftCount)
      .execute(),
  ])
  return { total: toCount(total?.total ?? 0), gifts: rows.map(memberGiftOf) }
}
