import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { snapshotsMade } from './snapshots-made'

/**
 * The PostgreSQL server tests may create databases on (trust auth, user postgres). `npm test` and
 * CI always set it; `npm run test:unit` without it runs the server suites on PGlite alone.
 */
export const postgresAdminUrl = process.env.TEST_DATABASE_URL || undefined

/** True when the PostgreSQL suites run: a server is configured, or this is CI (where it must). */
export const postgresConfigured = postgresAdminUrl !== undefined || process.env.CI === 'true'

/** Set by globalSetup (database-snapshots.ts): the migrated database new ones are cloned from. */
export const postgresTemplateVariable = 'TEST_POSTGRES_TEMPLATE'

/** Read when used: globalSetup may set TEST_DATABASE_URL after this module loaded. */
function adminUrl(): string {
  return process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
}

export interface PostgresDatabase {
  name: string
  /** Dropped at the run's end with its template, if no one drops it before (CreateOptions). */
  kept: boolean
  /** The database's own address: pass it to openDatabase or to a server as DATABASE_URL. */
  url: string
  /** Runs one statement on it with its own short connection. */
  query<Row extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<Row[]>
  /** Waits for its clients to leave (then ends any that stay) and drops it. */
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

/** Runs one statement on the test server's admin database. */
export function adminQuery<Row extends pg.QueryResultRow>(
  sql: string,
  values: unknown[] = [],
): Promise<Row[]> {
  return runOn<Row>(adminUrl(), sql, values)
}

export interface CreateOptions {
  /**
   * Cloned from the run's migrated template, so opening it migrates nothing; without a template
   * (outside Vitest) it starts empty and openDatabase migrates it as before.
   */
  migrated?: boolean
  /**
   * Named after the run's template, so that the run drops it with the template at its end
   * (database-snapshots.ts) whoever kept it: a worker's database reused from file to file
   * (test-app.ts). Without a template it is not kept (`kept` false).
   */
  keep?: boolean
}

/** What the names of the databases kept for a run start with: its template's name. */
export const keptPrefix = (template: string) => `${template}_kept_`

/**
 * A new, uniquely named database on the test server: the one way every test, browser test and
 * benchmark gets a PostgreSQL database of its own. Empty unless `migrated`.
 */
export async function createPostgresDatabase(
  prefix = 'test',
  options: CreateOptions = {},
): Promise<PostgresDatabase> {
  const runTemplate =
    (options.migrated || options.keep) && (await snapshotsMade())
      ? process.env[postgresTemplateVariable]
      : undefined
  const template = options.migrated ? runTemplate : undefined
  const kept = options.keep === true && runTemplate !== undefined
  const name = `${kept ? keptPrefix(runTemplate) : `${prefix}_`}${randomBytes(6).toString('hex')}`
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`)
  const url = new URL(adminUrl())
  url.pathname = `/${name}`
  const connections = async () => {
    const rows = await adminQuery<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = $1',
      [name],
    )
    return Number(rows[0]?.n ?? 0)
  }
  return {
    name,
    kept,
    url: url.toString(),
    query: (sql, values) => runOn(url.toString(), sql, values),
    async drop() {
      // A pool's clients may still be saying goodbye: killing them mid-way would surface as an
      // unhandled error in the test run. Wait a little for them to leave, then force the rest.
      for (let i = 0; i < 50 && (await connections()) > 0; i++) await sleep(100)
      await adminQuery(`drop database if exists ${name} with (force)`)
    },
  }
}
