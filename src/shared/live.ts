import { limits } from './limits'
import type { LiveState } from './live-api'

// The feed's shapes are declared once, with GET /api/live's answer (live-api.ts).
export type { LiveFeed, LiveGift, LiveState } from './live-api'

/** The last gifts `GET /api/live` lists. */
export const liveGiftCount = 5

/** A show's state at `now`: upcoming before its start, live for three hours, then ended. */
export function liveState(startsAt: Date, now: Date): LiveState {
  if (now < startsAt) return 'upcoming'
  return now.getTime() < startsAt.getTime() + limits.showRolloverMs ? 'live' : 'ended'
}
