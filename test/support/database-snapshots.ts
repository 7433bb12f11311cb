/**
 * Migrate once per run, copy per test file (the Epic Stack's way, its decision 038): booting and
 * migrating a fresh PGlite costs seconds, opening a copy of a migrated one a fraction of that.
 * Vitest's globalSetup makes both snapshots before the first file; every test database and every
 * server's data folder then starts as a copy. The copy is still opened by openDatabase, whose
 * migrations find nothing left to do.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { openDatabase } from '../../src/server/adapters/db/database'
import { createPostgresDatabase, postgresTemplateVariable } from './postgres'

/** Set by globalSetup: a migrated PGlite folder (a data folder's `pglite`), read-only to tests. */
const pgliteSnapshotVariable = 'TEST_PGLITE_SNAPSHOT'
/** Set by globalSetup: the same database as one file (PGlite's dumpDataDir), for memory. */
const pgliteImageVariable = 'TEST_PGLITE_IMAGE'

let image: Blob | undefined

/**
 * The migrated PGlite as a dump to open in memory (openDatabase's pgliteImage), read once per
 * test file; undefined when this run has none: the database is then migrated the long way.
 */
export function pgliteImage(): Blob | undefined {
  const file = process.env[pgliteImageVariable]
  if (!file) return undefined
  image ??= new Blob([fs.readFileSync(file)])
  return image
}

/**
 * Makes `dataDir` (a server's DATA_DIR, or a test's folder for openDatabase) start as the migrated
 * PGlite snapshot. False when this run has none (a script outside Vitest): the database is then
 * created and migrated the long way.
 */
export function seedPgliteDataDir(dataDir: string): boolean {
  const snapshot = process.env[pgliteSnapshotVariable]
  if (!snapshot) return false
  fs.cpSync(snapshot, path.join(dataDir, 'pglite'), { recursive: true })
  return true
}

/**
 * Makes both snapshots (the PostgreSQL one when `withPostgres`: TEST_DATABASE_URL is final by
 * then); returns what removes them after the run.
 */
export async function makeDatabaseSnapshots(withPostgres: boolean): Promise<() => Promise<void>> {
  const [removePglite, removePostgres] = await Promise.all([
    makePgliteSnapshot(),
    withPostgres ? makePostgresTemplate() : async () => {},
  ])
  return async () => {
    await Promise.all([removePglite(), removePostgres()])
  }
}

/**
 * In a child process: creating and migrating PGlite peaks near 800 MB of WebAssembly memory that
 * would otherwise stay with Vitest's main process for the whole run.
 */
async function makePgliteSnapshot(): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-pglite-snapshot-'))
  const imageFile = path.join(dataDir, 'image.tar')
  // Opening the migrated folder again to dump it: its own files, not the data folder's lock.
  const script = `import fs from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { openDatabase } from ${JSON.stringify(path.resolve('src/server/adapters/db/database.ts'))}
const [dataDir, imageFile] = process.argv.slice(1)
const db = await openDatabase({ dataDir })
await db.destroy()
const pglite = await PGlite.create({ dataDir: dataDir + '/pglite' })
const image = await pglite.dumpDataDir('none')
await pglite.close()
fs.writeFileSync(imageFile, Buffer.from(await image.arrayBuffer()))`
  await promisify(execFile)(process.execPath, [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    script,
    dataDir,
    imageFile,
  ])
  process.env[pgliteSnapshotVariable] = path.join(dataDir, 'pglite')
  process.env[pgliteImageVariable] = imageFile
  return async () => {
    delete process.env[pgliteSnapshotVariable]
    delete process.env[pgliteImageVariable]
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * A migrated database for `create database ... template ...`: PostgreSQL copies its files, which
 * takes a fraction of running the migrations again. Cloning needs nobody connected to it, so
 * nothing but this function ever connects.
 */
async function makePostgresTemplate(): Promise<() => Promise<void>> {
  const template = await createPostgresDatabase('template')
  const db = await openDatabase({ databaseUrl: template.url })
  await db.destroy()
  process.env[postgresTemplateVariable] = template.name
  return async () => {
    delete process.env[postgresTemplateVariable]
    await template.drop()
  }
}
