import { goalHostTexts } from '../../shared/goal'
import { showOrRefuse } from '../comics/lineup'
import type { EventRow } from '../db/schema'
import { claimGoalReached, readGoal, setGoal } from '../goals/show-goals'
import { showAt } from '../schedule/events'
import { markEventId, showTotal } from '../stage-stream/gifts'
import { goalEvent, publishStage } from '../stage-stream/publish'
import { recordAudit } from './audit'
import type { Handlers, OperatorDeps } from './operator-types'

async function namedOrTonight(deps: OperatorDeps, showId: string | undefined): Promise<EventRow> {
  return showId ? showOrRefuse(deps.db, showId) : showAt(deps.db, deps.clock.now())
}

/**
 * The night's goal (docs/stage.md), from the console or `npm run admin -- goal`: set, changed
 * before it is reached, raised for a next level after. Every change is in the audit log, and
 * reaches every screen through the stream (a `total` with the goal); a goal the room has
 * already passed is reached at once, its alert claimed like a grant's (core/goals).
 */
export const goalActions: Handlers<'goal.show' | 'goal.set'> = {
  async 'goal.show'(deps, _actor, input) {
    const show = await namedOrTonight(deps, input.show)
    const [totalBoosts, goal] = await Promise.all([
      showTotal(deps.db, show.id),
      readGoal(deps.db, show.id),
    ])
    return { showId: show.id, show: show.name, totalBoosts, goal }
  },

  async 'goal.set'(deps, actor, input) {
    const now = deps.clock.now()
    const show = await namedOrTonight(deps, input.show)
    const { goal: set, change } = await setGoal(deps.db, show.id, input, now)
    const totalBoosts = await showTotal(deps.db, show.id)
    const reached =
      totalBoosts >= set.boosts
        ? await claimGoalReached(deps.db, show.id, totalBoosts, now)
        : undefined
    const goal = reached ?? set
    await recordAudit(
      deps.db,
      actor,
      {
        action: `goal.${change === 'raised' ? 'raise' : 'set'}`,
        target: { type: 'show', id: show.id },
        summary: `${change === 'raised' ? 'Raised' : change === 'edited' ? 'Changed' : 'Set'} the goal of ${show.name}: ${goal.boosts} boosts, "${goal.reward}" (level ${goal.level})`,
      },
      now,
    )
    await publishStage(deps.db, [
      {
        id: markEventId(now, `goalset${goal.level}`),
        event: 'total',
        data: { showId: show.id, totalBoosts, goal },
      },
      ...(reached ? [goalEvent(now, show.id, reached, totalBoosts)] : []),
    ])
    const said = `${(change === 'raised' ? goalHostTexts.raised : goalHostTexts.set)(goal, show.name)}${reached ? ` ${goalHostTexts.reachedNow}` : ''}`
    return {
      showId: show.id,
      show: show.name,
      totalBoosts,
      goal,
      change,
      reachedNow: Boolean(reached),
      said,
    }
  },
}
