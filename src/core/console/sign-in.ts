import { createHash, randomBytes } from 'node:crypto'
import { siteConfig } from '../../shared/site-config'
import type { ConsoleSession, Db, SignInAudience } from '../db/schema'
import { composeMail } from '../mail/compose'
import { queueMail } from '../mail/outbox'

/**
 * Signing in by a mailed link, for two audiences: the host's console and the member page. A link
 * or session is made for one audience and only ever found for it, so a member's link never opens
 * the console, nor a host's link the member page (the tables say which in `audience`).
 */

/** A sign-in link works once, within this time (docs/console.md). */
export const signInLinkLifetimeMs = 15 * 60_000
/** A console session ends this long after sign-in, or at "Sign out". */
export const consoleSessionLifetimeMs = 12 * 60 * 60_000
/** A member stays signed in to the member page a month: a fan checks in now and then. */
export const memberSessionLifetimeMs = 30 * 24 * 60 * 60_000

/** How long a session of each audience lasts. */
export const sessionLifetimeMs: Record<SignInAudience, number> = {
  console: consoleSessionLifetimeMs,
  member: memberSessionLifetimeMs,
}

/** 256 random bits, URL-safe: a link's token, a session's id, a session's CSRF token. */
function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps of a token: a copy of the database signs nobody in. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/** True when `email` is one of ADMIN_EMAILS, in any capitals. */
export function mayUseConsole(adminEmails: readonly string[], email: string): boolean {
  const wanted = email.trim().toLowerCase()
  return adminEmails.some((allowed) => allowed.toLowerCase() === wanted)
}

/**
 * Where a sign-in link opens: the console's sign-in page, the token after `#`, which browsers
 * never send to a server (it stays out of access logs and Referer headers). The page sends it
 * with a POST, so a mail scanner that opens links signs nobody in.
 */
export function signInUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/admin/sign-in#${token}`
}

/** Makes a one-time sign-in link's token for `email`, valid for signInLinkLifetimeMs. */
export async function createSignInLink(
  db: Db,
  email: string,
  now: Date,
  audience: SignInAudience = 'console',
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken()
  const expiresAt = new Date(now.getTime() + signInLinkLifetimeMs)
  await db
    .insertInto('console_links')
    .values({
      token_hash: hashToken(token),
      email: email.trim().toLowerCase(),
      audience,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute()
  return { token, expiresAt }
}

/**
 * Uses a link: one statement marks it used if it is unused, unexpired and made for `audience`,
 * so of two tabs (or processes) opening it at once, one signs in. Returns the address it was
 * made for.
 */
export async function consumeSignInLink(
  db: Db,
  token: string,
  now: Date,
  audience: SignInAudience = 'console',
): Promise<string | undefined> {
  if (token.length > 100) return undefined
  const row = await db
    .updateTable('console_links')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('audience', '=', audience)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('email')
    .executeTakeFirst()
  return row?.email
}

export interface StartedSession {
  /** The cookie's value: the database keeps only its hash. */
  id: string
  csrfToken: string
  expiresAt: Date
}

/** A session for `email` after a link was used, lasting its audience's sessionLifetimeMs. */
export async function startSession(
  db: Db,
  email: string,
  now: Date,
  audience: SignInAudience = 'console',
): Promise<StartedSession> {
  const id = newToken()
  const csrfToken = newToken()
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs[audience])
  await db
    .insertInto('console_sessions')
    .values({
      id_hash: hashToken(id),
      email,
      audience,
      csrf_token: csrfToken,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute()
  return { id, csrfToken, expiresAt }
}

/** The live session of `audience` a cookie names: not ended, not expired. */
export async function findSession(
  db: Db,
  id: string,
  now: Date,
  audience: SignInAudience = 'console',
): Promise<ConsoleSession | undefined> {
  if (id.length === 0 || id.length > 100) return undefined
  return db
    .selectFrom('console_sessions')
    .selectAll()
    .where('id_hash', '=', hashToken(id))
    .where('audience', '=', audience)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
}

/** "Sign out": the session ends in every server process at once. */
export async function endSession(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('console_sessions')
    .set({ ended_at: now })
    .where('id_hash', '=', hashToken(id))
    .where('ended_at', 'is', null)
    .execute()
}

/** Links and sessions of both audiences over a day past their end: nothing left to check against. */
export async function forgetOldSignIns(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - 24 * 60 * 60_000)
  await db.deleteFrom('console_links').where('expires_at', '<', before).execute()
  await db.deleteFrom('console_sessions').where('expires_at', '<', before).execute()
}

/**
 * Makes a sign-in link for a host and queues its mail, in one transaction: the link exists
 * exactly when its mail does.
 */
export async function mailSignInLink(
  db: Db,
  email: string,
  publicUrl: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const link = await createSignInLink(trx, email, now)
    await queueMail(
      trx,
      {
        dedupeKey: `console-link:${createHash('sha256').update(link.token).digest('base64url')}`,
        ...composeMail(email, `Sign in to the ${siteConfig.brand} console`, [
          {
            paragraph: `Someone (we hope you) asked to sign in to the ${siteConfig.brand} console at ${publicUrl}. Open this link to sign in; it works once, for 15 minutes:`,
          },
          { link: { href: signInUrl(publicUrl, link.token), label: 'Sign in to the console' } },
          {
            paragraph:
              'If you did not ask for it, you can ignore this mail: nobody can sign in without the link.',
          },
        ]),
      },
      now,
    )
  })
}
