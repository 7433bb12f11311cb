// zod/mini: see checkout.ts for why.
import * as z from 'zod/mini'

/** The last gifts `GET /api/live` lists. */
export const liveGiftCount = 5

export const LiveGiftSchema = z.object({
  /** Product id, e.g. "ffr-25". */
  product: z.string(),
  /** The product's name, e.g. "FFR 25". */
  productName: z.string(),
  boosts: z.number(),
  anonymous: z.boolean(),
  /** "an anonymous fan" or "a fan": there are no names to show. */
  from: z.string(),
  /** ISO-8601 UTC. */
  at: z.string(),
  /** Ready to display: "A fan gave 10 boosts (FFR 25)". */
  text: z.string(),
})
export type LiveGift = z.infer<typeof LiveGiftSchema>

/** `GET /api/live`: the show that is on now or next, and what fans have given for it. */
export const LiveFeedSchema = z.object({
  /** upcoming before the start, live until start + 3 h, ended when no show is ahead. */
  state: z.enum(['upcoming', 'live', 'ended']),
  showId: z.string(),
  show: z.string(),
  /** ISO-8601 UTC; empty when there is no show. */
  startsAt: z.string(),
  totalBoosts: z.number(),
  /** The last gifts, newest first. Never a code. */
  gifts: z.array(LiveGiftSchema),
})
export type LiveFeed = z.infer<typeof LiveFeedSchema>
export type LiveState = LiveFeed['state']
