import { balanceLines } from '../shared/comic-statement'
import { formatUsd } from '../shared/money'
import type { BoostCounts, ComicStatement, SettlementView } from '../shared/settlements'
import { formatCentralTime } from '../shared/show-time'
import {
  adjustmentSentence,
  payoutSentence,
  readableDay,
  showItemLines,
} from '../shared/statement-ledger'

/** "12 boosts (5 show codes, 7 member, 2 anonymous)" */
function boostWords(b: BoostCounts): string {
  const all = b.codeBoosts + b.memberBoosts
  return `${all} boosts (${b.codeBoosts} show codes, ${b.memberBoosts} member, ${b.anonymousBoosts} anonymous)`
}

/** A show's settlement, as the command line prints it. */
export function settlementLines(view: SettlementView): string[] {
  const state = view.closed
    ? `closed ${formatCentralTime(new Date(view.closedAt ?? ''))} by ${view.closedBy}`
    : 'open: as it stands now'
  const t = view.terms
  return [
    `${view.show.name} (${view.show.id}), ${formatCentralTime(new Date(view.show.startsAt))}: ${state}`,
    `  terms: ${t.sharePercent}% to the comics, a member boost ${formatUsd(t.memberBoostCents)}, the pot ${t.potRule}`,
    `  money: ${formatUsd(view.moneyCents)} (orders kept ${formatUsd(view.takenCents)}, member boosts ${formatUsd(view.memberValueCents)})`,
    ...view.lines.map(
      (l) =>
        `  ${l.comic.name}: ${boostWords(l)}, worth ${formatUsd(l.creditedCents)}; pot share ${formatUsd(l.potCents)}; owed ${formatUsd(l.owedCents)}`,
    ),
    `  pot: ${boostWords(view.pot)}, worth ${formatUsd(view.pot.creditedCents)}; to the comics ${formatUsd(view.pot.comicsCents)}`,
    ...(view.pot.waitingCents > 0
      ? [
          `  the pot's ${formatUsd(view.pot.waitingCents)} for the comics waits for the show's lineup: it cannot close until it has one`,
        ]
      : []),
    ...view.adjustments.map(
      (a) =>
        `  adjustment from ${a.fromShowName}: ${a.comic?.name ?? 'the club'} ${formatUsd(a.cents)}`,
    ),
    `  comics ${formatUsd(view.comicsCents)} + club ${formatUsd(view.clubCents)}${view.pot.waitingCents > 0 ? ` + waiting ${formatUsd(view.pot.waitingCents)}` : ''} = ${formatUsd(view.comicsCents + view.clubCents + view.pot.waitingCents)}`,
  ]
}

/** A comic's statement, as the command line prints it. */
export function statementLines(statement: ComicStatement): string[] {
  return [
    `${statement.comic.name}: ${statement.month ?? 'all time'}`,
    ...(statement.shows.length === 0 ? ['  No shows in this period.'] : []),
    ...statement.shows.flatMap((s) => [
      `  ${formatCentralTime(new Date(s.startsAt))}  ${s.showName}: ${boostWords(s)}, owed ${formatUsd(s.owedCents)}${s.closed ? '' : ', not closed yet'}`,
      ...showItemLines(s).map(
        (item) => `      ${item.label}${item.cents === null ? '' : `: ${formatUsd(item.cents)}`}`,
      ),
    ]),
    ...statement.adjustments.map((a) => `  ${adjustmentSentence(a)} ${formatUsd(a.cents)}`),
    ...statement.payouts.map(
      (p) => `  paid ${formatUsd(p.amountCents)} on ${readableDay(p.paidOn)}: ${payoutSentence(p)}`,
    ),
    `  this period: owed ${formatUsd(statement.owedCents)}, paid ${formatUsd(statement.paidCents)}`,
    ...balanceLines(statement.balance).map((line) => `  ${line}`),
  ]
}
