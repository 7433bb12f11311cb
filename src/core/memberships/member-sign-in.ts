import { createHash } from 'node:crypto'
import { memberLinkSubject, memberSignInPath } from '../../shared/member-page'
import { siteConfig } from '../../shared/site-config'
import { createSignInLink, signInLinkLifetimeMs } from '../console/sign-in'
import type { Db } from '../db/schema'
import { composeMail } from '../mail/compose'
import { queueMail } from '../mail/outbox'
import { findMembership } from './memberships'

/**
 * Where a member's sign-in link opens: the member page's sign-in, the token after `#` (never sent
 * to a server, so it stays out of logs and Referer headers). The page sends it with a POST, so a
 * mail scanner that opens links signs nobody in.
 */
export function memberSignInUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${memberSignInPath}#${token}`
}

/**
 * Mails a member-page sign-in link to `email` when a membership uses that address (ended ones
 * too: their member can still read where it stands), and does nothing otherwise. The link and its
 * mail are made in one transaction: the link exists exactly when its mail does. True when mailed.
 */
export async function mailMemberSignInLink(
  db: Db,
  email: string,
  publicUrl: string,
  now: Date,
): Promise<boolean> {
  const membership = await findMembership(db, { email })
  if (!membership) return false
  const address = email.trim().toLowerCase()
  const minutes = signInLinkLifetimeMs / 60_000
  await db.transaction().execute(async (trx) => {
    const link = await createSignInLink(trx, address, now, 'member')
    await queueMail(
      trx,
      {
        dedupeKey: `member-link:${createHash('sha256').update(link.token).digest('base64url')}`,
        ...composeMail(address, memberLinkSubject(siteConfig.brand), [
          {
            paragraph: `Someone (we hope you) asked to sign in to your ${siteConfig.brand} membership. Open this link to see your member code, your boosts this month and your jokes for the host. It works once, for ${minutes} minutes:`,
          },
          { link: { href: memberSignInUrl(publicUrl, link.token), label: 'Open my member page' } },
          {
            paragraph:
              'If you did not ask for it, you can ignore this mail: nobody can sign in without the link.',
          },
        ]),
      },
      now,
    )
  })
  return true
}
