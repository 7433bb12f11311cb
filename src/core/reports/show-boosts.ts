import type { ShowBoosts } from '../../shared/operator-views'
import { type Db, toCount } from '../db/schema'

/**
 * What fans' show codes and member codes gave at these shows, each table summed by `key`: by
 * show, or by the set they were credited to (grants to the show's pot, with no set, left out).
 * The one read of both grant tables' sums: Tonight, the show report and the chart use it.
 */
export async function grantSums(db: Db, key: 'show_id' | 'set_id', showIds: readonly string[]) {
  const sums = (table: 'redemptions' | 'member_redemptions') =>
    db
      .selectFrom(table)
      .select((eb) => [eb.ref(key).as('key'), eb.fn.sum<number>('boosts').as('boosts')])
      .where('show_id', 'in', [...showIds])
      .where(key, 'is not', null)
      .groupBy(key)
      .execute()
  const [codes, members] = await Promise.all([sums('redemptions'), sums('member_redemptions')])
  const boosts = (rows: typeof codes) =>
    rows.map((row) => ({ key: row.key, boosts: toCount(row.boosts) }))
  return { codes: boosts(codes), members: boosts(members) }
}

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
  const { codes, members } = await grantSums(db, 'show_id', showIds)
  for (const row of codes) {
    const show = boosts.get(String(row.key))
    if (show) show.codeBoosts = row.boosts
  }
  for (const row of members) {
    const show = boosts.get(String(row.key))
    if (show) show.memberBoosts = row.boosts
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
