import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { adminQuery, createPostgresDatabase, postgresConfigured } from '#test/databases'
import { toCount } from '../../../core/db/schema'
import { openDatabase } from './database'

test.runIf(postgresConfigured)(
  'PostgreSQL dropping idle connections (a restart) is reported and the next query reconnects',
  async () => {
    const database = await createPostgresDatabase()
    const idleErrors: Error[] = []
    const db = await openDatabase({
      databaseUrl: database.url,
      onIdleError: (error) => idleErrors.push(error),
    })
    try {
      await sql`select 1`.execute(db)
      await adminQuery(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database.name],
      )
      for (let i = 0; i < 50 && idleErrors.length === 0; i++) await sleep(20)
      expect(idleErrors.length).toBeGreaterThan(0)

      const count = await db
        .selectFrom('orders')
        .select(db.fn.countAll().as('n'))
        .executeTakeFirst()
      expect(toCount(count?.n)).toBe(0)
    } finally {
      await db.destroy()
      await database.drop()
    }
  },
)
