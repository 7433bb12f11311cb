import { formatUsd } from './money'
import { sharedSignInTexts } from './sign-in'

/**
 * A comic's own statement (/statement, docs/comics.md, "Settling with the comics"): its API and
 * its words, in one place for the server that answers, the page and the tests.
 */

export const comicStatementApi = {
  /** GET ?month=YYYY-MM: the signed-in comic's statement (ComicStatement), or 401. */
  view: '/api/statement',
  /** POST { email }: mails a sign-in link when the address is a comic's payout address; the same answer if not. */
  signIn: '/api/statement/sign-in',
  /** POST { token }: uses a sign-in link; sets the session cookie, answers with the statement. */
  signInComplete: '/api/statement/sign-in/complete',
  /** POST: ends the session. */
  signOut: '/api/statement/sign-out',
} as const

export const comicCsrfHeader = 'x-csrf-token'

/** The words of the statement page, for the page, the server and the tests. */
export const comicStatementTexts = {
  heading: 'Your statement',
  intro:
    'Comics sign in with a link we mail to them: enter the payout address the club has for you.',
  emailLabel: 'Your payout email',
  sendLink: sharedSignInTexts.sendLink,
  sending: sharedSignInTexts.sending,
  linkSent:
    'If the club has this payout address for a comic, a sign-in link is on its way to it. The link works once, for 15 minutes.',
  checkMail: sharedSignInTexts.checkMail,
  badEmail: 'Please enter a valid email address: the one the club pays you at.',
  tooManySignIns: sharedSignInTexts.tooManySignIns,
  signingIn: 'Opening your statement...',
  continue: 'Continue to your statement',
  continueHint: 'Your link is ready: press the button to open your statement on this device.',
  linkUnusable: 'This sign-in link has expired or was already used: ask for a new one below.',
  askAgain: sharedSignInTexts.askAgain,
  sendAnother: sharedSignInTexts.sendAnother,
  notSignedIn: 'Please sign in to see your statement.',
  forbidden: 'This request was refused: reload your statement and try again.',
  loading: 'Loading your statement...',
  signOut: 'Sign out',
  signedOut: sharedSignInTexts.signedOut,
  badMonth: 'The month is written YYYY-MM.',
  monthLabel: 'Month',
  allTime: 'All time',
  showsHeading: 'Your shows',
  noShows: 'No shows in this period yet.',
  show: 'Show',
  codeBoosts: 'Show codes',
  memberBoosts: 'Member boosts',
  anonymous: 'Anonymous',
  owed: 'Owed',
  notClosed: 'not closed yet',
  potOnly: 'pot share',
  adjustmentsHeading: 'Adjustments',
  payoutsHeading: 'Payouts',
  noPayouts: 'No payouts in this period.',
  balanceHeading: 'Your account',
} as const

/** "Still owed: $12.30" and the lines above it. */
export function balanceLines(balance: {
  owedCents: number
  paidCents: number
  stillOwedCents: number
  pendingCents: number
}): string[] {
  return [
    `Owed for closed shows: ${formatUsd(balance.owedCents)}`,
    `Paid to you: ${formatUsd(balance.paidCents)}`,
    `Still owed: ${formatUsd(balance.stillOwedCents)}`,
    ...(balance.pendingCents !== 0
      ? [`Not closed yet: ${formatUsd(balance.pendingCents)} (shows the host has not settled)`]
      : []),
  ]
}
