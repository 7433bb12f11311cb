import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { admin, testDatabaseUrl } from '../test-support/test-databases'
import { openDatabase, toCount } from './database'

test('PostgreSQL dropping idle connections (a restart) is reported and the next query reconnects', async () => {
  const name = `test_${randomBytes(6).toString('hex')}`
  await admin(`create database ${name}`)
  const url = new URL(testDatabaseUrl)
  url.pathname = `/${name}`
  const idleErrors: Error[] = []
  const db = await openDatabase({
    databaseUrl: url.toString(),
    onIdleError: (error) => idleErrors.push(error),
  })
  try {
    await sql`select 1`.execute(db)
    await admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    )
    for (let i = 0; i < 50 && idleErrors.length === 0; i++) await sleep(20)
    expect(idleErrors.length).toBeGreaterThan(0)

    const count = await db.selectFrom('orders').select(db.fn.countAll().as('n')).executeTakeFirst()
    expect(toCount(count?.n)).toBe(0)
  } finally {
    await db.destroy()
    await admin(`drop database if exists ${name} with (force)`)
  }
})
