import { comicHomeLinkSubject, comicHomeSignInPath } from '../../shared/comic-home'
import { siteConfig } from '../../shared/site-config'
import type { ComicRow } from '../db/comic-tables'
import type { Db } from '../db/schema'
import type { SignInAudience } from '../sign-in/audience'

/**
 * A comic stays signed in as long as a member does, 30 days (docs/decisions/044-a-comics-own-page.md):
 * they look in before a show, after it, and when a payout comes.
 */
export const comicSessionLifetimeMs = 30 * 24 * 60 * 60_000

/** The comic whose payout address `email` is (in lower case), archived ones too. */
export function comicByPayoutEmail(db: Db, email: string): Promise<ComicRow | undefined> {
  return db
    .selectFrom('comics')
    .selectAll()
    .where('payout_email', '=', email.trim().toLowerCase())
    .orderBy('archived_at', (ob) => ob.nullsFirst())
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst()
}

/**
 * The comics as an audience of sign-in by mailed link (docs/comics.md, "A comic's own page"): the
 * address the host keeps for a comic (the payout address; a comic made from an open-mic sign-up
 * has the one they signed up with) signs in as that comic, for 30 days; its link opens
 * /backstage/sign-in, their own page, which leads to their statement (the same session). A changed payout address ends the old one's sessions
 * (who() is asked at every request).
 */
export const comicAudience: SignInAudience<ComicRow> = {
  name: 'comic',
  sessionLifetimeMs: comicSessionLifetimeMs,
  linkPath: comicHomeSignInPath,
  who: comicByPayoutEmail,
  mail: {
    subject: comicHomeLinkSubject(siteConfig.brand),
    intro: (_publicUrl, minutes) =>
      `Here is your link to sign in to your comic's page at ${siteConfig.brand}: your shows, your open-mic sign-ups, your public page and your statement. It works once, for ${minutes} minutes:`,
    linkLabel: 'Sign in to my page',
  },
}
