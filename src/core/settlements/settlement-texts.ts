import { formatUsd } from '../../shared/money'
import { formatCentralTime } from '../../shared/show-time'
import { comicRefusalTexts } from '../comics/comic-texts'

/** Why a settlement, a payout or a change of the terms was refused, in the host's words. */
export const settlementTexts = {
  noShow: comicRefusalTexts.noShow,
  notOver: (name: string) =>
    `${name} is not over yet: its codes still redeem, so its settlement cannot close until 3 hours after it starts.`,
  alreadyClosed: (name: string) =>
    `${name}'s settlement is closed already: a change since lands on the next one as an adjustment.`,
  potWaits: (name: string, cents: number) =>
    `${name}'s pot holds ${formatUsd(cents)} for the comics and the show has none to share it (nobody had a set, its lineup is empty): set its lineup (lineup set), then close it.`,
  badShare: "The comics' share is a whole percent from 0 to 100.",
  badMemberValue: 'A member boost is worth a whole number of cents, from 0 to 10000.',
  monthNotOver: (month: string) =>
    `No statements were mailed: ${month} is not over yet. Close it again once it is, and each comic gets theirs.`,
  monthLeftOpen: (month: string, shows: number) =>
    `No statements were mailed: ${shows === 1 ? 'a show' : `${shows} shows`} of ${month} ${shows === 1 ? 'is' : 'are'} still open. Close ${shows === 1 ? 'it' : 'them'}, then the month again.`,
  badAmount: 'A payout is a whole number of cents above 0.',
  badDate: (what: string) => `"${what}" is not a day: write it as YYYY-MM-DD.`,
  badMonth: (what: string) => `"${what}" is not a month: write it as YYYY-MM.`,
  noPayoutAddress: (name: string) =>
    `${name} has no payout address: set one with comics edit --payout-email first.`,
  noSiteAddress: "Links need the site's address (PUBLIC_URL): run this beside the server.",
  overpaid: (name: string, owed: number, lowering = 0) =>
    `That is more than ${name} is owed (${formatUsd(owed)}${lowering > 0 ? `, less ${formatUsd(lowering)} that refunds or disputes at closed shows take back at the next close` : ''}): pass force to record it anyway.`,
  sameReference: (
    name: string,
    earlier: { reference: string; amountCents: number; paidOn: string; recordedAt: Date },
  ) =>
    `A payout to ${name} with the reference "${earlier.reference}" was recorded already, on ${formatCentralTime(earlier.recordedAt)} (${formatUsd(earlier.amountCents)} paid on ${earlier.paidOn}): pass force to record it again.`,
} as const

const comicsWord = (n: number) => (n === 1 ? '1 comic' : `${n} comics`)

/** What a book action will do, said before it is done (the console's confirmations, --check). */
export const bookPreviewTexts = {
  /** "Close November: 8 shows, $412.60 to 6 comics" */
  closeMonth: (monthWord: string, shows: number, cents: number, comics: number) =>
    shows === 0
      ? `Close ${monthWord}: no show of it is left to close.`
      : `Close ${monthWord}: ${shows === 1 ? '1 show' : `${shows} shows`}, ${formatUsd(cents)} to ${comicsWord(comics)}.`,
  /** "Close Sunday Show: $52.10 to 3 comics" */
  closeShow: (name: string, cents: number, comics: number) =>
    `Close ${name}: ${formatUsd(cents)} to ${comicsWord(comics)}.`,
  /** "Record $40.00 to Rosa Delgado by PayPal, reference 7XK21" */
  payout: (cents: number, name: string, method: string, reference: string, paidOn: string) =>
    `Record ${formatUsd(cents)} to ${name}${method ? ` by ${method}` : ''}, reference ${reference}, paid on ${paidOn}.`,
  statements: (toMail: number, withoutAddress: number) =>
    toMail === 0
      ? `Nobody can be mailed a statement${withoutAddress > 0 ? `: ${comicsWord(withoutAddress)} without a payout address` : ''}.`
      : `Mail ${comicsWord(toMail)} a link to their statement${withoutAddress > 0 ? ` (${comicsWord(withoutAddress)} without a payout address will not be)` : ''}.`,
  statementsOne: (name: string, email: string) =>
    `Mail ${name} a link to their statement at ${email}.`,
} as const
