import { type Kysely, sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import type { Db } from '../../../core/db/schema'
import { runOperatorAction } from '../../../core/operator/run-action'
import { down, up } from './migrations/2026-11-29-020-signup-requests'

/** Ends the transaction a test ran a migration in: nothing of it stays for the next test. */
class RolledBack extends Error {}

/**
 * Migration 020 on data written before it (docs/comics.md, "Open mics"): each withdraw link
 * moves to its own table, and comics made from a sign-up keep their VRChat names private. Run in
 * a transaction rolled back at the end, from the schema before it and back.
 */
describe.each(testDatabases)('migration 020 on $name', (database) => {
  const t = withTestApp(database, { now: '2026-12-01T18:00:00Z' })

  test('keeps every withdraw link, and makes the comics made from sign-ups private and marked', async () => {
    const actor = { who: 'host@example.com', via: 'cli' } as const
    const { event } = await runOperatorAction({ db: t.db, clock: t.clock }, actor, 'events.add', {
      name: 'Old Mic',
      startsAt: '2026-12-02T02:00:00Z',
    })
    const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 17, minute))
    const done = t.db.transaction().execute(async (trx) => {
      // The migration's own view of a database, as database.ts gives it the whole one.
      const db: Db = trx
      const schema = db as Kysely<unknown>
      await down(schema)
      // A comic a confirmation made (created as it was confirmed, its address the sign-up's), and
      // one the host added before a sign-up from its address was matched to it.
      await sql`insert into comics (id, slug, name, vrchat_name, payout_email, created_at, updated_at)
        values ('cmc-made', 'made-by-signup', 'Made', 'MadeVR', 'made@example.com', ${at(10)}, ${at(10)}),
               ('cmc-host', 'host-added', 'Hosted', 'HostVR', 'host@example.com', ${at(1)}, ${at(1)})`.execute(
        trx,
      )
      await sql`insert into open_mic_signups (show_id, email, stage_name, vrchat_name, comic_id,
          state, list, position, confirm_seq, withdraw_token_hash, created_at, confirmed_at)
        values (${event.id}, 'made@example.com', 'Made', 'MadeVR', 'cmc-made', 'confirmed', 'slot', 1, 1, 'hash-made', ${at(9)}, ${at(10)}),
               (${event.id}, 'host@example.com', 'Hosted', 'HostVR', 'cmc-host', 'confirmed', 'slot', 2, 2, 'hash-host', ${at(9)}, ${at(11)})`.execute(
        trx,
      )
      await up(schema)
      const comics = await trx
        .selectFrom('comics')
        .select(['id', 'vrchat_public', 'from_signup'])
        .where('id', 'in', ['cmc-made', 'cmc-host'])
        .orderBy('id')
        .execute()
      expect(comics).toEqual([
        { id: 'cmc-host', vrchat_public: true, from_signup: false },
        { id: 'cmc-made', vrchat_public: false, from_signup: true },
      ])
      const links = await trx
        .selectFrom('open_mic_withdraw_links')
        .innerJoin('open_mic_signups', 'open_mic_signups.id', 'open_mic_withdraw_links.signup_id')
        .select(['token_hash', 'email'])
        .orderBy('token_hash')
        .execute()
      expect(links).toEqual([
        { token_hash: 'hash-host', email: 'host@example.com' },
        { token_hash: 'hash-made', email: 'made@example.com' },
      ])
      // Two pending requests of one address may wait now; back down, the newest stays.
      await trx
        .insertInto('open_mic_signups')
        .values(
          ['First', 'Second'].map((stage_name) => ({
            show_id: event.id,
            email: 'two@example.com',
            stage_name,
            vrchat_name: 'vr',
            state: 'pending' as const,
            created_at: at(12),
          })),
        )
        .execute()
      await down(schema)
      const kept = await sql<{ stage_name: string; withdraw_token_hash: string | null }>`
        select stage_name, withdraw_token_hash from open_mic_signups where show_id = ${event.id}
        order by id`.execute(trx)
      expect(kept.rows).toEqual([
        { stage_name: 'Made', withdraw_token_hash: 'hash-made' },
        { stage_name: 'Hosted', withdraw_token_hash: 'hash-host' },
        { stage_name: 'Second', withdraw_token_hash: null },
      ])
      await up(schema)
      throw new RolledBack()
    })
    await expect(done).rejects.toBeInstanceOf(RolledBack)
    expect(
      await t.db.selectFrom('comics').select('id').where('id', '=', 'cmc-made').execute(),
    ).toEqual([])
  })
})
