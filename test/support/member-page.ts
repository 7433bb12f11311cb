import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Insertable } from 'kysely'
import type { MembershipsTable } from '../../src/core/db/membership-tables'
import type { Db } from '../../src/core/db/schema'
import { generateMemberCode, newMembershipId } from '../../src/core/ids'
import { type MemberView, memberApi, memberCsrfHeader } from '../../src/shared/member-page'
import { decodeQuotedPrintable } from './console'

/** Rate limits high enough that a test file's many sign-ins from one address never meet them. */
export const memberTestLimits = {
  checkouts: 1e9,
  sessionPolls: 1e9,
  consoleSignIn: 1e9,
  consoleSignInPerAddress: 1e9,
  memberSignIn: 1e9,
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

/** Member-page sign-in links mailed to `email` so far, oldest first (from the outbox). */
export async function mailedMemberTokens(db: Db, email: string): Promise<string[]> {
  const mails = await db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('dedupe_key', 'like', 'member-link:%')
    .orderBy('id')
    .execute()
  return mails.flatMap((mail) => /\/membership\/sign-in#([\w-]+)/.exec(mail.text_body)?.[1] ?? [])
}

/**
 * The token of the newest member-page link mailed to `email`. The link is made after the answer
 * is sent, so it is waited for (up to 2 s) beyond the `before` links already there.
 */
export async function mailedMemberToken(
  db: Db,
  email: string,
  before = 0,
): Promise<string | undefined> {
  for (let i = 0; i < 100; i++) {
    const tokens = await mailedMemberTokens(db, email)
    if (tokens.length > before) return tokens.at(-1)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return undefined
}

/** Asks for a member link for `email`, reads it from the outbox and uses it: a signed-in member. */
export async function signInAsMember(
  app: FastifyInstance,
  db: Db,
  email: string,
): Promise<MemberCredentials> {
  const before = (await mailedMemberTokens(db, email)).length
  const asked = await app.inject({ method: 'POST', url: memberApi.signIn, payload: { email } })
  if (asked.statusCode !== 200) throw new Error(`member link: ${asked.statusCode} ${asked.body}`)
  const token = await mailedMemberToken(db, email, before)
  if (!token) throw new Error(`no member link mailed to ${email}`)
  const done = await app.inject({
    method: 'POST',
    url: memberApi.signInComplete,
    payload: { token },
  })
  if (done.statusCode !== 200) throw new Error(`member sign-in: ${done.statusCode} ${done.body}`)
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
  fields: Partial<Omit<Insertable<MembershipsTable>, 'id'>> = {},
): Promise<{ id: string; code: string; email: string }> {
  const id = newMembershipId()
  const code = fields.member_code ?? generateMemberCode()
  const email = fields.email ?? `member-${id.toLowerCase()}@example.com`
  await db
    .insertInto('memberships')
    .values({
      id,
      email,
      tier: 'membership-3',
      next_tier: null,
      status: 'active',
      provider: 'local',
      provider_customer: null,
      provider_subscription: null,
      member_code: code,
      display_name: null,
      period_start: new Date(now.getTime() - 2 * 24 * 60 * 60_000),
      period_end: new Date(now.getTime() + 28 * 24 * 60 * 60_000),
      period_allowance: 200,
      past_due_since: null,
      ended_at: null,
      end_reason: null,
      created_at: now,
      updated_at: now,
      ...fields,
    })
    .execute()
  return { id, code, email }
}

/**
 * The member-page sign-in links a running server (startServer, mail written as .eml files to its
 * data folder) has mailed so far, oldest first.
 */
export function mailedMemberLinks(server: { url: string; dataDir: string }): string[] {
  const dir = path.join(server.dataDir, 'mail')
  if (!fs.existsSync(dir)) return []
  const pattern = new RegExp(`${server.url}/membership/sign-in#[\\w-]{20,}`, 'g')
  const links = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .flatMap((name) => {
      const mail = decodeQuotedPrintable(fs.readFileSync(path.join(dir, name), 'utf8'))
      return mail.match(pattern) ?? []
    })
  return [...new Set(links)]
}
