import type { TonightView } from './member-page-api'
import type { MemberStanding } from './operator-views'
import { formatCentral } from './show-time'
import { sharedSignInTexts } from './sign-in'

// The member's view is declared once, with the API's answers (member-page-api.ts).
export type { MemberView, TonightView } from './member-page-api'

/**
 * The member page (/membership, docs/memberships.md): its API and its words, in one place for the server
 * that answers, the page that shows them and the tests that read them.
 */

/** The member page's API. Every POST but the two sign-in steps carries the session's CSRF token. */
export const memberApi = {
  /** GET: the signed-in member's view (MemberView), or 401. */
  view: '/api/membership',
  /** POST { email }: mails a sign-in link when the address has a membership; the same answer if not. */
  signIn: '/api/membership/sign-in',
  /** POST { token }: uses a sign-in link; sets the session cookie, answers with the view. */
  signInComplete: '/api/membership/sign-in/complete',
  /** POST: ends the session. */
  signOut: '/api/membership/sign-out',
  /** POST: a new member code; the old one stops at once. Answers with the view. */
  rotateCode: '/api/membership/code',
  /** POST { text }: a custom joke for the host. Answers with the view, or { message }. */
  jokes: '/api/membership/jokes',
  /** POST { name, message }: the name on stage and the next gift's message. Answers with the view. */
  words: '/api/membership/words',
  /** POST: { url } of the provider's page where the member manages billing. */
  billing: '/api/membership/billing',
} as const

/** The header every changing request carries: the session's token, which another site cannot read. */
export const memberCsrfHeader = 'x-csrf-token'

/** Where a member's sign-in link opens: the token follows `#`, so it never reaches a server log. */
export const memberSignInPath = '/membership/sign-in'

/** The words of the member page, for the page, the server and the tests. */
export const memberPageTexts = {
  heading: 'Your membership',
  intro:
    'Members sign in with a link we mail to them: enter the address your membership was bought with.',
  emailLabel: 'Email of your membership',
  sendLink: sharedSignInTexts.sendLink,
  sending: sharedSignInTexts.sending,
  linkSent:
    'If a membership uses this address, a sign-in link is on its way to it. The link works once, for 15 minutes.',
  checkMail: sharedSignInTexts.checkMail,
  badEmail: 'Please enter a valid email address: the one your membership was bought with.',
  tooManySignIns: sharedSignInTexts.tooManySignIns,
  signingIn: 'Signing you in...',
  continue: 'Continue to your member page',
  continueHint: 'Your sign-in link is ready: press the button to sign in on this device.',
  linkUnusable: 'This link has expired or was already used.',
  askAgain: sharedSignInTexts.askAgain,
  sendAnother: sharedSignInTexts.sendAnother,
  notSignedIn: 'Please sign in to your member page.',
  forbidden: 'This request was refused: reload the page and try again.',
  loading: 'Loading your membership...',
  noMembership: 'There is no membership for this address any more.',
  signOut: 'Sign out',
  signedOut: sharedSignInTexts.signedOut,
  status: 'Status',
  renewal: 'Renewal',
  boostsLeft: 'Boosts left this month',
  tonight: 'Tonight',
  noShowToday: 'No show today. Your code works at the next one.',
  codeHeading: 'Your member code',
  codeHint:
    'Type it at the kiosk during a show. Add a 0 at the end to give as an anonymous member.',
  show: 'Show',
  hide: 'Hide',
  copy: 'Copy',
  rotate: 'Get a new code',
  rotateConfirm:
    'Are you sure? Your current code stops working at once, everywhere you saved it. The new code works straight away.',
  rotateYes: 'Yes, get a new code',
  rotateNo: 'Keep my code',
  rotated: 'Your new member code is ready. The old one no longer works.',
  billingHeading: 'Billing',
  billingHint: 'Change your card, switch tier or cancel at the end of the month you paid for.',
  manageBilling: 'Manage billing',
  openingBilling: 'Opening billing...',
  billingUnavailable: 'Billing cannot be managed here for this membership. Please contact us.',
  billingNotReady:
    'Your billing page is not ready yet: your first payment is still being confirmed. Please try again in a few minutes.',
  billingUnreachable:
    'We could not reach our payment provider to open your billing page. Please try again in a few minutes.',
  jokesHeading: 'Your jokes for the host',
  jokesHint:
    'Send the host a joke to tell on stage. The host reads every one and may tell it at a show.',
  jokesSent: 'Jokes you sent',
} as const

/** "Tonight's boosts: claimed" and the like, for the show on now or later today. */
export function tonightSentence(tonight: TonightView, boostsPerShow: number): string {
  if (tonight.claimed) return `Your ${boostsPerShow} boosts for ${tonight.show} are claimed.`
  return tonight.live
    ? `${tonight.show} is on now: type your code at the kiosk for ${boostsPerShow} boosts.`
    : `Not claimed yet: your ${boostsPerShow} boosts for ${tonight.show} wait for the show.`
}

/** "12 characters left" under the joke's field. */
export function charactersLeft(left: number): string {
  if (left < 0) return `${-left} character${left === -1 ? '' : 's'} too many`
  return `${left} character${left === 1 ? '' : 's'} left`
}

/** The link mail's subject and words (the brand from siteConfig). */
export function memberLinkSubject(brand: string): string {
  return `Sign in to your ${brand} membership`
}

/** Where the membership stands, in words for a fan paying every month. */
export function memberStatusWords(
  standing: MemberStanding,
  dates: { cancelAtPeriodEnd: boolean; graceEndsAt: Date | null },
): string {
  switch (standing) {
    case 'active':
      return dates.cancelAtPeriodEnd ? 'Active, cancelled: it will not renew' : 'Active'
    case 'grace':
      return dates.graceEndsAt
        ? `Payment failed: your perks go on until ${formatCentral(dates.graceEndsAt)}. Update your card under Manage billing.`
        : 'Payment failed: update your card under Manage billing.'
    case 'paused':
      return 'Paused: a payment failed. Update your card under Manage billing to use your perks again.'
    case 'ended':
      return 'Ended'
    case 'incomplete':
      return 'Waiting for the first payment'
  }
}

/** "Renews on ...", "Ends on ..." (cancelled at the period's end) or "Ended on ...". */
export function memberDateLine(dates: {
  endedAt: Date | null
  periodEnd: Date | null
  cancelAtPeriodEnd: boolean
}): string | null {
  if (dates.endedAt) return `Ended on ${formatCentral(dates.endedAt)}`
  if (!dates.periodEnd) return null
  const when = formatCentral(dates.periodEnd)
  return dates.cancelAtPeriodEnd ? `Ends on ${when}` : `Renews on ${when}`
}
