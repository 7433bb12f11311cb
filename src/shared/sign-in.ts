/**
 * Sign-in by mailed link, as every audience's pages and server share it: the console's and the
 * member page's (and, next, the comics'). Each audience keeps its own words and routes beside its
 * screens (console.ts, member-page.ts); these are their shapes.
 */

/** What every audience's sign-in says in the same words. */
export const sharedSignInTexts = {
  tooManySignIns: 'Too many sign-in requests. Please wait a few minutes, then try again.',
  signedOut: 'You are signed out.',
  sendLink: 'Email me a sign-in link',
  sending: 'Sending...',
  checkMail: 'Check your mail',
  askAgain: 'Ask for a new link',
  sendAnother: 'Send another link',
} as const

/** The sentences an audience's sign-in answers with. */
export interface SignInTexts {
  /** The answer to every well-formed link request, whoever the address is. */
  linkSent: string
  badEmail: string
  tooManySignIns: string
  linkUnusable: string
  notSignedIn: string
  /** A request from another site, or a change without the session's CSRF token. */
  forbidden: string
  signedOut: string
}

/** An audience's three sign-in routes: ask for a link, use it, sign out. */
export interface SignInApi {
  /** POST { email }: the same answer whatever the address; a link is mailed when it may sign in. */
  signIn: string
  /** POST { token }: uses a link; sets the session cookie. */
  signInComplete: string
  /** POST: ends the session. */
  signOut: string
}

/**
 * The token of a mailed link, from the address's `#...` (which never reaches a server), when it
 * looks like one; '' otherwise.
 */
export function linkTokenFromHash(hash: string): string {
  const token = hash.replace(/^#/, '').trim()
  return /^[\w-]{8,}$/.test(token) ? token : ''
}
