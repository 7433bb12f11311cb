// zod/mini: see checkout.ts for why. Apart from live.ts, whose rules the landing page's first
// script runs: this is loaded with the first answer, and imports nothing of the first load.
import * as z from 'zod/mini'

export const liveStates = ['upcoming', 'live', 'ended'] as const
export type LiveState = (typeof liveStates)[number]

export const LiveGiftSchema = z.object({
  /** Product id, e.g. "ffr-25". */
  product: z.string(),
  /** The product's name, e.g. "FFR 25". */
  productName: z.string(),
  boosts: z.number(),
  anonymous: z.boolean(),
  /**
   * The giver's name on stage (the order's "Name on stage", or the member's name), cleaned;
   * empty when none was given or the gift was anonymous. Never an email.
   */
  name: z._default(z.string(), ''),
  /**
   * The name when there is one; else "an anonymous fan" or "a fan" for a show code, and for a
   * member code its tier as the store names it ("a Tier 3 member") or "an anonymous member".
   * Never an email.
   */
  from: z.string(),
  /**
   * The fan's message for the comic, cleaned, once it may be shown (at once, or approved by the
   * host); empty when there is none or it waits or was rejected.
   */
  message: z._default(z.string(), ''),
  /** ISO-8601 UTC. */
  at: z.string(),
  /**
   * Whom the gift was for: the stage name of the comic on stage when it was granted; empty when
   * nobody was (it went to the show's pot).
   */
  comic: z.string(),
  /**
   * Ready to display, made by giftSentence (shared/gift-sentence.ts): "Sam gave 10 boosts to
   * Rosa: 'the cat bit killed'", "A Tier 3 member gave 20 boosts to Rosa"; to the pot, "A fan gave
   * 10 boosts to tonight's comics".
   */
  text: z.string(),
})
export type LiveGift = z.infer<typeof LiveGiftSchema>

/** The night's goal as shared/goal.ts's GoalView. */
const GoalSchema = z.object({
  boosts: z.number(),
  reward: z.string(),
  level: z.number(),
  reached: z.boolean(),
})

/** The comic on stage (shared/comics.ts's OnStage): a few public fields, never the payout address. */
const OnStageSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  vrchatName: z.string(),
  pictureUrl: z.nullable(z.string()),
  /** ISO-8601 UTC. */
  startedAt: z.string(),
})

/** One of the night's top supporters (shared/supporters.ts): a name and its boosts. */
const SupporterSchema = z.object({ name: z.string(), boosts: z.number() })

/** `GET /api/live`: the show that is on now or next, and what fans have given for it. */
export const LiveFeedSchema = z.object({
  /** upcoming before the start, live until start + 3 h, ended when no show is ahead. */
  state: z.enum(liveStates),
  showId: z.string(),
  show: z.string(),
  /** ISO-8601 UTC; empty when there is no show. */
  startsAt: z.string(),
  totalBoosts: z.number(),
  /** The last gifts, newest first. Never a code. */
  gifts: z.array(LiveGiftSchema),
  /** The comic on stage at this show now, or null: nobody is on (a feed from before comics). */
  onStage: z._default(z.nullable(OnStageSchema), null),
  /** The show's lineup, the comics' stage names in running order (empty until there is one). */
  lineup: z._default(z.array(z.string()), []),
  /** The night's goal (shared/goal.ts), or null when the host set none. */
  goal: z._default(z.nullable(GoalSchema), null),
  /**
   * The night's top supporters (shared/supporters.ts): names given with gifts, most boosts first.
   * The server always sends it; absent in a feed from before the list, read as none.
   */
  supporters: z.optional(z.array(SupporterSchema)),
})
export type LiveFeed = z.infer<typeof LiveFeedSchema>
