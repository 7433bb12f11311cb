import { limits } from '../../shared/limits'
import type { LiveFeed } from '../../shared/live'
import type { Db } from '../db/schema'
import { readLiveFeed } from '../kiosk/live-feed'
import { markEventId } from './gifts'
import { onStageEvent } from './onstage-event'
import type { StageEvent } from './publish'
import { readOverlaySupporters, supportersEvent } from './supporters-event'

/** How often a process looks at the schedule at most, between a show's start and end. */
export const stateRecheckMs = 60_000

/**
 * The show's state, who is on stage, the total and the top supporters now, as the stream's
 * first events.
 */
export async function stageNow(
  db: Db,
  now: Date,
): Promise<{
  feed: LiveFeed
  state: StageEvent
  onstage: StageEvent
  total: StageEvent
  supporters: StageEvent
}> {
  const [feed, overlay] = await Promise.all([readLiveFeed(db, now), readOverlaySupporters(db)])
  const { showId, show, state, startsAt, totalBoosts, goal } = feed
  const id = markEventId(now, 'state')
  return {
    feed,
    state: { id, event: 'state', data: { showId, show, state, startsAt } },
    onstage: onStageEvent(id, showId, feed.onStage),
    total: { id, event: 'total', data: { showId, totalBoosts, goal } },
    supporters: supportersEvent(now, { showId, overlay, supporters: feed.supporters ?? [] }),
  }
}

/**
 * When to look again: at the show's start, at its end, and at least every minute (an operator
 * may add, move or remove a show).
 */
export function nextStateCheckMs(feed: LiveFeed, now: Date): number {
  const startsAt = feed.startsAt ? new Date(feed.startsAt).getTime() : Number.NaN
  const at =
    feed.state === 'upcoming'
      ? startsAt
      : feed.state === 'live'
        ? startsAt + limits.showRolloverMs
        : Number.NaN
  const wait = Number.isNaN(at) ? stateRecheckMs : at - now.getTime()
  return Math.max(10, Math.min(stateRecheckMs, wait))
}
