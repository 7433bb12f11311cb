import {
  type HostJokeView,
  type JokeState,
  jokeStateWords,
  jokeTexts,
  jokeTransitionRefused,
} from '../../shared/jokes'
import { findHostJoke, type HostJoke, listJokes, setJokeState } from '../memberships/member-jokes'
import { refuse } from '../refusal'
import { recordAudit } from './audit'
import type { Handler, Handlers } from './operator-types'

/** A joke for the host's screens: never the member's address (shared/jokes.ts HostJokeView). */
export function toHostJokeView(joke: HostJoke): HostJokeView {
  return {
    id: joke.id,
    text: joke.text,
    state: joke.state,
    tier: joke.tier,
    displayName: joke.display_name,
    membershipId: joke.membership_id,
    sentAt: joke.created_at.toISOString(),
    updatedAt: joke.updated_at.toISOString(),
  }
}

type JokeMove = 'jokes.accept' | 'jokes.performed' | 'jokes.decline'

/**
 * One host's move of a joke, and its line in the audit log, both or neither; the same move again
 * answers the joke as it is and writes nothing, so a double click does no harm.
 */
function moveJoke<N extends JokeMove>(action: N, to: JokeState): Handler<N> {
  return async (deps, actor, input) => {
    const now = deps.clock.now()
    return deps.db.transaction().execute(async (trx) => {
      const moved = await setJokeState(trx, input.id, to, now)
      if (!moved.ok) {
        if (moved.reason === 'not_found') {
          throw refuse.notFound(jokeTexts.notFound(input.id))
        }
        throw refuse.invalid(jokeTransitionRefused(moved.from, to))
      }
      if (moved.changed) {
        await recordAudit(
          trx,
          actor,
          {
            action,
            target: { type: 'joke', id: input.id },
            summary: `Marked a member's joke ${jokeStateWords[to].toLowerCase()}`,
          },
          now,
        )
      }
      const joke = await findHostJoke(trx, input.id)
      if (!joke) throw refuse.notFound(jokeTexts.notFound(input.id))
      return { joke: toHostJokeView(joke), changed: moved.changed }
    })
  }
}

export const jokeActions: Handlers<'jokes.list' | JokeMove> = {
  async 'jokes.list'(deps, _actor, input) {
    const jokes = await listJokes(deps.db, { state: input.states, limit: input.limit })
    return jokes.map(toHostJokeView)
  },
  'jokes.accept': moveJoke('jokes.accept', 'accepted'),
  'jokes.performed': moveJoke('jokes.performed', 'performed'),
  'jokes.decline': moveJoke('jokes.decline', 'declined'),
}
