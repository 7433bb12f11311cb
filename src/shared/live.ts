import type { OnStage } from './comics'
import { limits } from './limits'
import { hasFields, ShapeError } from './shape'

/** The last gifts `GET /api/live` lists. */
export const liveGiftCount = 5

export interface LiveGift {
  /** Product id, e.g. "ffr-25". */
  product: string
  /** The product's name, e.g. "FFR 25". */
  productName: string
  boosts: number
  anonymous: boolean
  /**
   * "an anonymous fan" or "a fan" for a show code; for a member code "a member", "a VIP member",
   * "an anonymous member" or the name the member chose. Never an email.
   */
  from: string
  /** ISO-8601 UTC. */
  at: string
  /**
   * Whom the gift was for: the stage name of the comic on stage when it was granted; empty when
   * nobody was (it went to the show's pot).
   */
  comic: string
  /**
   * Ready to display: "A fan gave 10 boosts to Sam (FFR 25)", "A VIP member gave 20 boosts to
   * Sam"; to the pot, "A fan gave 10 boosts (FFR 25)", "A VIP member gave 20 boosts".
   */
  text: string
}

export const liveStates = ['upcoming', 'live', 'ended'] as const
export type LiveState = (typeof liveStates)[number]

/** A show's state at `now`: upcoming before its start, live for three hours, then ended. */
export function liveState(startsAt: Date, now: Date): LiveState {
  if (now < startsAt) return 'upcoming'
  return now.getTime() < startsAt.getTime() + limits.showRolloverMs ? 'live' : 'ended'
}

/** `GET /api/live`: the show that is on now or next, and what fans have given for it. */
export interface LiveFeed {
  /** upcoming before the start, live until start + 3 h, ended when no show is ahead. */
  state: LiveState
  showId: string
  show: string
  /** ISO-8601 UTC; empty when there is no show. */
  startsAt: string
  totalBoosts: number
  /** The last gifts, newest first. Never a code. */
  gifts: LiveGift[]
  /** The comic on stage at this show now (public fields only), or null: nobody is on. */
  onStage: OnStage | null
}

const giftFields = {
  product: 'string',
  productName: 'string',
  boosts: 'number',
  anonymous: 'boolean',
  from: 'string',
  at: 'string',
  text: 'string',
} as const

const feedFields = {
  state: 'string',
  showId: 'string',
  show: 'string',
  startsAt: 'string',
  totalBoosts: 'number',
} as const

const onStageFields = {
  id: 'string',
  slug: 'string',
  name: 'string',
  vrchatName: 'string',
  startedAt: 'string',
} as const

/** The body of GET /api/live, checked (a feed without `onStage` has nobody on stage). */
export function parseLiveFeed(value: unknown): LiveFeed {
  const gifts: unknown = hasFields(value, feedFields)
    ? (value as { gifts?: unknown }).gifts
    : undefined
  if (
    !hasFields(value, feedFields) ||
    !liveStates.includes(value.state as LiveState) ||
    !Array.isArray(gifts) ||
    !gifts.every((gift) => hasFields(gift, giftFields))
  ) {
    throw new ShapeError('The live feed does not have the expected fields.')
  }
  const onStage: unknown = (value as { onStage?: unknown }).onStage ?? null
  const picture = (onStage as { pictureUrl?: unknown } | null)?.pictureUrl
  if (
    onStage !== null &&
    (!hasFields(onStage, onStageFields) || (picture !== null && typeof picture !== 'string'))
  ) {
    throw new ShapeError('The live feed does not have the expected fields.')
  }
  return { ...(value as unknown as LiveFeed), onStage: onStage as OnStage | null }
}
