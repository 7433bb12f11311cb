import { z } from 'zod'
import { type GoalView, goalLimits } from './goal'
import { id, text } from './operator-fields'

/**
 * The host's actions on the night's goal (docs/stage.md): set it, change it before it is
 * reached, raise it for a next level once it is. shared/operator.ts adds them to the one list
 * every tool dispatches on. A show by id, or left out for tonight's (on now, or next).
 */
export const goalOperatorInputs = {
  'goal.show': z.object({ show: id.optional() }),
  'goal.set': z.object({
    show: id.optional(),
    boosts: z.int().min(1).max(goalLimits.boostsMax),
    reward: text(goalLimits.rewardMax).pipe(z.string().trim().min(1, 'must say what happens')),
  }),
} as const

/** A show's goal and where the room stands. */
export interface GoalStanding {
  showId: string
  show: string
  totalBoosts: number
  goal: GoalView | null
}

/** What setting answers: the goal, what changed, and whether its alert played at once. */
export interface GoalChange extends GoalStanding {
  goal: GoalView
  change: 'set' | 'edited' | 'raised'
  /** The room had already given that many: the alert went out with the change. */
  reachedNow: boolean
  /** Read aloud by the command line and the console. */
  said: string
}

export interface GoalOperatorResults {
  'goal.show': GoalStanding
  'goal.set': GoalChange
}
