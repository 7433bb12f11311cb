import { memberLinkSubject, memberSignInPath } from '../../shared/member-page'
import { siteConfig } from '../../shared/site-config'
import type { Membership } from '../db/membership-tables'
import type { SignInAudience } from '../sign-in/audience'
import { findMembership } from './membership-lifecycle'

/** A member stays signed in to the member page a month: a fan checks in now and then. */
export const memberSessionLifetimeMs = 30 * 24 * 60 * 60_000

/**
 * The member page as an audience of sign-in by mailed link (docs/memberships.md): an address a
 * membership uses signs in as that membership (ended ones too: their member can still read where
 * it stands; of several, the one not ended first), for 30 days; its link opens
 * /membership/sign-in.
 */
export const memberAudience: SignInAudience<Membership> = {
  name: 'member',
  sessionLifetimeMs: memberSessionLifetimeMs,
  linkPath: memberSignInPath,
  who: (db, email) => findMembership(db, { email }),
  mail: {
    subject: memberLinkSubject(siteConfig.brand),
    intro: (_publicUrl, minutes) =>
      `Someone (we hope you) asked to sign in to your ${siteConfig.brand} membership. Open this link to see your member code, your boosts this month and your jokes for the host. It works once, for ${minutes} minutes:`,
    linkLabel: 'Open my member page',
  },
}
