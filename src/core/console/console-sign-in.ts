import { consolePages } from '../../shared/console'
import { siteConfig } from '../../shared/site-config'
import type { SignInAudience } from '../sign-in/audience'

// The console's links last as every audience's do; its tests and docs read the lifetime here.
export { signInLinkLifetimeMs } from '../sign-in/links'

/** A console session ends this long after sign-in, or at "Sign out". */
export const consoleSessionLifetimeMs = 12 * 60 * 60_000

/** True when `email` is one of ADMIN_EMAILS, in any capitals. */
export function mayUseConsole(adminEmails: readonly string[], email: string): boolean {
  const wanted = email.trim().toLowerCase()
  return adminEmails.some((allowed) => allowed.toLowerCase() === wanted)
}

/**
 * The host's console as an audience of sign-in by mailed link (docs/console.md): an address in
 * ADMIN_EMAILS signs in, as itself, for 12 hours; its link opens the console's sign-in page.
 */
export function consoleAudience(adminEmails: readonly string[]): SignInAudience<string> {
  return {
    name: 'console',
    sessionLifetimeMs: consoleSessionLifetimeMs,
    linkPath: consolePages.signIn.path,
    who: async (_db, email) => (mayUseConsole(adminEmails, email) ? email : undefined),
    mail: {
      subject: `Sign in to the ${siteConfig.brand} console`,
      intro: (publicUrl, minutes) =>
        `Someone (we hope you) asked to sign in to the ${siteConfig.brand} console at ${publicUrl}. Open this link to sign in; it works once, for ${minutes} minutes:`,
      linkLabel: 'Sign in to the console',
    },
  }
}
