// A member signed in to the member page of a test app, and its calls.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../src/core/db/schema'
import { newMembershipId } from '../../src/core/ids'
import { type MemberView, memberApi, memberCsrfHeader } from '../../src/shared/member-page'
import {
  type MailedLinkKind,
  mailedLinksOnDisk,
  mailedTokens,
  newestMailedToken,
  signInByMailedLink,
} from './mail-links'
import { insertMembership, type MembershipOverrides } from './memberships'

/** Rate limits high enough that a test file's many sign-ins from one address never meet them. */
export const memberTestLimits = {
  checkouts: 1e9,
  sessionPolls: 1e9,
  consoleSignIn: 1e9,
  consoleSignInPerAddressNetwork: 1e9,
  consoleSignInPerAddress: 1e9,
  memberSignIn: 1e9,
  memberSignInPerAddressNetwork: 1e9,
  memberSignInPerAddress: 1e9,
}

/** A signed-in member's credentials: the session cookie and the CSRF token, and the first view. */
export interface MemberCredentials {
  cookie: string
  /** The Set-Cookie header the sign-in answered with, attributes and all. */
  setCookie: string
  csrfToken: string
  view: MemberView
}

/** Where the member page's sign-in links come from. */
const memberLinks: MailedLinkKind = {
  name: 'member',
  dedupePrefix: 'member-link',
  page: '/membership/sign-in',
  signIn: memberApi.signIn,
  signInComplete: memberApi.signInComplete,
}

/** Member-page sign-in links mailed to `email` so far, oldest first (from the outbox). */
export function mailedMemberTokens(db: Db, email: string): Promise<string[]> {
  return mailedTokens(db, memberLinks, email)
}

/** The token of the newest member-page link mailed to `email`, waited for beyond `before`. */
export function mailedMemberToken(db: Db, email: string, before = 0): Promise<string | undefined> {
  return newestMailedToken(db, memberLinks, email, before)
}

/** Asks for a member link for `email`, reads it from the outbox and uses it: a signed-in member. */
export async function signInAsMember(
  app: FastifyInstance,
  db: Db,
  email: string,
): Promise<MemberCredentials> {
  const done = await signInByMailedLink(app, db, memberLinks, email)
  const setCookie = String(done.headers['set-cookie'])
  const cookie = setCookie.split(';')[0] ?? ''
  const view = done.json() as MemberView
  return { cookie, setCookie, csrfToken: view.csrfToken, view }
}

/** A POST of the member page's API as `member`, with its cookie and CSRF token. */
export function memberPost(
  app: FastifyInstance,
  member: MemberCredentials,
  url: string,
  payload: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie: member.cookie, [memberCsrfHeader]: member.csrfToken },
    payload,
  })
}

/**
 * A paid-up membership written straight to the table, as the provider's events leave it: the
 * member page's tests start from a member, not from a checkout (the lifecycle tests do that).
 */
export async function addMembership(
  db: Db,
  now: Date,
  fields: Omit<MembershipOverrides, 'id'> = {},
): Promise<{ id: string; code: string; email: string }> {
  const id = newMembershipId()
  const member = await insertMembership(db, {
    id,
    email: `member-${id.toLowerCase()}@example.com`,
    tier: 'membership-3',
    period_start: new Date(now.getTime() - 2 * 24 * 60 * 60_000),
    period_end: new Date(now.getTime() + 28 * 24 * 60 * 60_000),
    period_allowance: 200,
    created_at: now,
    updated_at: now,
    ...fields,
  })
  return { id, code: member.member_code, email: member.email }
}

/**
 * The member-page sign-in links a running server (startServer, mail written as .eml files to its
 * data folder) has mailed so far, oldest first.
 */
export function mailedMemberLinks(server: { url: string; dataDir: string }): string[] {
  return mailedLinksOnDisk(server, memberLinks.page)
}
