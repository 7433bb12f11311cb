// The test databases: both kinds migrated once per run (globalSetup calls migrateOnce), then a copy
// for each test file, as the Epic Stack's tests do (docs/decisions/037-the-test-harness.md).
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'
import pg from 'pg'
import type { Db } from '../../src/core/db/schema'
import { openDatabase } from '../../src/server/adapters/db/database'

/** Set by globalSetup for the workers: where this run's migrated copies are. */
const migrated = {
  /** A migrated PGlite data folder (a server's `DATA_DIR/pglite`). */
  pgliteDir: 'TEST_PGLITE_DIR',
  /** The same database as one file (PGlite's dumpDataDir), opened in memory by each test file. */
  pgliteImage: 'TEST_PGLITE_IMAGE',
  /** A migrated PostgreSQL database that new ones are created from. */
  postgresTemplate: 'TEST_POSTGRES_TEMPLATE',
} as const

/** The PostgreSQL server the tests create their databases on (trust auth). */
export const postgresAdminUrl = () =>
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

/** False when globalSetup found no PostgreSQL outside CI: its suites are then skipped. */
export const postgresConfigured = process.env.TEST_POSTGRES !== 'off'

async function runOn<Row extends pg.QueryResultRow>(url: string, sql: string, values?: unknown[]) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<Row>(sql, values)).rows
  } finally {
    await client.end()
  }
}

/** Runs one statement on the test server's admin database. */
export const adminQuery = <Row extends pg.QueryResultRow>(sql: string, values?: unknown[]) =>
  runOn<Row>(postgresAdminUrl(), sql, values)

export interface PostgresDatabase {
  name: string
  /** Its own address: for openDatabase, or a server's DATABASE_URL. */
  url: string
  query<Row extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<Row[]>
  /** Waits a little for its clients to leave, then drops it. */
  drop(): Promise<void>
}

/**
 * A new, uniquely named database on the test server: a copy of the run's migrated one when
 * `migrated` (outside a test run, an empty one that openDatabase migrates), else empty.
 */
export async function createPostgresDatabase(
  prefix = 'test',
  options: { migrated?: boolean } = {},
): Promise<PostgresDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const template = options.migrated ? process.env[migrated.postgresTemplate] : undefined
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`)
  const url = new URL(postgresAdminUrl())
  url.pathname = `/${name}`
  const connected = async () =>
    Number(
      (
        await adminQuery<{ n: string }>(
          'select count(*) as n from pg_stat_activity where datname = $1',
          [name],
        )
      )[0]?.n,
    )
  return {
    name,
    url: url.toString(),
    query: (sql, values) => runOn(url.toString(), sql, values),
    async drop() {
      // A pool's clients may still be saying goodbye: killed mid-way they fail the test run.
      for (let i = 0; i < 50 && (await connected()) > 0; i++) await sleep(100)
      await adminQuery(`drop database if exists ${name} with (force)`)
    },
  }
}

let image: Blob | undefined

/** The run's migrated PGlite as a dump to open in memory; undefined outside a test run. */
export function pgliteImage(): Blob | undefined {
  const file = process.env[migrated.pgliteImage]
  if (!file) return undefined
  image ??= new Blob([fs.readFileSync(file)])
  return image
}

/** Starts `dataDir` (a server's DATA_DIR) as the run's migrated PGlite; false outside a run. */
export function seedPgliteDataDir(dataDir: string): boolean {
  const folder = process.env[migrated.pgliteDir]
  if (!folder) return false
  fs.cpSync(folder, path.join(dataDir, 'pglite'), { recursive: true })
  return true
}

/** One database a server test file runs against: `describe.each(testDatabases)('$name', ...)`. */
export interface TestDatabase {
  name: string
  open(): Promise<OpenTestDatabase>
}

export interface OpenTestDatabase {
  db: Db
  /** Closes the connection and drops what the database left behind. */
  close(): Promise<void>
}

export const testDatabases: readonly TestDatabase[] = [
  {
    name: 'PGlite',
    async open() {
      const db = await openDatabase({ pgliteImage: pgliteImage() })
      return { db, close: () => db.destroy() }
    },
  },
  ...(postgresConfigured
    ? [
        {
          name: 'PostgreSQL',
          async open() {
            const database = await createPostgresDatabase('test', { migrated: true })
            const db = await openDatabase({ databaseUrl: database.url })
            return {
              db,
              async close() {
                await db.destroy()
                await database.drop()
              },
            }
          },
        },
      ]
    : []),
]

const databaseModule = path.resolve('src/server/adapters/db/database.ts')

/**
 * For globalSetup: migrates a PGlite folder and a PostgreSQL template for the run, each in a child
 * process (PGlite's first start peaks near 800 MB, which would stay with Vitest's own process).
 * Returns what removes them.
 */
export async function migrateOnce(withPostgres: boolean): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-migrated-'))
  const template = withPostgres ? await createPostgresDatabase('template') : undefined
  const run = (script: string, ...args: string[]) =>
    promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
      ...args,
    ])
  const open = `import { openDatabase } from ${JSON.stringify(databaseModule)}`
  try {
    await Promise.all([
      run(
        `${open}
import fs from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
const [dir] = process.argv.slice(1)
await (await openDatabase({ dataDir: dir })).destroy()
const pglite = await PGlite.create({ dataDir: dir + '/pglite' })
fs.writeFileSync(dir + '/image.tar', Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()))
await pglite.close()`,
        dir,
      ),
      template &&
        run(
          `${open}\nawait (await openDatabase({ databaseUrl: process.argv[1] })).destroy()`,
          template.url,
        ),
    ])
  } catch (error) {
    await template?.drop()
    fs.rmSync(dir, { recursive: true, force: true })
    throw new Error(
      `The test databases could not be migrated: ${(error as { stderr?: string }).stderr || error}`,
    )
  }
  process.env[migrated.pgliteDir] = path.join(dir, 'pglite')
  process.env[migrated.pgliteImage] = path.join(dir, 'image.tar')
  if (template) process.env[migrated.postgresTemplate] = template.name
  return async () => {
    await template?.drop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
