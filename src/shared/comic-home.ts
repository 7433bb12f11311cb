import { comicStatementTexts } from './comic-statement'
import { openMicTexts } from './open-mic'
import { paths } from './pages'
import { sharedSignInTexts } from './sign-in'
import { siteConfig } from './site-config'

/**
 * A comic's own page, /backstage (docs/comics.md, "A comic's own page"): its API and its words,
 * in one place for the server that answers, the page and the tests. Its sign-in is the comic
 * audience's (core/settlements/comic-sign-in.ts), the one the statement uses too: one session.
 */

export const comicHomeApi = {
  /** GET: the signed-in comic's page (ComicHome), or 401. */
  view: '/api/backstage',
  /** POST { email }: mails a sign-in link when the address is a comic's; the same answer if not. */
  signIn: '/api/backstage/sign-in',
  /** POST { token }: uses a sign-in link; sets the session cookie, answers with the page. */
  signInComplete: '/api/backstage/sign-in/complete',
  /** POST: ends the session. */
  signOut: '/api/backstage/sign-out',
  /** POST (CSRF) { name?, pronouns?, bio?, links?, vrchatPublic? }: edits their public page; answers the page. */
  page: '/api/backstage/page',
  /** POST (CSRF), the picture's bytes: their new picture, checked and re-encoded; answers the page. */
  picture: '/api/backstage/picture',
  /** POST (CSRF): withdraws one of the comic's own open-mic sign-ups; answers the page. */
  withdraw: (signupId: number | string) => `/api/backstage/signups/${signupId}/withdraw`,
} as const

/** Where a comic's sign-in link opens: the token follows `#`, so it never reaches a server log. */
export const comicHomeSignInPath = paths.backstageSignIn

export function comicHomeLinkSubject(brand: string): string {
  return `Sign in to your comic's page at ${brand}`
}

/** The words of a comic's own page, for the page, the server and the tests. */
export const comicHomeTexts = {
  heading: 'Backstage',
  headingFor: (name: string) => `Backstage: ${name}`,
  intro: `Comics of ${siteConfig.brand} sign in with a link we mail to them: enter the address the club has for you (the one you signed up for an open mic with, or your payout address).`,
  emailLabel: 'Your email',
  sendLink: sharedSignInTexts.sendLink,
  sending: sharedSignInTexts.sending,
  linkSent:
    'If the club has this address for a comic, a sign-in link is on its way to it. The link works once, for 15 minutes.',
  checkMail: sharedSignInTexts.checkMail,
  badEmail: 'Please enter a valid email address: the one the club has for you.',
  tooManySignIns: sharedSignInTexts.tooManySignIns,
  signingIn: 'Opening your page...',
  continue: 'Continue to your page',
  continueHint: 'Your link is ready: press the button to sign in on this device.',
  linkUnusable: comicStatementTexts.linkUnusable,
  askAgain: sharedSignInTexts.askAgain,
  sendAnother: sharedSignInTexts.sendAnother,
  notSignedIn: 'Please sign in to see your page.',
  forbidden: 'This request was refused: reload your page and try again.',
  loading: 'Loading your page...',
  signOut: 'Sign out',
  signedOut: sharedSignInTexts.signedOut,
  showsHeading: 'Your upcoming shows',
  noShows: 'No upcoming show has you on its lineup yet.',
  setLength: (minutes: number) => `${minutes}-minute set`,
  yourTime: (when: string) => `Your time: ${when}`,
  addToCalendar: openMicTexts.addToCalendar,
  signupsHeading: 'Your open-mic sign-ups',
  noSignups: 'No open-mic sign-ups yet.',
  pending: openMicTexts.minePending,
  pool: openMicTexts.minePool,
  slot: openMicTexts.mineSlot,
  waitlist: openMicTexts.mineWaitlist,
  withdrawnState: openMicTexts.mineWithdrawn,
  withdraw: openMicTexts.mineWithdraw,
  withdrawing: openMicTexts.withdrawing,
  withdrawAsk: openMicTexts.mineWithdrawAsk,
  withdrawDone: openMicTexts.withdrawn,
  openMicPage: 'Open-mic page',
  statementHeading: 'Your statement',
  statementLead:
    'Your sets, the boosts fans gave you at each show, what the club owes you and what it has paid.',
  statementLink: 'Open my statement',
  publicPageHeading: 'Your public page',
  publicPageLink: 'See my public page',
  noSignup: 'No sign-up of yours has this number.',
  editHeading: 'Edit your public page',
  editLead: 'What fans read on your page. The host sees every change and can undo it.',
  locked: 'The host has locked your page for now: only the club can change it.',
  save: 'Save my page',
  saving: 'Saving...',
  saved: 'Saved: your public page shows it now.',
  linkLabel: (n: number) => `Link ${n}: its name`,
  linkUrl: (n: number) => `Link ${n}: its address (https://...)`,
  vrchatPublic: (name: string) =>
    name ? `Show my VRChat name (${name}) on my page` : 'Show my VRChat name on my page',
  pictureLabel: 'Your picture (JPEG, PNG or WebP)',
  uploadPicture: 'Upload picture',
  uploading: 'Uploading...',
  pictureSaved: 'Your new picture is on your page.',
  fieldRefused: (label: string) =>
    `${label}: please check it (too long, empty where it is needed, or a link not starting with https://).`,
} as const
