import { createHash, randomBytes } from 'node:crypto'
import type { Db, SignInAudienceName } from '../db/schema'
import type { SignInAudience } from './audience'

/** A sign-in link works once, within this time (docs/console.md, docs/memberships.md). */
export const signInLinkLifetimeMs = 15 * 60_000

/** 256 random bits, URL-safe: a link's token, a session's id, a session's CSRF token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps of a token: a copy of the database signs nobody in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/** Where a link of `audience` opens, its token after `#` (see SignInAudience.linkPath). */
export function signInUrl(
  publicUrl: string,
  audience: Pick<SignInAudience, 'linkPath'>,
  token: string,
): string {
  return `${publicUrl}${audience.linkPath}#${token}`
}

/**
 * Makes a one-time link's token for `email` in `audience`, valid for signInLinkLifetimeMs, or
 * `lifetimeMs` when the link rides a mail nobody asked for that is read later (a comic's monthly
 * statement, docs/decisions/045-a-statement-that-explains-every-cent.md).
 */
export async function createSignInLink(
  db: Db,
  audience: SignInAudienceName,
  email: string,
  now: Date,
  lifetimeMs: number = signInLinkLifetimeMs,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken()
  const expiresAt = new Date(now.getTime() + lifetimeMs)
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
 * so of two tabs (or processes) opening it at once, one signs in, and a link tried at another
 * audience's door stays unused. Returns the address it was made for.
 */
export async function consumeSignInLink(
  db: Db,
  audience: SignInAudienceName,
  token: string,
  now: Date,
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
