import { createHmac, randomBytes } from 'node:crypto'
import type { Db } from './db/schema'

/** Turns a client's address into a stable token that cannot be turned back into the address. */
export type HashClient = (address: string) => string

/**
 * A keyed hash (HMAC-SHA-256) of a client address. Without the key, the ~4 billion IPv4
 * addresses could be hashed in minutes and the token reversed; with it, the token only says
 * "the same client as before". 22 base64url characters: 132 bits.
 */
export function clientHasher(secret: string): HashClient {
  return (address) => createHmac('sha256', secret).update(address).digest('base64url').slice(0, 22)
}

/**
 * The key of the client hashes: SERVER_SECRET when set, else one made on first start and kept in
 * the database, so every process (and every restart) hashes a client the same way.
 */
export async function loadServerSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured
  await db
    .insertInto('server_settings')
    .values({ name: 'server_secret', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await db
    .selectFrom('server_settings')
    .select('value')
    .where('name', '=', 'server_secret')
    .executeTakeFirstOrThrow()
  return row.value
}
