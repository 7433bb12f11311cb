import { createHash, timingSafeEqual } from 'node:crypto'
import type { Db } from '../db/schema'
import { randomBase62 } from '../ids'

/**
 * The stage key (docs/stage.md): a secret the host puts in the overlay's URL, so the overlay's
 * stream has seats of its own that the public never fills. Kept in the database like the server
 * secret, so every process knows the same one.
 */
const settingName = 'stage_key'

/** 24 base62 symbols (~142 bits): safe in a URL as it is. */
const newKey = () => randomBase62(24)

/** The stage key, made on first use. */
export async function readStageKey(db: Db): Promise<string> {
  await db
    .insertInto('server_settings')
    .values({ name: settingName, value: newKey() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await db
    .selectFrom('server_settings')
    .select('value')
    .where('name', '=', settingName)
    .executeTakeFirstOrThrow()
  return row.value
}

/** A new stage key in place of the old one, which stops opening the stage's seats. */
export async function renewStageKey(db: Db): Promise<string> {
  const key = newKey()
  await db
    .insertInto('server_settings')
    .values({ name: settingName, value: key })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: key }))
    .execute()
  return key
}

/** Whether `given` is the key, compared in constant time (a guess learns nothing from timing). */
export function isStageKey(given: string | undefined, key: string): boolean {
  if (!given) return false
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(key))
}
