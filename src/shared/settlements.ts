import type { AdjustmentView, BoostCounts, StatementShow } from './comic-statement-api'
import { formatUsd } from './money'

// A comic's statement and the views it shares with the console's are declared once, with the
// statement's answer (comic-statement-api.ts).
export type {
  AdjustmentView,
  BoostCounts,
  ComicStatement,
  PayoutView,
  StatementAdjustment,
  StatementShow,
} from './comic-statement-api'

/**
 * What the club owes its comics (docs/comics.md, "Settling with the comics"): the host's terms
 * and the views the console, the command line and a comic's own statement read. Money is in
 * integer cents everywhere.
 */

/** How the show's pot (boosts given while nobody was on stage) is shared among its comics. */
export const potRules = ['equal', 'by-boosts'] as const
export type PotRule = (typeof potRules)[number]
// The statement's answer schema names the same rules: either list changed alone fails the typecheck.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const _sameRules: Same<PotRule, StatementShow['terms']['potRule']> = true

export const potRuleWords: Record<PotRule, string> = {
  equal: 'equal shares',
  'by-boosts': 'in proportion to what each earned on stage',
}

/** The host's terms, as settings; a settlement keeps the terms it was closed with. */
export interface SettlementTerms {
  /** The comics' share of the money their boosts brought, in whole percent (0 to 100). */
  sharePercent: number
  /** What one member boost is worth, in cents. */
  memberBoostCents: number
  potRule: PotRule
}

export const defaultSettlementTerms: SettlementTerms = {
  sharePercent: 70,
  memberBoostCents: 50,
  potRule: 'equal',
}

/** One comic's line of a show's settlement. */
export interface SettlementLineView extends BoostCounts {
  comic: { id: string; slug: string; name: string }
  /** What the boosts credited to them were worth, before the comics' share. */
  creditedCents: number
  /** Their part of the pot's comics' share. */
  potCents: number
  /** What the club owes them for the show. */
  owedCents: number
}

/** A show's settlement: closed (as it was closed) or open (as it stands now). */
export interface SettlementView {
  show: { id: string; name: string; startsAt: string }
  closed: boolean
  closedAt: string | null
  closedBy: string | null
  terms: SettlementTerms
  /** The show's money: what its orders kept (after refunds and disputes), plus member boosts' value. */
  moneyCents: number
  takenCents: number
  memberValueCents: number
  /**
   * `waitingCents`: the pot's comics' share when the show has no comics to share it (nobody had a
   * set and its bill is empty); it is nobody's yet, and the show cannot close until it has a lineup.
   */
  pot: BoostCounts & { creditedCents: number; comicsCents: number; waitingCents: number }
  lines: SettlementLineView[]
  comicsCents: number
  clubCents: number
  /** Changes at earlier closed shows that landed here (closed), or would land here (open). */
  adjustments: AdjustmentView[]
}

/** A show in the list of settlements. */
export interface SettlementSummary {
  show: { id: string; name: string; startsAt: string }
  closed: boolean
  moneyCents: number
  comicsCents: number
  clubCents: number
  boosts: number
}

/**
 * What a close would do, computed by the action that does it and touching nothing: the console's
 * confirmation and `comics settle --check` say `sentence` ("Close November: 8 shows, $412.60 to 6
 * comics"). `refusal`: why closing one show is refused now; `leftOpen`: shows of a month that stay
 * open and why; `statements`: the comics a month's close mails, or why none is (`held`).
 */
export interface ClosePreview {
  sentence: string
  shows: { id: string; name: string; comicsCents: number }[]
  comicsCents: number
  comics: number
  leftOpen: { id: string; name: string; why: string }[]
  refusal: string | null
  statements: { toMail: string[]; withoutAddress: string[]; held: string | null }
}

/**
 * What recording a payout would do ("Record $40.00 to Rosa Delgado by PayPal, reference 7XK21"),
 * or why it is refused (`refusal`, in the words the command line prints) and whether force may
 * record it anyway.
 */
export interface PayoutPreview {
  sentence: string
  comic: { id: string; name: string }
  stillOwedCents: number
  /** What is still owed once it is recorded. */
  afterCents: number
  /** The comic's payout address is mailed of it; null when they have none. */
  mailTo: string | null
  refusal: string | null
  forceable: boolean
}

/** Whom sending statements mails ("Mail 6 comics their statement"), and who has no address. */
export interface StatementsPreview {
  sentence: string
  toMail: { id: string; name: string }[]
  withoutAddress: string[]
}

export interface StatementsSent {
  mailed: string[]
  withoutAddress: string[]
}

/** A comic on the Books page: what they are owed, and whether a mail reaches them. */
export interface BooksComic {
  id: string
  slug: string
  name: string
  stillOwedCents: number
  /** At shows not closed yet and changes not landed yet. */
  pendingCents: number
  hasPayoutAddress: boolean
}

/** The console's Books page: shows to settle, months to close, what each comic is owed. */
export interface BooksOverview {
  openShows: SettlementSummary[]
  months: { month: string; shows: number; open: number; comicsCents: number }[]
  comics: BooksComic[]
}

/** A row of the console's comics report: one comic at one show, or in one month. */
export interface ComicReportRow extends BoostCounts {
  key: string
  label: string
  comic: { id: string; name: string }
  creditedCents: number
  owedCents: number
  /** Every show in it is closed. */
  closed: boolean
}

/** "2026-11": a month as statements name it. */
export const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/

/** The console's comics report: its words, for the page, the chart and the tests. */
export const comicsReportTexts = {
  heading: 'The comics',
  byShow: 'Per comic per show',
  byMonth: 'Per comic per month',
  nothing: 'No comic has had a set or a boost yet.',
  chartTitle: 'Owed to each comic',
  chartAlt: (months: number) =>
    `Bar chart of what the club owes each comic for the shows of the last ${months} months. The same figures are in the tables.`,
  chartSummary: (months: number, comics: number, owedCents: number) =>
    comics === 0
      ? `No comic was owed anything in the last ${months} months.`
      : `${comics} comics owed ${formatUsd(owedCents)} in all for the shows of the last ${months} months.`,
  open: 'open',
  closed: 'closed',
} as const
