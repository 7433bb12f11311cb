import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type OpenTestDatabase, testDatabases } from '#test/databases'
import { prepared } from '../../../core/db/prepared'
import { toCount } from '../../../core/db/schema'

const at = new Date('2026-11-25T03:00:00.000Z')

describe.each(testDatabases)('hot statements on $name', (database) => {
  let open: OpenTestDatabase
  beforeAll(async () => {
    open = await database.open()
    await sql`create table prepared_probe (id text primary key, n integer, at timestamptz, flag boolean)`.execute(
      open.db,
    )
  })
  afterAll(() => open.close())

  const insert = (id: string, n: number | null, flag: boolean) =>
    sql<{ id: string; n: number | null; at: Date; flag: boolean }>`${prepared}
      insert into prepared_probe (id, n, at, flag) values (${id}, ${n}, ${at}, ${flag})
      returning id, n, at, flag`.execute(open.db)

  const preparedHere = () =>
    sql<{ n: number | string }>`select count(*) as n from pg_prepared_statements
      where statement like '/* prepared */%' and statement like '%prepared_probe%'`.execute(open.db)

  test('answer as the same statement unprepared would: values of each type in, rows out', async () => {
    const first = await insert('a', 7, true)
    const second = await insert('b', null, false)
    expect(first.rows).toEqual([{ id: 'a', n: 7, at, flag: true }])
    expect(second.rows).toEqual([{ id: 'b', n: null, at, flag: false }])
    expect(second.rows[0]?.at).toBeInstanceOf(Date)
  })

  test('are prepared once on a connection, whatever the values', async () => {
    // One connection throughout, so the count is that connection's statements.
    await open.db.connection().execute(async (db) => {
      for (const id of ['c', 'd', 'e']) {
        await sql`${prepared} insert into prepared_probe (id, n, at, flag)
          values (${id}, 1, ${at}, true)`.execute(db)
      }
      const rows = await sql<{ n: number | string }>`select count(*) as n
        from pg_prepared_statements where statement like '%values ($1, 1%'`.execute(db)
      expect(toCount(rows.rows[0]?.n)).toBe(1)
    })
    expect(toCount((await preparedHere()).rows[0]?.n)).toBeGreaterThanOrEqual(1)
  })

  test('a refusal of the database reaches the caller with its code, and the next call works', async () => {
    const error = await insert('a', 1, true).catch((caught: unknown) => caught)
    expect((error as { code?: string }).code).toBe('23505')
    expect((await insert('f', 2, true)).rows[0]?.id).toBe('f')
  })

  test('a table changed since the statement was prepared still answers, in its new shape', async () => {
    // One connection throughout: the statement prepared on it, the table changed, then run again.
    await open.db.connection().execute(async (db) => {
      const read = async () => {
        const rows = await sql<Record<string, unknown>>`${prepared}
          select * from prepared_probe where id = ${'a'}`.execute(db)
        return Object.keys(rows.rows[0] ?? {})
      }
      expect(await read()).toEqual(['id', 'n', 'at', 'flag'])
      await sql`alter table prepared_probe add column note text`.execute(db)
      for (let i = 0; i < 3; i++) expect(await read()).toEqual(['id', 'n', 'at', 'flag', 'note'])
    })
  })
})
