import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { Kysely, PostgresDialect } from 'kysely'
import type { Database, Db } from '../../../core/db/schema'
import { claimDataFolder, closeToOthers } from '../data-folder'
import { lockDataFolder } from './data-folder-lock'
import { migrateToLatest } from './migrations'
import { PGliteDialect } from './pglite-dialect'
import { loadPg, preparingClientClass } from './prepared-pg'

export interface DatabaseOptions {
  /** postgres://... uses PostgreSQL; otherwise embedded PGlite. */
  databaseUrl?: string | undefined
  /** PGlite's data folder; omitted, PGlite keeps everything in memory (tests). */
  dataDir?: string | undefined
  /**
   * PGlite starts from this dump of a data folder (PGlite's dumpDataDir) instead of an empty
   * database: in memory (the tests start each database from one migrated once per run, a move
   * reads a backup), or in a new `dataDir` (a restore).
   */
  pgliteImage?: Blob | undefined
  /**
   * false: open without bringing the schema up to date (a backup or a move reads the folder as it
   * is and changes nothing in it).
   */
  migrate?: boolean | undefined
  /** Told when PostgreSQL drops a pooled connection (a restart, a failover, the network). */
  onIdleError?: ((error: Error) => void) | undefined
}

/**
 * How long the pool waits for PostgreSQL before giving up: a database that is down or unreachable
 * makes requests fail within seconds (and /healthz say so) instead of hanging until the client
 * gives up; once it is back, the next query opens a new connection and work resumes by itself.
 */
export const postgresTimeouts = {
  /** Opening a connection (a server that does not answer, a dropped network). */
  connectionTimeoutMillis: 5_000,
  /** One statement on the server; the store's statements take milliseconds. */
  statement_timeout: 10_000,
  /** The client's own limit on a query, for when the network, not the server, is gone. */
  query_timeout: 15_000,
  /** A transaction left open by a stuck request releases its locks. */
  idle_in_transaction_session_timeout: 30_000,
} as const

function openPool(connectionString: string, onIdleError: DatabaseOptions['onIdleError']) {
  const pool = new (loadPg().Pool)({
    connectionString,
    max: 10,
    keepAlive: true,
    ...postgresTimeouts,
    Client: preparingClientClass(),
  })
  // Without a listener, an idle connection's error (the server restarting) would crash the
  // process; the pool drops that connection and opens a new one on the next query.
  pool.on('error', (error) => onIdleError?.(error))
  // A connection can also die while a request holds it, between two statements: the pool's own
  // listener is not attached then, and the client's unhandled 'error' event would end the whole
  // process. Each client gets a listener of its own; the pool drops it when it is released broken.
  pool.on('connect', (client) => client.on('error', (error) => onIdleError?.(error)))
  return pool
}

/** Opens the database and brings its schema up to date. Nothing connects at import time. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const db = options.databaseUrl
    ? new Kysely<Database>({
        dialect: new PostgresDialect({ pool: openPool(options.databaseUrl, options.onIdleError) }),
      })
    : await openPglite(options.dataDir, options.pgliteImage)
  if (options.migrate === false) return db
  try {
    await migrateToLatest(db as Kysely<unknown>)
  } catch (error) {
    await db.destroy()
    throw error
  }
  return db
}

/**
 * PGlite's buffer cache, down from PostgreSQL's 128 MB: the embedded database serves one small
 * site, and the cache is resident memory of the server process itself.
 */
const pgliteSettings = ['shared_buffers=32MB']

/** Each embedded database's PGlite, for its snapshot (db/snapshot.ts). */
const embedded = new WeakMap<Db, import('@electric-sql/pglite').PGlite>()

/** The PGlite under an embedded database; undefined on PostgreSQL. */
export function embeddedPglite(db: Db) {
  return embedded.get(db)
}

async function openPglite(dataDir: string | undefined, image: Blob | undefined): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite')
  let dir: string | undefined
  let release: (() => void) | undefined
  if (dataDir) {
    claimDataFolder(dataDir)
    release = lockDataFolder(dataDir)
    dir = path.join(dataDir, 'pglite')
  }
  try {
    if (dir) {
      await fs.mkdir(dir, { recursive: true })
      if (!image) await initPgliteOutOfProcess(dir)
    }
    const pglite = await PGlite.create({
      ...(dir ? { dataDir: dir } : {}),
      ...(image ? { loadDataDir: image } : {}),
      postgresqlconf: pgliteSettings,
    })
    if (dir) closeToOthers(dir)
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite, release) })
    embedded.set(db, pglite)
    return db
  } catch (error) {
    release?.()
    throw error
  }
}

/**
 * Creating a PGlite data folder (initdb) peaks near 800 MB, and WebAssembly memory never shrinks:
 * done in the server it would stay resident for good. A short-lived child process creates it;
 * the server then opens the existing folder at about a quarter of that.
 */
async function initPgliteOutOfProcess(dir: string): Promise<void> {
  try {
    await fs.access(path.join(dir, 'PG_VERSION'))
    return
  } catch {
    // not created yet
  }
  const pgliteEntry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  const script = `import { PGlite } from ${JSON.stringify(pgliteEntry.href)}
const db = await PGlite.create({ dataDir: process.argv[1] })
await db.close()`
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, dir])
}
