import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** The PostgreSQL server the tests may create databases on (trust auth, user postgres). */
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

export interface FreshDatabase {
  /** The database's own address: pass it to the server as DATABASE_URL. */
  url: string
  /** Runs one statement on it with its own short connection. */
  query<Row extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<Row[]>
  /** Ends whatever is still connected and drops it. */
  drop(): Promise<void>
}

async function runOn<Row extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const result = await client.query<Row>(sql, values)
    return result.rows
  } finally {
    await client.end()
  }
}

/**
 * A new, uniquely named database, so a browser test can look at what the real server stored
 * (PGlite's data folder is held by the server process while it runs).
 */
export async function createFreshDatabase(): Promise<FreshDatabase> {
  const name = `e2e_${randomBytes(6).toString('hex')}`
  await runOn(adminUrl, `create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    query: (sql, values) => runOn(url.toString(), sql, values),
    async drop() {
      await runOn(
        adminUrl,
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      )
      await runOn(adminUrl, `drop database if exists ${name}`)
    },
  }
}
