import type { EventView, ShowListRow } from '../../shared/operator-views'
import { type Db, toCount } from '../db/schema'

/**
 * What the console's Shows table says of each show beside its name and time: the codes sold
 * (not voided), the lineup's names in running order, and whether it is an open mic.
 */
export async function showListFacts(
  db: Db,
  showIds: readonly string[],
): Promise<Map<string, Omit<ShowListRow, keyof EventView>>> {
  const facts = new Map(
    showIds.map((id) => [id, { codesSold: 0, lineup: [] as string[], openMic: false }]),
  )
  if (showIds.length === 0) return facts
  const ids = [...showIds]
  const [sold, lineup, openMics] = await Promise.all([
    db
      .selectFrom('codes')
      .innerJoin('orders', 'orders.id', 'codes.order_id')
      .select((eb) => ['orders.show_id', eb.fn.countAll().as('n')])
      .where('orders.show_id', 'in', ids)
      .where('codes.voided_at', 'is', null)
      .groupBy('orders.show_id')
      .execute(),
    db
      .selectFrom('lineups')
      .innerJoin('comics', 'comics.id', 'lineups.comic_id')
      .select(['lineups.show_id', 'comics.name'])
      .where('lineups.show_id', 'in', ids)
      .orderBy('lineups.show_id')
      .orderBy('lineups.position')
      .execute(),
    db.selectFrom('open_mics').select('show_id').where('show_id', 'in', ids).execute(),
  ])
  for (const row of sold) {
    const fact = row.show_id ? facts.get(row.show_id) : undefined
    if (fact) fact.codesSold = toCount(row.n)
  }
  for (const row of lineup) facts.get(row.show_id)?.lineup.push(row.name)
  for (const row of openMics) {
    const fact = facts.get(row.show_id)
    if (fact) fact.openMic = true
  }
  return facts
}
