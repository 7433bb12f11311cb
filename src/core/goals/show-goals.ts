import { type GoalView, goalHostTexts } from '../../shared/goal'
import type { Db } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { refuse } from '../refusal'

/**
 * The night's goal of a show (docs/stage.md, "The night's goal"), one row per show. Reaching it
 * is claimed by one conditional update (`claimGoalReached`): whichever server process sees the
 * total pass it first plays the alert, and no other can, however many see it at once.
 */

interface GoalRow {
  boosts: number
  reward: string
  level: number
  reached_level: number
}

function toGoalView(row: GoalRow): GoalView {
  return {
    boosts: row.boosts,
    reward: row.reward,
    level: row.level,
    reached: row.reached_level >= row.level,
  }
}

const goalColumns = ['boosts', 'reward', 'level', 'reached_level'] as const

export async function readGoal(db: Db, showId: string): Promise<GoalView | null> {
  const row = await db
    .selectFrom('show_goals')
    .select(goalColumns)
    .where('show_id', '=', showId)
    .executeTakeFirst()
  return row ? toGoalView(row) : null
}

/**
 * Sets a show's goal: the first one (level 1); a change of one not reached yet (the same level);
 * or, once reached, a raise to a next level, which must ask for more boosts than the last.
 */
export async function setGoal(
  db: Db,
  showId: string,
  goal: { boosts: number; reward: string },
  now: Date,
): Promise<{ goal: GoalView; change: 'set' | 'edited' | 'raised' }> {
  // Only these two columns: the console's input carries the show too (`show`), not a column.
  const { boosts, reward } = goal
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('show_goals')
      .values({ show_id: showId, boosts, reward, updated_at: now })
      .onConflict((conflict) => conflict.column('show_id').doNothing())
      .returning(goalColumns)
      .executeTakeFirst()
    if (inserted) return { goal: toGoalView(inserted), change: 'set' as const }
    const current = await trx
      .selectFrom('show_goals')
      .select(goalColumns)
      .where('show_id', '=', showId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const reached = current.reached_level >= current.level
    if (reached && boosts <= current.boosts) {
      throw refuse.invalid(goalHostTexts.notHigher(current.boosts))
    }
    const row = await trx
      .updateTable('show_goals')
      .set({ boosts, reward, level: reached ? current.level + 1 : current.level, updated_at: now })
      .where('show_id', '=', showId)
      .returning(goalColumns)
      .executeTakeFirstOrThrow()
    return { goal: toGoalView(row), change: reached ? ('raised' as const) : ('edited' as const) }
  })
}

/**
 * Marks the show's goal reached when `totalBoosts` reaches it and its level's alert has not
 * played: answers the goal to this caller only, once per level, across every process.
 */
export async function claimGoalReached(
  db: Db,
  showId: string,
  totalBoosts: number,
  now: Date,
): Promise<GoalView | undefined> {
  const row = await db
    .updateTable('show_goals')
    .set((eb) => ({ reached_level: eb.ref('level'), reached_at: now }))
    .where('show_id', '=', showId)
    .where('boosts', '<=', totalBoosts)
    .where((eb) => eb('reached_level', '<', eb.ref('level')))
    .returning(goalColumns)
    .executeTakeFirst()
  return row ? toGoalView(row) : undefined
}
