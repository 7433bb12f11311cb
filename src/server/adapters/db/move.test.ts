import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { createPostgresDatabase, pgliteImage, postgresConfigured } from '#test/databases'
import { startTcpProxy } from '#test/tcp-proxy'
import { Refusal } from '../../../core/refusal'
import { openDatabase } from './database'
import { moveToPostgres } from './move'

// From the embedded database (PGlite) to PostgreSQL: both engines in every test.
const at = new Date('2026-11-25T19:00:00.123Z')

async function embeddedStore() {
  const db = await openDatabase({ pgliteImage: await pgliteImage() })
  for (const summary of ['first', 'second', 'third']) {
    await db
      .insertInto('audit_log')
      .values({
        at,
        actor: 'host',
        via: 'cli',
        action: 'events.add',
        target_type: 'event',
        target_id: '1',
        summary,
      })
      .execute()
  }
  // A gap in the ids, as a deleted row leaves: the ids are copied, not renumbered.
  await db.deleteFrom('audit_log').where('summary', '=', 'second').execute()
  // Times to the microsecond, as PostgreSQL keeps them.
  await sql`update audit_log set at = '2026-11-25 19:00:00.123456+00' where summary = 'third'`.execute(
    db,
  )
  return db
}

test.runIf(postgresConfigured)(
  'the move keeps ids, times and where each sequence stands, and checks every table',
  async () => {
    const source = await embeddedStore()
    const target = await createPostgresDatabase('move')
    try {
      const tables = await moveToPostgres(source, target.url)
      const auditLog = tables.find((t) => t.table === 'audit_log')
      expect(auditLog).toMatchObject({ rows: 2, targetRows: 2 })
      expect(auditLog?.checksum).toBe(auditLog?.targetChecksum)
      for (const t of tables)
        expect([t.table, t.targetRows, t.targetChecksum]).toEqual([t.table, t.rows, t.checksum])
      expect(tables.map((t) => t.table)).not.toContain('kysely_migration')
      // Codes come after the orders they belong to (the foreign key), so each insert found its row.
      expect(tables.findIndex((t) => t.table === 'codes')).toBeGreaterThan(
        tables.findIndex((t) => t.table === 'orders'),
      )

      const rows = await target.query<{ id: number; summary: string; at: string }>(
        `select id, summary, to_char(at at time zone 'UTC', 'HH24:MI:SS.US') as at from audit_log order by id`,
      )
      expect(rows).toEqual([
        { id: 1, summary: 'first', at: '19:00:00.123000' },
        { id: 3, summary: 'third', at: '19:00:00.123456' },
      ])
      const moved = await openDatabase({ databaseUrl: target.url })
      try {
        const next = await moved
          .insertInto('audit_log')
          .values({
            at,
            actor: 'host',
            via: 'cli',
            action: 'x',
            target_type: null,
            target_id: null,
            summary: 'next',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        expect(next.id).toBe(4)
      } finally {
        await moved.destroy()
      }

      // A second run finds the tables there and changes nothing.
      await expect(moveToPostgres(source, target.url)).rejects.toBeInstanceOf(Refusal)
      const [count] = await target.query<{ n: number }>('select count(*)::int as n from audit_log')
      expect(count?.n).toBe(3)
    } finally {
      await source.destroy()
      await target.drop()
    }
  },
)

test.runIf(postgresConfigured)(
  'a database holding any table is refused before anything is written',
  async () => {
    const source = await embeddedStore()
    const target = await createPostgresDatabase('move')
    try {
      await target.query('create table notes (text text)')
      await expect(moveToPostgres(source, target.url)).rejects.toThrow(
        /not empty \(it holds public\.notes\)/,
      )
      const tables = await target.query<{ name: string }>(
        `select table_name as name from information_schema.tables where table_schema = 'public'`,
      )
      expect(tables).toEqual([{ name: 'notes' }])
    } finally {
      await source.destroy()
      await target.drop()
    }
  },
)

test.runIf(postgresConfigured)(
  'a move whose connection is lost mid-copy leaves the database as it found it, and runs again',
  async () => {
    const source = await embeddedStore()
    const target = await createPostgresDatabase('move')
    const address = new URL(target.url)
    const proxy = await startTcpProxy({ host: address.hostname, port: Number(address.port) })
    const throughProxy = new URL(target.url)
    throughProxy.port = String(proxy.port)
    try {
      // The network to PostgreSQL goes dark once the source has answered a dozen reads: the
      // schema is made and the tables are being copied.
      let answered = 0
      const cutting = source.withPlugin({
        transformQuery: ({ node }) => node,
        async transformResult({ result }) {
          if (++answered === 12) proxy.cut()
          return result
        },
      })
      await expect(moveToPostgres(cutting, throughProxy.toString())).rejects.toThrow()
      expect(answered).toBeGreaterThanOrEqual(12)
      const left = await target.query<{ name: string }>(
        `select c.relname as name from pg_class c where c.relnamespace = 'public'::regnamespace
         union all select p.proname from pg_proc p where p.pronamespace = 'public'::regnamespace
         union all select t.typname from pg_type t where t.typnamespace = 'public'::regnamespace`,
      )
      expect(left).toEqual([])

      proxy.restore()
      const tables = await moveToPostgres(source, throughProxy.toString())
      for (const t of tables)
        expect([t.table, t.targetRows, t.targetChecksum]).toEqual([t.table, t.rows, t.checksum])
      const [count] = await target.query<{ n: number }>('select count(*)::int as n from audit_log')
      expect(count?.n).toBe(2)
    } finally {
      await proxy.close()
      await source.destroy()
      await target.drop()
    }
  },
)
