import { z } from 'zod'
import { id, text } from './operator-fields'
import {
  type BooksOverview,
  type ClosePreview,
  type ComicReportRow,
  type ComicStatement,
  monthPattern,
  type PayoutPreview,
  type PayoutView,
  potRules,
  type SettlementSummary,
  type SettlementTerms,
  type SettlementView,
  type StatementsPreview,
  type StatementsSent,
} from './settlements'

/**
 * The operator's actions on what the club owes its comics (docs/comics.md, "Settling with the
 * comics"): settlements per show, payouts, the terms, a comic's statement and the link to it.
 * shared/operator.ts adds them to the one list every tool dispatches on.
 */

const month = z.string().regex(monthPattern, 'must be a month, YYYY-MM')

/** Money paid to a comic outside the product: amount in cents, the day, the transfer's reference. */
const payoutInput = z.object({
  comic: id,
  amountCents: z.int().min(1).max(100_000_000),
  paidOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day, YYYY-MM-DD'),
  reference: text(200).pipe(z.string().trim().min(1)),
  /** How it was sent ("PayPal", "bank transfer"): the comic's mail says it. */
  method: text(60).optional(),
  force: z.boolean().default(false),
})

export const settlementOperatorInputs = {
  /** The shows with money or sets, latest first, with where each settlement stands. */
  'settlements.list': z.object({ month: month.optional() }),
  'settlements.show': z.object({ show: id }),
  /** Closes one show's settlement, or every show of a month that is over and still open. */
  'settlements.close': z.union([z.object({ show: id }), z.object({ month })]),
  'settlements.terms': z.object({}),
  'settlements.set-terms': z.object({
    sharePercent: z.int().min(0).max(100).optional(),
    memberBoostCents: z.int().min(0).max(10_000).optional(),
    potRule: z.enum(potRules).optional(),
  }),
  /** Money paid to a comic outside the product: amount in cents, the day, the transfer's reference. */
  'payouts.record': payoutInput,
  'comics.statement': z.object({ comic: id, month: month.optional() }),
  /** The console's comics report: per comic per show, or per month. */
  'comics.report': z.object({
    by: z.enum(['show', 'month']).default('show'),
    months: z.int().min(1).max(24).default(3),
  }),
  /** A comic's sign-in link to their statement: mailed to their payout address, or printed. */
  'comics.link': z.object({ comic: id, print: z.boolean().default(false) }),
  /** The console's Books page: open shows, months, what each comic is owed. */
  'books.overview': z.object({}),
  /** What closing would do, touching nothing: the shows, the money, the comics, the mails. */
  'settlements.close-check': z.union([z.object({ show: id }), z.object({ month })]),
  /** What recording this payout would do, touching nothing, or why it is refused. */
  'payouts.check': payoutInput,
  /** Mails one comic (or, without `comic`, every comic with books) a link to their statement. */
  'statements.send': z.object({ comic: id.optional() }),
  /** Whom `statements.send` would mail, touching nothing. */
  'statements.send-check': z.object({ comic: id.optional() }),
} as const

export interface SettlementOperatorResults {
  'settlements.list': SettlementSummary[]
  'settlements.show': SettlementView
  /** `skipped`: shows of the month left open, each with why (not over, or a pot waiting). */
  'settlements.close': {
    closed: SettlementView[]
    skipped: { id: string; name: string; why: string }[]
    /**
     * A month closed: the comics mailed their statement, those without a payout address, or why
     * none was mailed (`held`: the month not over, or shows of it left open).
     */
    statements: { mailed: string[]; withoutAddress: string[]; held: string | null }
  }
  'settlements.terms': SettlementTerms
  'settlements.set-terms': { terms: SettlementTerms; changed: boolean }
  /** `mailed`: the comic was mailed of it (false: they have no payout address). */
  'payouts.record': { payout: PayoutView; stillOwedCents: number; mailed: boolean }
  'comics.statement': ComicStatement
  'comics.report': ComicReportRow[]
  'comics.link': { email: string; mailed: boolean; url: string | null; expiresAt: string | null }
  'books.overview': BooksOverview
  'settlements.close-check': ClosePreview
  'payouts.check': PayoutPreview
  'statements.send': StatementsSent
  'statements.send-check': StatementsPreview
}
