import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { type Kysely, sql } from 'kysely'
import type { Database, Db } from '../../../core/db/schema'
import { Refusal, refuse } from '../../../core/refusal'
import { claimDataFolder } from '../data-folder'
import { dataTexts, type StoreCounts } from './data-texts'
import { embeddedPglite, openDatabase } from './database'
import { migrateToLatest } from './migrations'
import { pgDumpInto } from './pg-dump'
import { checkRestored } from './restore-check'

/** Where a backup went, how big it is, what it holds and the moment it is of. */
export interface BackupReport {
  file: string
  bytes: number
  counts: StoreCounts
  at: string
  /** embedded: PGlite's data folder (gzip tar); postgres: pg_dump's custom format. */
  kind: 'embedded' | 'postgres'
  /** How long the store's database waited for the snapshot (embedded only). */
  heldMs?: number
}

export async function countStore(db: Kysely<Database>): Promise<StoreCounts> {
  const { rows } = await sql<StoreCounts>`select
      (select count(*) from orders)::int as orders,
      (select count(*) from codes)::int as codes,
      (select count(*) from memberships)::int as memberships`.execute(db)
  const [counts] = rows
  if (!counts) throw new Error('counting the store answered nothing')
  return counts
}

/**
 * A consistent image of the embedded database while it serves: the driver hands the one
 * connection to this alone (no transaction is half done: a redemption or a payment is in it
 * whole, or not at all), a checkpoint writes every committed page to the files, and PGlite tars
 * its data folder (dumpDataDir) before anything else runs. The tar is compressed after the
 * connection is given back, off the main thread (zlib's pool), so the store waits for the copy
 * alone: `heldMs`.
 */
export async function snapshotEmbedded(
  db: Db,
): Promise<{ image: Blob; counts: StoreCounts; at: Date; heldMs: number }> {
  const pglite = embeddedPglite(db)
  if (!pglite) throw new Error('snapshotEmbedded: not an embedded database')
  const { tar, counts, at, heldMs } = await db.connection().execute(async (connection) => {
    const started = performance.now()
    await sql`checkpoint`.execute(connection)
    const counts = await countStore(connection)
    const at = new Date()
    const tar = await pglite.dumpDataDir('none')
    return { tar, counts, at, heldMs: Math.round(performance.now() - started) }
  })
  const gzipped = await promisify(gzip)(new Uint8Array(await tar.arrayBuffer()))
  const image = new Blob([new Uint8Array(gzipped)], { type: 'application/x-gzip' })
  return { image, counts, at, heldMs }
}

/** punchline-2026-11-25T19-30-00-123Z.tar.gz: sorts by time, one name per moment. */
export function backupFileName(at: Date, kind: BackupReport['kind']): string {
  const stamp = at.toISOString().replace(/:/g, '-').replace('.', '-')
  return `punchline-${stamp}.${kind === 'embedded' ? 'tar.gz' : 'pgdump'}`
}

/**
 * Creates a new file owner-only (0600, in the call that creates it), lets `write` fill it, and
 * only then gives it its name: never over a file already there, and never readable by another
 * user of the machine, not even while it is written.
 */
async function writeOwnerOnly(file: string, write: (fd: number) => Promise<void>): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  if (fs.existsSync(file)) throw refuse.invalid(dataTexts.backupExists(file))
  const temp = `${file}.${randomBytes(6).toString('hex')}.part`
  try {
    const fd = fs.openSync(temp, 'wx', 0o600)
    try {
      await write(fd)
    } finally {
      fs.closeSync(fd)
    }
    fs.linkSync(temp, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw refuse.invalid(dataTexts.backupExists(file))
    }
    throw error
  } finally {
    fs.rmSync(temp, { force: true })
  }
}

/**
 * Backs up the whole database into `file` (absolute), or a new file in `folder`: the embedded
 * database as a snapshot of its folder, PostgreSQL with pg_dump (its own consistent export).
 */
export async function writeBackup(
  db: Db,
  where: { file: string } | { folder: string },
  databaseUrl?: string,
): Promise<BackupReport> {
  if (databaseUrl) return pgDump(db, where, databaseUrl)
  const { image, counts, at, heldMs } = await snapshotEmbedded(db)
  const file =
    'file' in where ? where.file : path.join(where.folder, backupFileName(at, 'embedded'))
  const bytes = new Uint8Array(await image.arrayBuffer())
  await writeOwnerOnly(file, async (fd) => fs.writeFileSync(fd, bytes))
  return { file, bytes: bytes.length, counts, at: at.toISOString(), kind: 'embedded', heldMs }
}

async function pgDump(
  db: Db,
  where: { file: string } | { folder: string },
  databaseUrl: string,
): Promise<BackupReport> {
  const at = new Date()
  const file =
    'file' in where ? where.file : path.join(where.folder, backupFileName(at, 'postgres'))
  const counts = await countStore(db)
  await writeOwnerOnly(file, (fd) => pgDumpInto(fd, databaseUrl))
  return { file, bytes: fs.statSync(file).size, counts, at: at.toISOString(), kind: 'postgres' }
}

/** The backup at `file` as PGlite's image, or a refusal saying what the file is instead. */
export function readBackupImage(file: string): Blob {
  let bytes: Buffer
  try {
    bytes = fs.readFileSync(file)
  } catch {
    throw refuse.invalid(dataTexts.restoreNotFound(file))
  }
  if (bytes.subarray(0, 5).toString('latin1') === 'PGDMP') {
    throw refuse.invalid(dataTexts.restorePgDump(file))
  }
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b)
    throw refuse.invalid(dataTexts.restoreNotABackup(file))
  return new Blob([new Uint8Array(bytes)], { type: 'application/x-gzip' })
}

/** True when `dir` is missing or holds nothing. */
function isEmptyFolder(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true
    throw error
  }
}

/**
 * Restores an embedded backup into `dataDir`, which must be missing or empty, once every table in
 * it reads (checkRestored); the schema is then brought up to date as a server would at start.
 * Nothing is left behind when it fails: the folder is as it was, missing or empty.
 */
export async function restoreEmbedded(file: string, dataDir: string): Promise<StoreCounts> {
  const dir = path.resolve(dataDir)
  if (!isEmptyFolder(dir)) throw refuse.invalid(dataTexts.restoreNotEmpty(dir))
  const image = readBackupImage(file)
  const existed = fs.existsSync(dir)
  claimDataFolder(dir)
  try {
    const db = await openDatabase({ dataDir: dir, pgliteImage: image, migrate: false })
    try {
      await checkRestored(db, path.join(dir, 'pglite'), file)
      await migrateToLatest(db as Kysely<unknown>)
      return await countStore(db)
    } finally {
      await db.destroy()
    }
  } catch (error) {
    for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name), { recursive: true })
    if (!existed) fs.rmdirSync(dir)
    if (error instanceof Refusal) throw error
    const reason = error instanceof Error ? error.message : String(error)
    throw refuse.invalid(dataTexts.restoreFailed(file, reason.split('\n')[0] ?? ''))
  }
}
