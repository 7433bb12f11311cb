import type { ConsoleSession, Db, SignInAudienceName } from '../db/schema'
import type { SignInAudience } from './audience'
import { hashToken, newToken } from './links'

export interface StartedSession {
  /** The cookie's value: the database keeps only its hash. */
  id: string
  csrfToken: string
  expiresAt: Date
}

/** A session of `audience` for `email` after a link was used, lasting its sessionLifetimeMs. */
export async function startSession(
  db: Db,
  audience: Pick<SignInAudience, 'name' | 'sessionLifetimeMs'>,
  email: string,
  now: Date,
): Promise<StartedSession> {
  const id = newToken()
  const csrfToken = newToken()
  const expiresAt = new Date(now.getTime() + audience.sessionLifetimeMs)
  await db
    .insertInto('console_sessions')
    .values({
      id_hash: hashToken(id),
      email,
      audience: audience.name,
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
  audience: SignInAudienceName,
  id: string,
  now: Date,
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

/**
 * Links and sessions of every audience a day past their end, and link requests no worker could
 * answer in a day: nothing left to check against, and no address kept for nothing.
 */
export async function forgetOldSignIns(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - 24 * 60 * 60_000)
  await db.deleteFrom('console_links').where('expires_at', '<', before).execute()
  await db.deleteFrom('console_sessions').where('expires_at', '<', before).execute()
  await db.deleteFrom('sign_in_requests').where('requested_at', '<', before).execute()
}
