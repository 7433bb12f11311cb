import { limits } from '../../shared/limits'
import { liveState } from '../../shared/live'
import type { NightComic, WrapUp } from '../../shared/show-night'
import { stageView } from '../comics/sets'
import { type Db, type EventRow, toCount } from '../db/schema'
import { readGoal } from '../goals/show-goals'
import { boostsOfShow, grantSums } from '../reports/show-boosts'
import { settlementView } from '../settlements/show-settlements'

/**
 * Show night on Tonight (docs/console.md, "Show night"): each comic's sets and boosts at a show,
 * and the wrap-up of the show that just ended.
 */

/** A show's codes sold and redeemed and its orders, as Tonight and the wrap-up count them. */
export async function showCodeCounts(db: Db, showId: string) {
  const counts = await db
    .selectFrom('orders as o')
    .leftJoin('codes as c', 'c.order_id', 'o.id')
    .select((eb) => [
      eb.fn.count<number>('o.id').distinct().as('orders'),
      eb.fn.count<number>('c.code').as('sold'),
      eb.fn.count<number>('c.redeemed_at').as('redeemed'),
    ])
    .where('o.show_id', '=', showId)
    .executeTakeFirst()
  return {
    codesSold: toCount(counts?.sold),
    codesRedeemed: toCount(counts?.redeemed),
    orders: toCount(counts?.orders),
  }
}

/**
 * Each comic who had a set at the show, in the order they first went on, with the boosts fans'
 * codes and member codes credited to their sets; and the boosts of the set open now, if any.
 */
export async function nightComics(
  db: Db,
  showId: string,
  now: Date,
): Promise<{ comics: NightComic[]; openSetBoosts: number | null }> {
  const [sets, sums] = await Promise.all([
    db
      .selectFrom('sets as s')
      .innerJoin('comics as c', 'c.id', 's.comic_id')
      .select(['s.id', 's.comic_id', 'c.name', 's.started_at', 's.ended_at'])
      .where('s.show_id', '=', showId)
      .orderBy('s.started_at')
      .orderBy('s.id')
      .execute(),
    grantSums(db, 'set_id', [showId]),
  ])
  const perSet = new Map<number, number>()
  for (const row of [...sums.codes, ...sums.members]) {
    const set = Number(row.key)
    perSet.set(set, (perSet.get(set) ?? 0) + row.boosts)
  }
  const comics = new Map<string, NightComic>()
  let openSetBoosts: number | null = null
  for (const set of sets) {
    const boosts = perSet.get(set.id) ?? 0
    const until = set.ended_at ?? now
    const seconds = Math.max(0, Math.round((until.getTime() - set.started_at.getTime()) / 1000))
    const comic = comics.get(set.comic_id) ?? {
      comic: { id: set.comic_id, name: set.name },
      sets: 0,
      seconds: 0,
      boosts: 0,
    }
    comic.sets += 1
    comic.seconds += seconds
    comic.boosts += boosts
    comics.set(set.comic_id, comic)
    if (!set.ended_at) openSetBoosts = boosts
  }
  return { comics: [...comics.values()], openSetBoosts }
}

/** The lineup has been through and nobody is on stage: the host has ended the show. */
async function stageFinished(db: Db, show: EventRow): Promise<boolean> {
  const stage = await stageView(db, show)
  if (stage.onStage || stage.next || stage.lineup.length === 0) return false
  const set = await db
    .selectFrom('sets')
    .select('id')
    .where('show_id', '=', show.id)
    .executeTakeFirst()
  return set !== undefined
}

/**
 * The wrap-up of the latest show to have started, once it has ended (its lineup through and
 * nobody on stage, or rolled over); none while it runs, so the next show's start ends the last
 * one's wrap-up. A show where nothing happened (no set, no code sold) has none.
 */
export async function readWrapUp(db: Db, now: Date): Promise<WrapUp | null> {
  const show = await db
    .selectFrom('events')
    .selectAll()
    .where('removed_at', 'is', null)
    .where('starts_at', '<=', now)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!show) return null
  if (liveState(show.starts_at, now) !== 'ended' && !(await stageFinished(db, show))) return null
  const [night, counts] = await Promise.all([
    nightComics(db, show.id, now),
    showCodeCounts(db, show.id),
  ])
  if (night.comics.length === 0 && counts.codesSold === 0) return null
  const [settlement, boosts, goal] = await Promise.all([
    settlementView(db, show),
    boostsOfShow(db, show.id),
    readGoal(db, show.id),
  ])
  const owed = new Map(settlement.lines.map((line) => [line.comic.id, line.owedCents]))
  const comics = night.comics.map((c) => ({ ...c, owedCents: owed.get(c.comic.id) ?? 0 }))
  // A comic on the bill who had no set may still have a share of the pot.
  for (const line of settlement.lines) {
    if (!night.comics.some((c) => c.comic.id === line.comic.id)) {
      const comic = { id: line.comic.id, name: line.comic.name }
      comics.push({ comic, sets: 0, seconds: 0, boosts: 0, owedCents: line.owedCents })
    }
  }
  const onStage = night.comics.reduce((sum, c) => sum + c.boosts, 0)
  return {
    show: { id: show.id, name: show.name, startsAt: show.starts_at.toISOString() },
    comics,
    potBoosts: Math.max(0, boosts.boosts - onStage),
    boosts: boosts.boosts,
    moneyCents: settlement.moneyCents,
    comicsCents: settlement.comicsCents,
    ...counts,
    goal: goal ? { boosts: goal.boosts, reward: goal.reward, reached: goal.reached } : null,
    settled: settlement.closed,
    settleFrom: new Date(show.starts_at.getTime() + limits.showRolloverMs).toISOString(),
  }
}
