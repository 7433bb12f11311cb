import { cleanStageName } from '../../shared/fan-words'
import { type Supporter, topSupportersCount } from '../../shared/supporters'
import { type Db, toCount } from '../db/schema'

/**
 * The night's top supporters of a show (docs/stage.md, "Top supporters"; why it is read, not
 * kept: docs/decisions/047-the-nights-top-supporters.md): one statement over the
 * show's grants, fans' codes and members' alike, through each table's index on the show. A name
 * is the one recorded with the grant (cleaned when it was kept; a member's is their member name),
 * so an anonymous grant, whose name is never kept, and a grant without one count under no name.
 * Most boosts first; on equal boosts, who reached them first; then by name, so the order is fixed.
 */
export async function readTopSupporters(
  db: Db,
  showId: string,
  limit = topSupportersCount,
): Promise<Supporter[]> {
  if (!showId) return []
  const grants = db
    .selectFrom('redemptions')
    .select(['name', 'boosts', 'redeemed_at'])
    .where('show_id', '=', showId)
    .where('anonymous', '=', false)
    .where('name', 'is not', null)
    .unionAll(
      db
        .selectFrom('member_redemptions')
        .select(['name', 'boosts', 'redeemed_at'])
        .where('show_id', '=', showId)
        .where('anonymous', '=', false)
        .where('name', 'is not', null),
    )
  const rows = await db
    .selectFrom(grants.as('g'))
    .select((eb) => [
      'g.name',
      eb.fn.sum<number>('g.boosts').as('boosts'),
      eb.fn.max('g.redeemed_at').as('reached'),
    ])
    .where('g.name', '<>', '')
    .groupBy('g.name')
    .orderBy('boosts', 'desc')
    .orderBy('reached', 'asc')
    .orderBy('g.name', 'asc')
    .limit(limit)
    .execute()
  // Cleaned again where it is shown, as every screen does with a fan's words.
  return rows
    .map((row) => ({ name: cleanStageName(row.name ?? ''), boosts: toCount(row.boosts) }))
    .filter((supporter) => supporter.name !== '')
}
