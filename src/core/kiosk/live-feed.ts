import { type LiveFeed, liveGiftCount, liveState } from '../../shared/live'
import { readLineup } from '../comics/lineup'
import { readOnStage } from '../comics/on-stage'
import { type Db, toCount } from '../db/schema'
import { readGoal } from '../goals/show-goals'
import { codeGrantOf, grantWordColumns } from '../grants/grant'
import { giftOf } from '../grants/grant-gift'
import { eventsNotEnded } from '../schedule/events'
import { readMemberGifts } from './member-gifts'
import { readTopSupporters } from './top-supporters'

const maxShowLength = 80
/** The lineup as the feed carries it: the first few names, each cut as a gift's comic is. */
const maxLineup = 6
const maxLineupName = 32

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
      lineup: [],
      goal: null,
      supporters: [],
    }
  }
  const [total, gifts, members, onStage, lineup, goal, supporters] = await Promise.all([
    db
      .selectFrom('redemptions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('boosts'), eb.lit(0)).as('total'))
      .where('show_id', '=', show.id)
      .executeTakeFirst(),
    db
      .selectFrom('redemptions as r')
      .leftJoin('sets as s', 's.id', 'r.set_id')
      .leftJoin('comics as c', 'c.id', 's.comic_id')
      .select(['r.show_id', 'r.set_id', 'r.product_id', 'r.boosts', 'r.anonymous', 'r.redeemed_at'])
      .select(['c.id as comic_id', 'c.name as comic', ...grantWordColumns])
      .where('r.show_id', '=', show.id)
      .orderBy('r.redeemed_at', 'desc')
      .orderBy('r.code')
      .limit(liveGiftCount)
      .execute(),
    readMemberGifts(db, show.id),
    readOnStage(db, show.id),
    readLineup(db, show.id),
    readGoal(db, show.id),
    readTopSupporters(db, show.id),
  ])
  // Newest first across fans' codes and member codes; on the same instant, fans' codes first.
  const merged = [...gifts.map((row) => giftOf(codeGrantOf(row))), ...members.gifts]
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
    lineup: lineup
      .slice(0, maxLineup)
      .map((entry) => [...entry.comic.name].slice(0, maxLineupName).join('').trim()),
    goal,
    supporters,
  }
}
