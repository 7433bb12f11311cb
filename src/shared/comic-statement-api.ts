// zod/mini: see checkout.ts for why. Apart from comic-statement.ts, which the page's first
// script loads: the page loads these with the answers it reads (src/web/api/comic-statement-calls.ts).
import * as z from 'zod/mini'

/** Boosts as a statement counts them: show codes and member codes apart, anonymous among them. */
export const BoostCountsSchema = z.object({
  codeBoosts: z.number(),
  memberBoosts: z.number(),
  anonymousBoosts: z.number(),
})
export type BoostCounts = z.infer<typeof BoostCountsSchema>

/** A change at a closed show, landed on a later settlement. */
export const AdjustmentViewSchema = z.object({
  /** The settlement it landed on. */
  showId: z.string(),
  showName: z.string(),
  fromShowId: z.string(),
  fromShowName: z.string(),
  /** null: the club's share. */
  comic: z.nullable(z.object({ id: z.string(), name: z.string() })),
  cents: z.number(),
})
export type AdjustmentView = z.infer<typeof AdjustmentViewSchema>

export const PayoutViewSchema = z.object({
  id: z.number(),
  comic: z.object({ id: z.string(), name: z.string() }),
  amountCents: z.number(),
  /** YYYY-MM-DD */
  paidOn: z.string(),
  reference: z.string(),
  /** How it was sent: "PayPal", "bank transfer"; '' when not said. */
  method: z.string(),
  recordedAt: z.string(),
})
export type PayoutView = z.infer<typeof PayoutViewSchema>

/** One show on a comic's statement. */
export const StatementShowSchema = z.extend(BoostCountsSchema, {
  showId: z.string(),
  showName: z.string(),
  startsAt: z.string(),
  /** Closed: final; open: as it stands, not owed yet. */
  closed: z.boolean(),
  /** Whether they had a set (false: a share of the pot only, or on the bill without a set). */
  hadSet: z.boolean(),
  creditedCents: z.number(),
  /** Of creditedCents: what their show codes' boosts were worth, and their member boosts'. */
  codeCents: z.number(),
  memberCents: z.number(),
  /** The comics' share of creditedCents, rounded down: owedCents is this plus potCents. */
  ownShareCents: z.number(),
  potCents: z.number(),
  owedCents: z.number(),
  /** The terms the show was settled with (closed), or the host's terms now (open). */
  terms: z.object({
    sharePercent: z.number(),
    memberBoostCents: z.number(),
    /** settlements.ts's potRules (its type says they are the same). */
    potRule: z.enum(['equal', 'by-boosts']),
  }),
  /** The show's pot: boosts given while nobody was on stage, their worth, the comics' share of it. */
  pot: z.object({ boosts: z.number(), creditedCents: z.number(), comicsCents: z.number() }),
})
export type StatementShow = z.infer<typeof StatementShowSchema>

/** The causes a change at a closed show can have, as the statement names them. */
export const adjustmentCauses = ['refund', 'dispute', 'member-payment'] as const

/** A change at a closed show on a comic's statement: where it came from and when, and why. */
export const StatementAdjustmentSchema = z.extend(AdjustmentViewSchema, {
  fromShowStartsAt: z.string(),
  /** When the show it landed on started: the settlement it counts in. */
  landedStartsAt: z.string(),
  /** What happened at the closed show since its close (its orders and member payments now). */
  causes: z.array(z.enum(adjustmentCauses)),
})
export type StatementAdjustment = z.infer<typeof StatementAdjustmentSchema>

/** A comic's statement: for a month (YYYY-MM) or for all time, and where the account stands. */
export const ComicStatementSchema = z.object({
  comic: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  month: z.nullable(z.string()),
  shows: z.array(StatementShowSchema),
  adjustments: z.array(StatementAdjustmentSchema),
  /** Owed before the period (closed shows and adjustments less payouts); 0 for all time. */
  openingCents: z.number(),
  payouts: z.array(PayoutViewSchema),
  /** Owed for the period: closed shows' lines plus the adjustments landed in it. */
  owedCents: z.number(),
  paidCents: z.number(),
  /** Where the account stands today, whatever the period: owed in all, paid in all, still owed. */
  balance: z.object({
    owedCents: z.number(),
    paidCents: z.number(),
    stillOwedCents: z.number(),
    pendingCents: z.number(),
  }),
})
export type ComicStatement = z.infer<typeof ComicStatementSchema>

/**
 * GET /api/statement, and the answer of signing in: the signed-in comic's statement, and the
 * session's token for "Sign out".
 */
export const SignedInStatementSchema = z.object({
  csrfToken: z.string(),
  statement: ComicStatementSchema,
})
export type SignedInStatement = z.infer<typeof SignedInStatementSchema>
