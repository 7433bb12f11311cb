import { comicLinkSubject, comicStatementSignInPath } from '../../shared/comic-statement'
import { siteConfig } from '../../shared/site-config'
import type { ComicRow } from '../db/comic-tables'
import type { Db } from '../db/schema'
import type { SignInAudience } from '../sign-in/audience'

/** A comic stays signed in to their statement a week: they look in after a show or a payout. */
export const comicSessionLifetimeMs = 7 * 24 * 60 * 60_000

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
 * A comic's statement as an audience of sign-in by mailed link (docs/comics.md, "Settling with
 * the comics"): the payout address the host keeps for a comic signs in as that comic, for a
 * week; its link opens /statement/sign-in. A changed payout address ends the old one's sessions
 * (who() is asked at every request).
 */
export const comicAudience: SignInAudience<ComicRow> = {
  name: 'comic',
  sessionLifetimeMs: comicSessionLifetimeMs,
  linkPath: comicStatementSignInPath,
  who: comicByPayoutEmail,
  mail: {
    subject: comicLinkSubject(siteConfig.brand),
    intro: (_publicUrl, minutes) =>
      `Someone (we hope you) asked to see your statement at ${siteConfig.brand}: your sets, the boosts fans gave you at each show, what the club owes you and what it has paid. It works once, for ${minutes} minutes:`,
    linkLabel: 'Open my statement',
  },
}
