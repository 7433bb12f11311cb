// The server files' databases (test/support/test-app.ts): a worker passes a file's database on to
// its next file emptied, sequences restarted and as migrated, and keeps one whose schema a file
// changed to itself (docs/decisions/033-less-work-per-test-file.md and 035).
import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import type { Db } from '../../src/core/db/schema'
import { testDatabases } from '../support/test-app'

/** Which database this is: PostgreSQL's name for it, or PGlite's object. */
async function identity(db: Db): Promise<unknown> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db)
  return rows[0]?.name === 'template1' || rows[0]?.name === 'postgres' ? db : rows[0]?.name
}

async function auditRows(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from audit_log`.execute(
    db,
  )
  return Number(rows[0]?.n)
}

async function writeAuditRow(db: Db): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into audit_log (at, actor, via, action, summary)
    values (now(), 'host@example.com', 'console', 'test.write', 'written by a file')
    returning id`.execute(db)
  return Number(rows[0]?.id)
}

describe.each(testDatabases)('$name', (database) => {
  test("a file's database serves the next file empty, its sequences at their start", async () => {
    const first = await database.open()
    const before = await identity(first.db)
    await writeAuditRow(first.db)
    await writeAuditRow(first.db)
    await first.close()

    const next = await database.open()
    try {
      expect(await identity(next.db)).toBe(before)
      expect(await auditRows(next.db)).toBe(0)
      expect(await writeAuditRow(next.db)).toBe(1)
    } finally {
      await next.close()
    }
  })

  test('a database whose schema a file changed is not passed on', async () => {
    const first = await database.open()
    const before = await identity(first.db)
    await sql`alter table audit_log add column left_behind text`.execute(first.db)
    await first.close()

    const next = await database.open()
    try {
      expect(await identity(next.db)).not.toBe(before)
      const { rows } = await sql<{ name: string }>`
        select column_name as name from information_schema.columns
        where table_name = 'audit_log' and column_name = 'left_behind'`.execute(next.db)
      expect(rows).toEqual([])
    } finally {
      await next.close()
    }
  })
})
