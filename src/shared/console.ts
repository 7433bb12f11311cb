import { limits } from './limits'
import type { MembershipStatus } from './memberships'
import { formatUsd } from './money'
import type { OperatorActionName } from './operator'
import type { EventImpact, MemberStanding, MemberSummary, RefundResult } from './operator-views'
import { orderReference } from './order-reference'
import { readableTime } from './readable-time'
import { sharedSignInTexts } from './sign-in'

/**
 * The host's console (docs/console.md): its pages, its API and its words, in one place for the
 * server that guards them and the browser app that shows them.
 */

/** Every page of the console. All but sign-in need a session; without one they redirect. */
export const consolePages = {
  tonight: { path: '/admin', title: 'Tonight' },
  shows: { path: '/admin/shows', title: 'Shows' },
  orders: { path: '/admin/orders', title: 'Orders' },
  order: { path: '/admin/orders/:id', title: 'Order' },
  members: { path: '/admin/members', title: 'Members' },
  member: { path: '/admin/members/:id', title: 'Member' },
  jokes: { path: '/admin/jokes', title: 'Jokes' },
  comics: { path: '/admin/comics', title: 'Comics' },
  books: { path: '/admin/books', title: 'Books' },
  mail: { path: '/admin/mail', title: 'Mail' },
  reports: { path: '/admin/reports', title: 'Reports' },
  audit: { path: '/admin/audit', title: 'Audit log' },
  signIn: { path: '/admin/sign-in', title: 'Sign in' },
} as const

export type ConsolePageKey = keyof typeof consolePages

/** "Tonight · Punchline VR console": each console page's <title>. */
export function consoleTitle(page: string): string {
  return `${page} · Punchline VR console`
}

/** The built console's HTML (dist/client), sent by the server for every console page. */
export const consoleHtmlFile = 'admin.html'

/**
 * POST a comic's picture here: the image's bytes as the body, its type as Content-Type, the CSRF
 * header; answers the ComicView, or { message } saying why the file was refused (the server
 * judges the file by its content, never by its name or its header).
 */
export const comicPictureRoute = '/admin/api/comics/:id/picture'

/** The console's API, under /admin/api. Every POST but sign-in carries the session's CSRF token. */
export const consoleApi = {
  /** GET: { email, csrfToken, expiresAt } of the signed-in host, or 401. */
  session: '/admin/api/session',
  /** POST { email }: mails a sign-in link when the address may sign in; the same answer if not. */
  signIn: '/admin/api/sign-in',
  /** POST { token }: uses a sign-in link; sets the session cookie, answers like `session`. */
  signInComplete: '/admin/api/sign-in/complete',
  /** POST: ends the session. */
  signOut: '/admin/api/sign-out',
  /**
   * POST the action's input as JSON: its result, or { message } with 400, 404 or 502; a refused
   * refund adds the `advice` of what would let it go ahead ('force': past the 7 days).
   */
  action: (name: ConsoleActionName) => `/admin/api/actions/${name}`,
  /** GET: the report by show or by month as CSV. */
  showsCsv: '/admin/api/reports/shows.csv',
  monthsCsv: '/admin/api/reports/months.csv',
  /** GET ?months=3: boosts per show, drawn as an SVG chart on the server. */
  boostsChart: '/admin/api/reports/boosts.svg',
  /**
   * POST a comic's picture: the image's bytes as the body, its type as Content-Type, the CSRF
   * header; answers the ComicView, or { message } saying why the file was refused.
   */
  comicPicture: (comicId: string) => comicPictureRoute.replace(':id', encodeURIComponent(comicId)),
  /** GET ?by=show|month: the comics report (per comic per show, or per month) as CSV. */
  comicsCsv: '/admin/api/reports/comics.csv',
  /** GET ?months=3: what each comic is owed, drawn as an SVG chart on the server. */
  comicsChart: '/admin/api/reports/comics.svg',
} as const

/** The header every changing request carries: the session's token, which another site cannot read. */
export const csrfHeader = 'x-csrf-token'

/** Operator actions the console may call (a sign-in link is made by mail or on the command line). */
export type ConsoleActionName = Exclude<OperatorActionName, 'console.link'>

// Who is signed in is declared once, with the sign-in's answers (sign-in-api.ts).
export type { ConsoleSessionInfo } from './sign-in-api'

export const consoleMessages = {
  linkSent:
    'If that address may sign in, a sign-in link is on its way to it. The link works once, for 15 minutes.',
  badEmail: 'Please enter a whole email address.',
  tooManySignIns: sharedSignInTexts.tooManySignIns,
  linkUnusable: 'This sign-in link has expired or was used already. Ask for a new one below.',
  signedOut: sharedSignInTexts.signedOut,
  notSignedIn: 'Please sign in to the console.',
  forbidden: 'This request was refused: reload the console and try again.',
} as const

/** "1 code", "12 codes". */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

const rolloverHours = limits.showRolloverMs / 3_600_000

/** The console's own sentences, beside the messages above: what a screen says after an action. */
export const consoleTexts = {
  unreachable: 'The console could not reach the server. Check the connection, then try again.',
  failed: (status: number) =>
    `The server could not do that (HTTP ${status}). Try again; if it keeps failing, the server log says why.`,
  noShow: 'No show is on the schedule. Add one on the Shows page.',
  /**
   * What moving or removing a show does to the codes already sold for it (events.impact), said
   * before the change is made. `until` is when the moved show's unused codes stop redeeming.
   */
  eventImpact(
    impact: Pick<EventImpact, 'codes' | 'redeemed' | 'unused'>,
    change: { kind: 'move'; until: string } | { kind: 'remove' },
  ): string {
    if (impact.codes === 0) return 'No codes have been sold for this show: no fan is affected.'
    const voided = impact.codes - impact.redeemed - impact.unused
    const sold = `${count(impact.codes, 'code')} sold for this show, ${impact.redeemed} redeemed${voided > 0 ? `, ${voided} voided` : ''}`
    if (impact.unused === 0) return `${sold}: none is left to redeem, so no fan is affected.`
    const unused = `the ${count(impact.unused, 'unused code')}`
    return change.kind === 'move'
      ? `${sold}: ${unused} will redeem until the new start + ${rolloverHours} hours (${change.until}).`
      : `${sold}: ${unused} will expire unused: refund their orders if the show will not happen.`
  },
  orderReversed: (status: 'refunded' | 'disputed') =>
    status === 'refunded'
      ? 'This order was refunded: there is nothing left to refund.'
      : 'This order is disputed: the bank holds the money. Answer the dispute in the Stripe dashboard.',
  codesVoid: 'Every code of this order is void: there is nothing to resend.',
  refundCodes: (redeemed: number, total: number) =>
    total === 0
      ? 'This order has no codes.'
      : `${redeemed} of ${count(total, 'code')} redeemed; a refund voids the codes not redeemed.`,
  refundAnyway: (amount: string) =>
    `This overrides the refusal above: ${amount} goes back to the buyer, the codes not redeemed are voided and the buyer is mailed.`,
  refunded: (result: Pick<RefundResult, 'refundedCents' | 'voided' | 'mailedTo'>) =>
    `The payment provider refunded ${formatUsd(result.refundedCents)}; ${count(result.voided, 'code')} voided. ${
      result.mailedTo
        ? `A mail about the refund is on its way to ${result.mailedTo}.`
        : 'The order has no address, so nobody was mailed.'
    }`,
  resent: (to: string) => `The codes mail is queued for ${to}.`,
  mailRetried: (n: number) => `${count(n, 'mail')} queued to send again.`,
} as const

/** Asked before a refund goes ahead against its refusal, an order's or a membership's. */
const refundAnywayQuestion = 'Refund anyway?'

/** "Tue, Dec 1, 2026, 8:00 PM CT", or "the end of its period" when none is known. */
function periodEndText(member: Pick<MemberSummary, 'periodEnd'>): string {
  return member.periodEnd ? readableTime(new Date(member.periodEnd)) : 'the end of its period'
}

/** The Members page's words (docs/console.md), with the command line's meaning. */
/** A membership's status in the host's words: a filter's option and a badge ("past_due" is not a word). */
export const membershipStatusWords: Record<MembershipStatus, string> = {
  incomplete: 'First payment not landed',
  active: 'Active',
  past_due: 'Payment failed',
  ended: 'Ended',
}

/** Where it stands, when that says more than its status: the grace period, or perks paused. */
const standingWords: Partial<Record<MemberStanding, string>> = {
  grace: 'grace period',
  paused: 'perks paused',
}

/** "Active", "Payment failed (grace period)", "Payment failed (perks paused)", "Ended". */
export function membershipStatusInWords(
  member: Pick<MemberSummary, 'status' | 'standing'>,
): string {
  const standing = member.standing === member.status ? undefined : standingWords[member.standing]
  const status = membershipStatusWords[member.status]
  return standing ? `${status} (${standing})` : status
}

export const memberConsoleTexts = {
  searchLabel: 'Find a member',
  searchHint: 'An email address or part of one, a member code, or a membership id.',
  statusLabel: 'Status',
  anyStatus: 'Any status',
  empty: 'No memberships yet.',
  noMatch: 'No membership matches.',
  noGifts: 'No gifts at any show yet.',
  cancelAtPeriodEnd: 'Cancel at period end',
  cancelAtPeriodEndHint:
    'No more renewals: the perks last to the end of the paid period, then the membership ends.',
  renewalsStopped:
    'Renewals are stopped: the perks last to the end of the paid period, then the membership ends.',
  endNow: 'End now…',
  endNowQuestion: 'End this membership now?',
  endNowExplain:
    'The perks end at once: the member code stops working and nothing renews the membership. Nothing is refunded (refund the latest payment for that).',
  endNowConfirm: 'End it now',
  refund: 'Refund latest payment…',
  refundQuestion: 'Refund the latest payment and end this membership?',
  refundExplain:
    'The latest payment goes back through the payment provider, within 7 days of it; the membership ends at once, its member code stops working and the member is mailed.',
  refundConfirm: 'Refund and end now',
  refundRefused: 'This refund is refused',
  refundForce: 'Refund even past 7 days…',
  refundForceQuestion: refundAnywayQuestion,
  refundForceExplain:
    'This overrides the 7-day rule above: the latest payment goes back all the same, the membership ends at once and the member is mailed.',
  refundForceConfirm: 'Refund anyway',
  nothingToDo:
    'This membership has ended and its latest payment was refunded or disputed: nothing is left to change.',
  cancelled: (member: Pick<MemberSummary, 'id' | 'status' | 'periodEnd'>) =>
    member.status === 'ended'
      ? `Membership ${member.id} has ended: its member code no longer works.`
      : `Renewals of membership ${member.id} are stopped: its perks last until ${periodEndText(member)}, then it ends.`,
  refunded: (id: string, result: { refundedCents: number; invoice: string }) =>
    `Refunded ${formatUsd(result.refundedCents)} of membership ${id} (${result.invoice}); it has ended and its member code no longer works. A mail about the refund is on its way to the member.`,
} as const

/** The words of the console's pages, page by page (docs/console.md). */
export const consolePageTexts = {
  signIn: {
    withLink: 'This is your sign-in link. Continue to open the console in this browser.',
    hint: 'We mail a link that signs you in. It works once, for 15 minutes.',
  },
  pageError:
    'This page hit a snag and could not be shown. Nothing was changed by it. Reloading often helps; the other pages still work.',
  tonight: {
    noGifts: 'No gifts for this show yet.',
    refreshed: (seconds: number) => `Refreshed every ${seconds} seconds while this tab is open.`,
  },
  shows: {
    added: (show: string) => `Added ${show}.`,
    unchanged: 'Nothing was changed.',
    saved: (show: string) => `Saved ${show}.`,
    moved: (name: string, when: string) => `Moved ${name} to ${when}.`,
    removed: (show: string) => `Removed ${show}.`,
    moveQuestion: (name: string, when: string) => `Move ${name} to ${when}?`,
    removeQuestion: (show: string) => `Remove ${show}?`,
    noMatch: 'No show matches that search.',
    empty: 'No shows to list.',
    startHint: 'As YYYY-MM-DD HH:MM, 24-hour clock, in Central time (America/Chicago).',
    makeOpenMic: 'Make it an open mic (its slots and sign-up next)',
    descriptionHint: 'The first line is what the landing page shows.',
  },
  orders: {
    searchHint:
      'An email address or part of one, an order reference (like 7F3KQZ) or id, or a code.',
    noMatch: 'No order matches.',
    empty: 'No orders yet.',
  },
  order: {
    noItems: 'No items.',
    noCodes: 'No codes for this order (yet).',
    noMail: 'No mail about this order.',
    refund: (id: string) => `Refund order ${orderReference(id)}…`,
    refundQuestion: (amount: string) => `Refund ${amount}?`,
    override: 'Override the refusal…',
  },
  refundAnywayQuestion,
  mail: { noFailed: 'No failed mail.', noneWaiting: 'No mail is waiting.' },
  reports: {
    nothingSold: 'Nothing sold yet.',
    chartAlt: (months: number) =>
      `Bar chart of the boosts given at each show over the last ${months} months. The same figures are in the table below.`,
    chartCaption: 'Drawn by the server from the table below.',
    noShow: (months: number) => `No show in the last ${months} months.`,
    /** The chart's own description (its SVG <desc>). */
    chartSummary: (months: number, shows: number, boosts: number, most: number) =>
      shows === 0
        ? `No shows in the last ${months} months.`
        : `${shows} shows in the last ${months} months, ${boosts} boosts in all; the most at one show: ${most}.`,
  },
  audit: {
    searchHint: 'Who, what or on which order, show or mail.',
    noMatch: 'Nothing in the log matches.',
    empty: 'Nothing has been done yet.',
  },
} as const
