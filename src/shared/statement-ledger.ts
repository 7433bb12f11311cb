import type {
  ComicStatement,
  PayoutView,
  StatementAdjustment,
  StatementShow,
} from './comic-statement-api'
import { formatUsd } from './money'
import { monthNames, zonedParts } from './show-time'

/**
 * A comic's statement, itemised (docs/comics.md, "Your statement, line by line"): the words that
 * explain each cent, and the ledger the page, the CSV and the tests read. Integer cents
 * underneath; dollars only in the words. A ledger's amounts add up, row by row, from what was
 * owed before the period to what is owed at its end.
 */

const months = monthNames.map((name) => name.slice(0, 3))

/** "2026-11-28" of an instant, in Central time. */
export function centralDay(instant: Date): string {
  const { year, month, day } = zonedParts(instant)
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** "Nov 28, 2026" of a day written YYYY-MM-DD: the host's readable date. */
export function readableDay(day: string): string {
  const [year, month = 1, date] = day.split('-').map(Number)
  return `${months[month - 1] ?? ''} ${date}, ${year}`
}

/** "Nov 28" of a day written YYYY-MM-DD, for a mail's subject. */
export function shortDay(day: string): string {
  return readableDay(day).replace(/, \d+$/, '')
}

/** "November 2026" of a month written YYYY-MM. */
export function readableMonth(month: string): string {
  const [year, m = 1] = month.split('-').map(Number)
  return `${monthNames[m - 1] ?? ''} ${year}`
}

/** "November" of a month written YYYY-MM. */
export function monthName(month: string): string {
  return monthNames[Number(month.split('-')[1] ?? 1) - 1] ?? month
}

const potRuleSaid = {
  equal: 'in equal shares',
  'by-boosts': 'in proportion to what each earned on stage',
} as const

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The terms, written out once at the top of a statement. */
export function termsSentence(terms: StatementShow['terms']): string {
  return `The comics get ${terms.sharePercent}% of what the boosts given during their own set were worth: a show code's boosts are worth what the fan paid for the code (after any refund), a member boost ${formatUsd(terms.memberBoostCents)}. Boosts given while nobody was on stage go to the show's pot: its ${terms.sharePercent}% is shared among the comics of the show ${potRuleSaid[terms.potRule]}. Each share is rounded down to the cent; the cents left are the club's.`
}

/** The distinct terms of a statement's shows, each with the shows settled under it. */
export function termsOfShows(shows: readonly StatementShow[]) {
  const groups: { terms: StatementShow['terms']; shows: string[] }[] = []
  for (const show of shows) {
    const same = groups.find(
      (g) =>
        g.terms.sharePercent === show.terms.sharePercent &&
        g.terms.memberBoostCents === show.terms.memberBoostCents &&
        g.terms.potRule === show.terms.potRule,
    )
    if (same) same.shows.push(show.showName)
    else groups.push({ terms: show.terms, shows: [show.showName] })
  }
  return groups
}

export const statementLedgerTexts = {
  termsHeading: 'How it is counted',
  termsFor: (shows: readonly string[]) => `For ${shows.join(', ')}:`,
  periodHeading: (month: string | null) =>
    month ? `Your statement for ${readableMonth(month)}` : 'Your statement, all time',
  broughtForward: 'Owed before this month',
  owedInPeriod: 'Owed for this period',
  paidInPeriod: 'Paid in this period',
  owedAtEnd: 'Owed at the end of the period',
  notClosed: 'Not closed yet: the host has not settled this show, so it is not owed yet.',
  downloadCsv: 'Download CSV',
  print: 'Print',
  adjustmentsHeading: 'Refunds and disputes after closing',
  payoutsHeading: 'Payouts',
  csvName: (slug: string, month: string | null) => `statement-${slug}-${month ?? 'all-time'}.csv`,
} as const

/** The lines that explain one show's figure, top to bottom, ending in what it owes. */
export function showItemLines(show: StatementShow): { label: string; cents: number | null }[] {
  const lines: { label: string; cents: number | null }[] = []
  if (show.codeBoosts > 0 || show.codeCents !== 0)
    lines.push({
      label: `${plural(show.codeBoosts, 'show-code boost', 'show-code boosts')} during your set, worth`,
      cents: show.codeCents,
    })
  if (show.memberBoosts > 0)
    lines.push({
      label: `${plural(show.memberBoosts, 'member boost', 'member boosts')} during your set at ${formatUsd(show.terms.memberBoostCents)}${show.memberCents < show.memberBoosts * show.terms.memberBoostCents ? ' (a member payment taken back counts for nothing)' : ''}, worth`,
      cents: show.memberCents,
    })
  if (show.anonymousBoosts > 0)
    lines.push({
      label: `${plural(show.anonymousBoosts, 'boost was', 'boosts were')} given anonymously (counted above)`,
      cents: null,
    })
  if (show.creditedCents !== 0 || lines.length > 0)
    lines.push({
      label: `Your ${show.terms.sharePercent}% of ${formatUsd(show.creditedCents)}`,
      cents: show.ownShareCents,
    })
  if (show.potCents !== 0 || show.pot.comicsCents > 0)
    lines.push({
      label: `Your share of the pot (${plural(show.pot.boosts, 'boost', 'boosts')} while nobody was on stage, worth ${formatUsd(show.pot.creditedCents)}; the comics' ${show.terms.sharePercent}%, ${formatUsd(show.pot.comicsCents)}, shared ${potRuleSaid[show.terms.potRule]})`,
      cents: show.potCents,
    })
  lines.push({ label: show.closed ? 'Owed for this show' : 'As it stands', cents: show.owedCents })
  return lines
}

const causeWords: Record<StatementAdjustment['causes'][number], string> = {
  refund: 'a refund',
  dispute: 'a dispute',
  'member-payment': "a member's payment taken back",
}

/** "A refund at Sunday Show (Nov 22, 2026) after it was closed; counted with Tuesday Show (Nov 24, 2026)." */
export function adjustmentSentence(a: StatementAdjustment): string {
  const causes = a.causes.map((c) => causeWords[c])
  const what = causes.length > 0 ? causes.join(' and ') : 'a change'
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} at ${a.fromShowName} (${readableDay(centralDay(new Date(a.fromShowStartsAt)))}) after it was closed; counted with the settlement of ${a.showName} (${readableDay(centralDay(new Date(a.landedStartsAt)))}).`
}

/** "Sent by PayPal, reference 7XK21" */
export function payoutSentence(p: { method: string; reference: string }): string {
  return `${p.method ? `Sent by ${p.method}` : 'Sent'}, reference ${p.reference}`
}

/**
 * "Payout: $40.00 sent by PayPal on Nov 28, reference 7XK21": the subject of the comic's payout
 * mail (a subject that starts with a dollar amount is a spam filter's sign: SUBJ_DOLLARS).
 */
export function payoutSubject(
  payout: Pick<PayoutView, 'amountCents' | 'method' | 'paidOn' | 'reference'>,
): string {
  const how = payout.method ? ` by ${payout.method}` : ''
  return `Payout: ${formatUsd(payout.amountCents)} sent${how} on ${shortDay(payout.paidOn)}, reference ${payout.reference}`
}

export type LedgerKind = 'Brought forward' | 'Boosts' | 'Pot share' | 'Adjustment' | 'Payout'

/** One row of a statement's ledger: what a comic hands an accountant. */
export interface LedgerRow {
  /** YYYY-MM-DD (Central time). */
  date: string
  show: string
  kind: LedgerKind
  description: string
  boosts: number | null
  cents: number
  /** Owed after this row. */
  balanceCents: number
}

/**
 * The statement's ledger, oldest first: what was owed before the period, then each closed
 * show's own share and pot share, each adjustment (on the day of the show it counts with) and
 * each payout. Shows not closed yet are not owed yet, so they are not in it. The last balance is
 * what was owed at the period's end: openingCents + owedCents - paidCents.
 */
export function statementLedger(statement: ComicStatement): LedgerRow[] {
  const dated: Omit<LedgerRow, 'balanceCents'>[] = []
  for (const show of statement.shows) {
    if (!show.closed) continue
    const date = centralDay(new Date(show.startsAt))
    if (show.ownShareCents !== 0 || show.codeBoosts + show.memberBoosts > 0)
      dated.push({
        date,
        show: show.showName,
        kind: 'Boosts',
        description: `${show.terms.sharePercent}% of ${formatUsd(show.creditedCents)}: ${show.codeBoosts} show-code boosts (${formatUsd(show.codeCents)}) and ${show.memberBoosts} member boosts (${formatUsd(show.memberCents)})`,
        boosts: show.codeBoosts + show.memberBoosts,
        cents: show.ownShareCents,
      })
    if (show.potCents !== 0)
      dated.push({
        date,
        show: show.showName,
        kind: 'Pot share',
        description: `Share of the pot's ${formatUsd(show.pot.comicsCents)}, ${potRuleSaid[show.terms.potRule]}`,
        boosts: null,
        cents: show.potCents,
      })
  }
  for (const a of statement.adjustments)
    dated.push({
      date: centralDay(new Date(a.landedStartsAt)),
      show: a.fromShowName,
      kind: 'Adjustment',
      description: adjustmentSentence(a),
      boosts: null,
      cents: a.cents,
    })
  for (const p of statement.payouts)
    dated.push({
      date: p.paidOn,
      show: '',
      kind: 'Payout',
      description: payoutSentence(p),
      boosts: null,
      cents: -p.amountCents,
    })
  // Stable: within a day, shows, then adjustments, then payouts.
  dated.sort((a, b) => a.date.localeCompare(b.date))
  const rows: LedgerRow[] = []
  let balance = statement.openingCents
  if (statement.month !== null)
    rows.push({
      date: `${statement.month}-01`,
      show: '',
      kind: 'Brought forward',
      description: statementLedgerTexts.broughtForward,
      boosts: null,
      cents: 0,
      balanceCents: balance,
    })
  for (const row of dated) {
    balance += row.cents
    rows.push({ ...row, balanceCents: balance })
  }
  return rows
}

/** A cell of the CSV: quoted when it must be, and never read as a formula by a spreadsheet. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** Cents as a plain decimal a spreadsheet adds up: "-2.10". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

export const ledgerCsvHeader = [
  'Date',
  'Show',
  'Kind',
  'Description',
  'Boosts',
  'Amount',
  'Balance',
]

/** The ledger as CSV (RFC 4180, CRLF), amounts in dollars with two decimals. */
export function statementCsv(statement: ComicStatement): string {
  const lines = [ledgerCsvHeader.join(',')]
  for (const row of statementLedger(statement)) {
    lines.push(
      [
        row.date,
        cell(row.show),
        row.kind,
        cell(row.description),
        row.boosts === null ? '' : String(row.boosts),
        centsToDecimal(row.cents),
        centsToDecimal(row.balanceCents),
      ].join(','),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}
