import { formatUsd } from '../../../shared/money'

/**
 * The console's Books page (docs/console.md, "Books"): its headings, hints and what it says once
 * a book action is done. What an action will do is the action's own preview sentence.
 */
export const booksTexts = {
  intro:
    'Settle the shows, close the months, record what you paid each comic and send them their statements. Each change says what it will do first.',
  showsHeading: 'Shows to settle',
  showsEmpty: 'Every show with money or sets is settled.',
  monthsHeading: 'Months',
  monthsHint:
    'Closing a month settles each of its shows that is over; once none is left open, each comic is mailed their statement for it.',
  monthsEmpty: 'No month has shows with money or sets yet.',
  comicsHeading: 'What each comic is owed',
  comicsEmpty: 'No comic has had a set, a boost or a payout yet.',
  pending: (cents: number) => `${formatUsd(cents)} more at shows not settled yet`,
  noAddress: 'No payout address',
  sendAllHint: 'A link to their statement, to every comic with a payout address.',
  closed: (shows: number, cents: number) =>
    shows === 0
      ? 'Nothing was closed.'
      : `Closed ${shows === 1 ? '1 show' : `${shows} shows`}: ${formatUsd(cents)} to the comics.`,
  leftOpen: 'Left open:',
  willMail: (names: string[]) => `Statements will be mailed to ${names.join(', ')}.`,
  override: 'Record it anyway…',
  mailed: (names: string[]) => `Statements mailed to ${names.join(', ')}.`,
  notMailed: (names: string[]) => `No payout address, no statement mailed: ${names.join(', ')}.`,
  recorded: (cents: number, name: string, stillOwed: number) =>
    `Recorded ${formatUsd(cents)} paid to ${name}. Still owed: ${formatUsd(stillOwed)}.`,
  payoutMailed: (name: string) => `${name} is mailed of it.`,
  payoutNotMailed: (name: string) => `${name} has no payout address: nobody was mailed.`,
  refused: 'This payout is refused',
  forceQuestion: 'Record it anyway?',
  forceWarning:
    'Only for an advance or a second transfer under one reference: the refusal above stands otherwise.',
  badAmount: 'Write the amount in dollars, e.g. 25.00.',
  badDate: 'Pick the day it was paid.',
  badReference: "Write the transfer's reference (PayPal's transaction id, the bank's).",
  amountHint: 'In dollars, e.g. 25.00.',
  methodHint: 'How it was sent: PayPal, bank transfer. The comic is told.',
  statementsQuestion: 'Send the statements?',
  closeQuestion: 'Settle?',
  afterPayout: (cents: number) => `Still owed after it: ${formatUsd(cents)}.`,
  payoutMailTo: (email: string) => `The comic is mailed of it at ${email}.`,
  payoutNoMail: 'The comic has no payout address: nobody is mailed.',
} as const
