import type { ShowBoosts } from '../../shared/operator-views'
import { type Db, toCount } from '../db/schema'

/**
 * The boosts given at each show, in one place for Tonight, the show report and the chart: what
 * fans' show codes gave and what member codes gave, apart, and both together. A show without a
 * gift counts 0.
 */
export async function boostsOfShows(db: Db, showIds: string[]): Promise<Map<string, ShowBoosts>> {
  const boosts = new Map<string, ShowBoosts>(
    showIds.map((id) => [id, { boosts: 0, codeBoosts: 0, memberBoosts: 0 }]),
  )
  if (showIds.length === 0) return boosts
  const [codes, members] = await Promise.all([
    db
      .selectFrom('redemptions')
      .select((eb) => ['show_id', eb.fn.sum<number>('boosts').as('boosts')])
      .where('show_id', 'in', showIds)
      .groupBy('show_id')
      .execute(),
    db
      .selectFrom('member_redemptions')
      .select((eb) => ['show_id', eb.fn.sum<number>('boosts').as('boosts')])
      .where('show_id', 'in', showIds)
      .groupBy('show_id')
      .execute(),
  ])
  for (const row of codes) {
    const show = row.show_id ? boosts.get(row.show_id) : undefined
    if (show) show.codeBoosts = toCount(row.boosts)
  }
  for (const row of members) {
    const show = row.show_id ? boosts.get(row.show_id) : undefined
    if (show) show.memberBoosts = toCount(row.boosts)
  }
  for (const show of boosts.values()) show.boosts = show.codeBoosts + show.memberBoosts
  return boosts
}

/** One show's boosts (see boostsOfShows). */
export async function boostsOfShow(db: Db, showId: string): Promise<ShowBoosts> {
  return (
    (await boostsOfShows(db, [showId])).get(showId) ?? { boosts: 0, codeBoosts: 0, memberBoosts: 0 }
  )
}
