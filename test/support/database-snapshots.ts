/**
 * Migrate once per run, copy per test file (the Epic Stack's way, its decision 038): booting and
 * migrating a fresh PGlite costs seconds, opening a copy of a migrated one a fraction of that.
 * Vitest's globalSetup starts both snapshots and does not wait for them: the files that need no
 * database (the browser's code, src/shared) run meanwhile, and a file that needs one waits here
 * until they are made. Every test database and every server's data folder then starts as a copy.
 * The copy is still opened by openDatabase, whose migrations find nothing left to do.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import {
  adminQuery,
  createPostgresDatabase,
  keptPrefix,
  postgresTemplateVariable,
} from './postgres'
import { markSnapshots, snapshotsMade } from './snapshots-made'

/** Set by globalSetup: a migrated PGlite folder (a data folder's `pglite`), read-only to tests. */
const pgliteSnapshotVariable = 'TEST_PGLITE_SNAPSHOT'
/**
 * Set by globalSetup: the same database as one file (PGlite's dumpDataDir) for memory, without
 * the template databases.
 */
const pgliteImageVariable = 'TEST_PGLITE_IMAGE'

/** PGlite's loader reads a Blob whole, through a stream, for each database: 0.3 s of CPU each. */
class BytesBlob extends Blob {
  readonly #content: Buffer
  constructor(content: Buffer) {
    super()
    this.#content = content
  }
  override get size() {
    return this.#content.length
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    // A copy of its own for each database: the loader may keep what it was given.
    const copy = new ArrayBuffer(this.#content.length)
    new Uint8Array(copy).set(this.#content)
    return copy
  }
}

let image: Blob | undefined

/**
 * The migrated PGlite as a dump to open in memory (openDatabase's pgliteImage), read once per
 * worker; undefined when this run has none: the database is then migrated the long way.
 */
export async function pgliteImage(): Promise<Blob | undefined> {
  if (!(await snapshotsMade())) return undefined
  image ??= new BytesBlob(fs.readFileSync(process.env[pgliteImageVariable] ?? ''))
  return image
}

/**
 * Makes `dataDir` (a server's DATA_DIR, or a test's folder for openDatabase) start as the migrated
 * PGlite snapshot. False when this run has none (a script outside Vitest): the database is then
 * created and migrated the long way.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<boolean> {
  if (!(await snapshotsMade())) return false
  fs.cpSync(process.env[pgliteSnapshotVariable] ?? '', path.join(dataDir, 'pglite'), {
    recursive: true,
  })
  return true
}

/** A snapshot on its way: made once `made` resolves; `remove` takes it away after the run. */
interface Snapshot {
  made: Promise<void>
  remove(): Promise<void>
}

/**
 * Starts both snapshots (the PostgreSQL one when `withPostgres`: TEST_DATABASE_URL is final by
 * then) and returns as soon as their places are set for the workers to inherit (snapshotsMade
 * waits for them); returns what removes them after the run, once they are made.
 */
export async function makeDatabaseSnapshots(withPostgres: boolean): Promise<() => Promise<void>> {
  const marker = markSnapshots()
  const snapshots = [startPgliteSnapshot()]
  try {
    if (withPostgres) snapshots.push(await startPostgresTemplate())
  } catch (error) {
    await Promise.allSettled(snapshots.map((snapshot) => snapshot.made))
    for (const snapshot of snapshots) await snapshot.remove()
    marker.remove()
    throw error
  }
  const written = Promise.allSettled(snapshots.map((snapshot) => snapshot.made)).then(
    (outcomes) => {
      const failed = outcomes.find((outcome) => outcome.status === 'rejected')
      // A child's failure says what went wrong on its standard error, after the command line.
      const reason =
        failed?.status === 'rejected'
          ? String((failed.reason as { stderr?: string }).stderr || failed.reason)
          : undefined
      if (reason) console.error(`The test databases could not be made: ${reason}`)
      marker.write(reason)
    },
  )
  return async () => {
    await written
    for (const snapshot of snapshots) await snapshot.remove()
    marker.remove()
  }
}

const databaseModule = path.resolve('src/server/adapters/db/database.ts')

/** Runs an ES module's text in a Node process of its own (TypeScript through tsx). */
function runScript(script: string, args: string[]): Promise<void> {
  const ran = promisify(execFile)(process.execPath, [
    // As the tests' servers: the database's WebAssembly on V8's baseline compiler alone, which
    // a process of seconds never pays back optimizing (docs/decisions/032-test-processes-start-quick.md).
    '--liftoff-only',
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    script,
    ...args,
  ]).then(() => {})
  // Its failure is told once all are settled, not as an unhandled rejection before.
  ran.catch(() => {})
  return ran
}

/**
 * In a child process: creating and migrating PGlite peaks near 800 MB of WebAssembly memory that
 * would otherwise stay with Vitest's main process for the whole run.
 */
function startPgliteSnapshot(): Snapshot {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-pglite-snapshot-'))
  const imageFile = path.join(dataDir, 'image.tar')
  process.env[pgliteSnapshotVariable] = path.join(dataDir, 'pglite')
  process.env[pgliteImageVariable] = imageFile
  // Opening the migrated folder again to dump it: its own files, not the data folder's lock.
  const script = `import fs from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { openDatabase } from ${JSON.stringify(databaseModule)}
const [dataDir, imageFile] = process.argv.slice(1)
const db = await openDatabase({ dataDir })
await db.destroy()
const pglite = await PGlite.create({ dataDir: dataDir + '/pglite' })
const folder = await pglite.dumpDataDir('none')
await pglite.close()
// The image, in memory, without the template databases: an embedded database never connects to
// them or creates a database, and they are a third of what each test file would load.
const memory = await PGlite.create({ loadDataDir: folder })
await memory.exec("update pg_database set datistemplate = false where datname like 'template_'")
// One statement each: a database is never dropped inside a transaction.
for (const statement of ['drop database template0', 'drop database template1', 'checkpoint']) {
  await memory.exec(statement)
}
const image = await memory.dumpDataDir('none')
await memory.close()
fs.writeFileSync(imageFile, Buffer.from(await image.arrayBuffer()))`
  const made = runScript(script, [dataDir, imageFile])
  return {
    made,
    async remove() {
      delete process.env[pgliteSnapshotVariable]
      delete process.env[pgliteImageVariable]
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A migrated database for `create database ... template ...`: PostgreSQL copies its files, which
 * takes a fraction of running the migrations again. Cloning needs nobody connected to it, so
 * nothing but this function ever connects.
 */
async function startPostgresTemplate(): Promise<Snapshot> {
  const template = await createPostgresDatabase('template')
  process.env[postgresTemplateVariable] = template.name
  // In a child process too: Vitest's own process is busy starting the first files, and a
  // connection there waited past its deadline.
  const made = runScript(
    `import { openDatabase } from ${JSON.stringify(databaseModule)}
const db = await openDatabase({ databaseUrl: process.argv[1] })
await db.destroy()`,
    [template.url],
  )
  return {
    made,
    async remove() {
      delete process.env[postgresTemplateVariable]
      // The databases the workers kept from file to file (test-app.ts): no one is connected.
      const kept = await adminQuery<{ name: string }>(
        `select datname as name from pg_database where starts_with(datname, $1)`,
        [keptPrefix(template.name)],
      )
      for (const { name } of kept) await adminQuery(`drop database if exists ${name} with (force)`)
      await template.drop()
    },
  }
}
