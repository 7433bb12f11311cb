import { findProduct } from '../../shared/catalogue'
import { type LiveFeed, type LiveGift, liveGiftCount, liveState } from '../../shared/live'
import { readOnStage } from '../comics/on-stage'
import { type Db, toCount } from '../db/schema'
import { eventsNotEnded } from '../schedule/events'
import { giftComic, toComic } from './gift-words'
import { readMemberGifts } from './member-gifts'

const maxShowLength = 80

/**
 * A show code's gift as the feed and the stage show it: never the code. "A fan gave 10 boosts to
 * Sam (FFR 25)", or without " to Sam" when it went to the show's pot.
 */
export function giftOf(row: {
  product_id: string
  boosts: number
  anonymous: boolean
  redeemed_at: Date
  comic: string | null
}): LiveGift {
  const productName = findProduct(row.product_id)?.name ?? row.product_id
  const from = row.anonymous ? 'an anonymous fan' : 'a fan'
  const comic = giftComic(row.comic)
  return {
    product: row.product_id,
    productName,
    boosts: row.boosts,
    anonymous: row.anonymous,
    from,
    at: row.redeemed_at.toISOString(),
    comic,
    text: `${from[0]?.toUpperCase()}${from.slice(1)} gave ${row.boosts} boosts${toComic(comic)} (${productName})`,
  }
}

/** The show that is on now or next: the one the feed, and a member code, are about. */
function showOnOrNext(db: Db, now: Date) {
  return eventsNotEnded(db, now).select(['id', 'name', 'starts_at']).limit(1).executeTakeFirst()
}

/** Reads the feed from the database: a few small queries. */
export async function readLiveFeed(db: Db, now: Date): Promise<LiveFeed> {
  const open = await showOnOrNext(db, now)
  // No show ahead (an operator removed them all): the last one, ended.
  const show =
    open ??
    (await db
      .selectFrom('events')
      .select(['id', 'name', 'starts_at'])
      .where('removed_at', 'is', null)
      .orderBy('starts_at', 'desc')
      .limit(1)
      .executeTakeFirst())
  if (!show) {
    return {
      state: 'ended',
      showId: '',
      show: '',
      startsAt: '',
      totalBoosts: 0,
      gifts: [],
      onStage: null,
    }
  }
  const [total, gifts, members, onStage] = await Promise.all([
    db
      .selectFrom('redemptions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('boosts'), eb.lit(0)).as('total'))
      .where('show_id', '=', show.id)
      .executeTakeFirst(),
    db
      .selectFrom('redemptions as r')
      .leftJoin('sets as s', 's.id', 'r.set_id')
      .leftJoin('comics as c', 'c.id', 's.comic_id')
      .select(['c.name as comic', 'r.product_id', 'r.boosts', 'r.anonymous', 'r.redeemed_at'])
      .where('r.show_id', '=', show.id)
      .orderBy('r.redeemed_at', 'desc')
      .orderBy('r.code')
      .limit(liveGiftCount)
      .execute(),
    readMemberGifts(db, show.id),
    readOnStage(db, show.id),
  ])
  // Newest first across fans' codes and member codes; on the same instant, fans' codes first.
  const merged = [...gifts.map(giftOf), ...members.gifts]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, liveGiftCount)
  return {
    state: liveState(show.starts_at, now),
    showId: show.id,
    show: show.name.slice(0, maxShowLength),
    startsAt: show.starts_at.toISOString(),
    totalBoosts: toCount(total?.total ?? 0) + members.total,
    gifts: merged,
    onStage,
  }
}
