// zod/mini: see checkout.ts for why. Apart from member-page.ts, which the page's first script
// loads: the page loads these with the answers it reads (src/web/api/membership-calls.ts).
import * as z from 'zod/mini'
import { fanMessageMax, fitsFanWords, stageNameMax } from './fan-words'
import { jokeStates } from './jokes'
import { tierIds } from './memberships'
import { memberStandings } from './operator-views'

/** The show on now or later today, and whether the member code gave its boosts there yet. */
export const TonightViewSchema = z.object({
  show: z.string(),
  startsAt: z.string(),
  /** The show has started (a member code works now). */
  live: z.boolean(),
  claimed: z.boolean(),
})
export type TonightView = z.infer<typeof TonightViewSchema>

export const MemberJokeViewSchema = z.object({
  id: z.string(),
  text: z.string(),
  state: z.enum(jokeStates),
  sentAt: z.string(),
})

/**
 * What the signed-in member sees (GET /api/membership, and the answer of signing in and of each
 * change): no ids but the jokes', no provider's data.
 */
export const MemberViewSchema = z.object({
  email: z.string(),
  csrfToken: z.string(),
  tier: z.enum(tierIds),
  tierName: z.string(),
  standing: z.enum(memberStandings),
  /** The status in words: "Active", "Payment failed: perks on until ...". */
  status: z.string(),
  /** "Renews on ..." or "Ends on ..." or "Ended on ...", or null before the first payment. */
  dateLine: z.nullable(z.string()),
  /** A downgrade waiting for the next period: its tier's name. */
  nextTierName: z.nullable(z.string()),
  /**
   * When the paid period ends and the membership renews (ISO): null before the first payment and
   * when it will not renew (cancelled at the period's end, or ended; dateLine says when it ends).
   */
  periodEnd: z.nullable(z.string()),
  boostsLeft: z.number(),
  monthlyBoosts: z.number(),
  boostsPerShow: z.number(),
  /** Null when no show is on or coming today. */
  tonight: z.nullable(TonightViewSchema),
  /** As people read it: ABCD-EFGH-JKMN. */
  memberCode: z.string(),
  /** The name the stream shows with the member's gifts; empty: "A member" (shared/fan-words.ts). */
  stageName: z._default(z.string(), ''),
  /** The message for the member's next gift (tonight's); empty: none. */
  stageMessage: z._default(z.string(), ''),
  jokesLeft: z.number(),
  jokesPerMonth: z.number(),
  jokes: z.array(MemberJokeViewSchema),
  /** Whether "Manage billing" leads anywhere with this membership's provider. */
  billing: z.boolean(),
})
export type MemberView = z.infer<typeof MemberViewSchema>

/** POST /api/membership/words: the member's name on stage and the message for their next gift. */
export const MemberWordsSchema = z.object({
  name: z.string().check(z.refine((value) => fitsFanWords(value, stageNameMax))),
  message: z.string().check(z.refine((value) => fitsFanWords(value, fanMessageMax))),
})
