import type { StagePanel } from '../../shared/board'
import { type LiveGift, liveGiftCount, liveState } from '../../shared/live'
import { onStageOf } from '../comics/on-stage'
import { openSet, toSetView } from '../comics/sets'
import { type Db, toCount } from '../db/schema'
import { readGoal } from '../goals/show-goals'
import { codeGrantOf, grantWordColumns, memberGrantOf } from '../grants/grant'
import { giftOf } from '../grants/grant-gift'
import { eventsNotEnded } from '../schedule/events'
import { showTotal } from './gifts'

/** The boosts credited to one set: its fans' codes and its members' grants. */
export async function setBoosts(db: Db, setId: number): Promise<number> {
  const sum = (table: 'redemptions' | 'member_redemptions') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('boosts'), eb.lit(0)).as('total'))
      .where('set_id', '=', setId)
      .executeTakeFirst()
  const [codes, members] = await Promise.all([sum('redemptions'), sum('member_redemptions')])
  return toCount(codes?.total ?? 0) + toCount(members?.total ?? 0)
}

/** The last gifts credited to one set, newest first (on the same instant, fans' codes first). */
async function setGifts(db: Db, setId: number): Promise<LiveGift[]> {
  const [codes, members] = await Promise.all([
    db
      .selectFrom('redemptions as r')
      .select(['r.show_id', 'r.set_id', 'r.product_id', 'r.boosts', 'r.anonymous'])
      .select(['r.redeemed_at', ...grantWordColumns])
      .where('r.set_id', '=', setId)
      .orderBy('r.redeemed_at', 'desc')
      .orderBy('r.code')
      .limit(liveGiftCount)
      .execute(),
    db
      .selectFrom('member_redemptions as r')
      .select(['r.show_id', 'r.set_id', 'r.tier', 'r.boosts', 'r.anonymous'])
      .select(['r.redeemed_at', ...grantWordColumns])
      .where('r.set_id', '=', setId)
      .orderBy('r.redeemed_at', 'desc')
      .orderBy('r.membership_id')
      .limit(liveGiftCount)
      .execute(),
  ])
  // The panel is the comic's own: every gift on it is theirs, so its lines need not say whom.
  const toThem = { comic_id: null, comic: null }
  return [
    ...codes.map((row) => giftOf(codeGrantOf({ ...row, ...toThem }), { sayWhom: false })),
    ...members.map((row) => giftOf(memberGrantOf({ ...row, ...toThem }), { sayWhom: false })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, liveGiftCount)
}

/**
 * What the stage's panel shows (GET /api/live/stage.png): the show on now or next, who is on
 * stage there, and what their set has been given so far. A few small queries.
 */
export async function readStagePanel(db: Db, now: Date): Promise<StagePanel> {
  const show = await eventsNotEnded(db, now)
    .select(['id', 'name', 'starts_at'])
    .limit(1)
    .executeTakeFirst()
  if (!show) {
    const none = { onStage: null, setBoosts: 0, gifts: [], showTotal: 0, goal: null }
    return { state: 'ended', showId: '', show: '', ...none }
  }
  const [open, total, goal] = await Promise.all([
    openSet(db, show.id),
    showTotal(db, show.id),
    readGoal(db, show.id),
  ])
  const base = {
    state: liveState(show.starts_at, now),
    showId: show.id,
    show: show.name,
    showTotal: total,
    goal,
  }
  if (!open) return { ...base, onStage: null, setBoosts: 0, gifts: [] }
  const [boosts, gifts] = await Promise.all([setBoosts(db, open.set.id), setGifts(db, open.set.id)])
  return {
    ...base,
    onStage: onStageOf(toSetView(open.set, open.comic)),
    setBoosts: boosts,
    gifts,
  }
}
