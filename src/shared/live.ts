/** `GET /api/live`: the show that is on now or next, and what fans have given for it. */
export type LiveState = 'upcoming' | 'live' | 'ended'

export interface LiveGift {
  /** Product id, e.g. "ffr-25". */
  product: string
  /** The product's name, e.g. "FFR 25". */
  productName: string
  boosts: number
  anonymous: boolean
  /** "an anonymous fan" or "a fan": there are no names to show. */
  from: string
  /** ISO-8601 UTC. */
  at: string
  /** Ready to display: "A fan gave 10 boosts (FFR 25)". */
  text: string
}

export interface LiveFeed {
  /** Empty strings and `ended` when there is no show at all. */
  state: LiveState
  showId: string
  show: string
  /** ISO-8601 UTC; empty when there is no show. */
  startsAt: string
  totalBoosts: number
  /** The last 5 gifts, newest first. Never a code. */
  gifts: LiveGift[]
}

export const liveGiftCount = 5
