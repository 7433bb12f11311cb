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
  potCents: z.number(),
  owedCents: z.number(),
})
export type StatementShow = z.infer<typeof StatementShowSchema>

/** A comic's statement: for a month (YYYY-MM) or for all time, and where the account stands. */
export const ComicStatementSchema = z.object({
  comic: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  month: z.nullable(z.string()),
  shows: z.array(StatementShowSchema),
  adjustments: z.array(AdjustmentViewSchema),
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
