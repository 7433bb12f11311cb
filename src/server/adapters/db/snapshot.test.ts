import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { afterAll, expect, test, vi } from 'vitest'
import { seedPgliteDataDir } from '#test/databases'
import type { Db } from '../../../core/db/schema'
import { Refusal } from '../../../core/refusal'
import { openDatabase } from './database'
import { readBackupImage, restoreEmbedded, writeBackup } from './snapshot'

// Backups of the embedded database (PGlite): PostgreSQL's are pg_dump's (deploy-recipe.test.ts).
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-snapshot-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

async function openFolder(name: string): Promise<{ db: Db; dataDir: string }> {
  const dataDir = path.join(work, name)
  fs.mkdirSync(dataDir, { mode: 0o700 })
  await seedPgliteDataDir(dataDir)
  return { db: await openDatabase({ dataDir }), dataDir }
}

const audit = (summary: string) => ({
  at: new Date('2026-11-25T19:00:00.123Z'),
  actor: 'host',
  via: 'cli' as const,
  action: 'events.add',
  target_type: 'event',
  target_id: '1',
  summary,
})

async function summaries(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('summary').orderBy('id').execute()
  return rows.map((row) => row.summary)
}

test('a backup taken while a transaction is open waits for it: the change is in it whole', async () => {
  const { db } = await openFolder('live')
  try {
    await db.insertInto('audit_log').values(audit('before')).execute()
    let backup: ReturnType<typeof writeBackup> | undefined
    let done = false
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('audit_log').values(audit('first half')).execute()
      backup = writeBackup(db, { file: path.join(work, 'live.tar.gz') })
      void backup.then(() => {
        done = true
      })
      await sleep(100)
      // Not taken between the two halves of the change.
      expect(done).toBe(false)
      await trx.insertInto('audit_log').values(audit('second half')).execute()
    })
    const report = await backup
    expect(report).toMatchObject({ kind: 'embedded', counts: { orders: 0, codes: 0 } })
    expect(fs.statSync(path.join(work, 'live.tar.gz')).mode & 0o777).toBe(0o600)
    await db.insertInto('audit_log').values(audit('after')).execute()

    const counts = await restoreEmbedded(path.join(work, 'live.tar.gz'), path.join(work, 'back'))
    expect(counts).toEqual({ orders: 0, codes: 0, memberships: 0 })
    const restored = await openDatabase({ dataDir: path.join(work, 'back') })
    try {
      expect(await summaries(restored)).toEqual(['before', 'first half', 'second half'])
      const [row] = await restored.selectFrom('audit_log').select('at').execute()
      expect(row?.at).toEqual(new Date('2026-11-25T19:00:00.123Z'))
    } finally {
      await restored.destroy()
    }
  } finally {
    await db.destroy()
  }
})

test('a backup never overwrites a file, and a folder without backups gets one of its own', async () => {
  const { db, dataDir } = await openFolder('overwrite')
  try {
    const file = path.join(work, 'kept.tar.gz')
    fs.writeFileSync(file, 'an older backup')
    await expect(writeBackup(db, { file })).rejects.toThrow(/already there/)
    expect(fs.readFileSync(file, 'utf8')).toBe('an older backup')
    const report = await writeBackup(db, { folder: path.join(dataDir, 'backups') })
    expect(path.basename(report.file)).toMatch(/^punchline-2\d{3}-.*Z\.tar\.gz$/)
    expect(fs.statSync(path.join(dataDir, 'backups')).mode & 0o777).toBe(0o700)
  } finally {
    await db.destroy()
  }
})

test('a backup is created owner-only, whatever the umask: no one else reads it while it is written', async () => {
  const { db, dataDir } = await openFolder('private')
  const file = path.join(dataDir, 'elsewhere', 'club.tar.gz')
  const opened = vi.spyOn(fs, 'openSync')
  const previous = process.umask(0)
  try {
    await writeBackup(db, { file })
    const created = opened.mock.calls.filter(([name]) => String(name).startsWith(file))
    expect(created.map(([, flags, mode]) => [flags, mode])).toEqual([['wx', 0o600]])
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700)
  } finally {
    process.umask(previous)
    opened.mockRestore()
    await db.destroy()
  }
})

test('restore refuses a folder that is not empty, a PostgreSQL export and a file that is not a backup', async () => {
  const { db } = await openFolder('source')
  const file = path.join(work, 'source.tar.gz')
  await writeBackup(db, { file })
  await db.destroy()
  const full = path.join(work, 'full')
  fs.mkdirSync(full)
  fs.writeFileSync(path.join(full, 'notes.txt'), 'mine')
  const refused = (promise: Promise<unknown>) => expect(promise).rejects.toBeInstanceOf(Refusal)
  await refused(restoreEmbedded(file, full))
  expect(fs.readdirSync(full)).toEqual(['notes.txt'])

  const dump = path.join(work, 'export.pgdump')
  fs.writeFileSync(dump, 'PGDMP\x01\x0f')
  expect(() => readBackupImage(dump)).toThrow(/pg_restore/)
  const text = path.join(work, 'text.txt')
  fs.writeFileSync(text, 'hello')
  await refused(restoreEmbedded(text, path.join(work, 'never')))
  await refused(restoreEmbedded(path.join(work, 'missing.tar.gz'), path.join(work, 'never')))
  expect(fs.existsSync(path.join(work, 'never'))).toBe(false)
})

/** Where a relation's file is in a data folder. */
async function relationFile(db: Db, relation: string): Promise<string> {
  const { rows } = await sql<{
    file: string
  }>`select pg_relation_filepath(${relation}) as file`.execute(db)
  return rows[0]?.file ?? ''
}

/**
 * A backup of a folder whose files were damaged while no database had it open: `prepare` reads
 * what it needs from the open database and returns the damage it does once it is closed.
 */
async function damagedBackup(
  name: string,
  prepare: (pgliteDir: string, db: Db) => Promise<() => void>,
): Promise<string> {
  const { db, dataDir } = await openFolder(name)
  const damage = await prepare(path.join(dataDir, 'pglite'), db)
  await db.destroy()
  damage()
  const damaged = await openDatabase({ dataDir, migrate: false })
  try {
    const file = path.join(work, `${name}.tar.gz`)
    await writeBackup(damaged, { file })
    return file
  } finally {
    await damaged.destroy()
  }
}

test('restore reads every table first: a backup missing their files is refused, naming them, and the folder stays as it was', async () => {
  const file = await damagedBackup('missing', async (pgliteDir, db) => {
    // Tables, an index and a sequence the schedule, the comics' pages and the open mics read.
    const relations = ['comics', 'sets_pkey', 'open_mics', 'audit_log_id_seq']
    const gone = await Promise.all(relations.map((relation) => relationFile(db, relation)))
    return () => {
      for (const relation of gone) fs.rmSync(path.join(pgliteDir, relation))
    }
  })
  const fresh = path.join(work, 'missing-restored')
  await expect(restoreEmbedded(file, fresh)).rejects.toThrow(
    /is damaged: audit_log_id_seq, comics, open_mics, sets could not be read \(their files are not in the backup\)\. Nothing was restored/,
  )
  expect(fs.existsSync(fresh)).toBe(false)
  const empty = path.join(work, 'missing-empty')
  fs.mkdirSync(empty, { mode: 0o700 })
  await expect(restoreEmbedded(file, empty)).rejects.toBeInstanceOf(Refusal)
  expect(fs.readdirSync(empty)).toEqual([])
})

test('restore refuses a backup this version cannot bring up to date, and leaves nothing behind', async () => {
  const { db } = await openFolder('newer')
  // As a backup of a newer release holds: a migration this one does not know.
  await sql`insert into kysely_migration (name, timestamp) values ('2099-01-01-999-later', '2099-01-01')`.execute(
    db,
  )
  const file = path.join(work, 'newer.tar.gz')
  await writeBackup(db, { file })
  await db.destroy()
  const fresh = path.join(work, 'newer-restored')
  await expect(restoreEmbedded(file, fresh)).rejects.toThrow(
    /newer\.tar\.gz could not be restored: Database migration .*\. Nothing was restored\./,
  )
  expect(fs.existsSync(fresh)).toBe(false)
})

test('restore refuses a backup whose table does not read, naming the table', async () => {
  const file = await damagedBackup('unreadable', async (pgliteDir, db) => {
    await db.insertInto('audit_log').values(audit('kept')).execute()
    const auditLog = await relationFile(db, 'audit_log')
    return () => {
      // The table's first page overwritten: its file is there, its rows are not.
      const fd = fs.openSync(path.join(pgliteDir, auditLog), 'r+')
      fs.writeSync(fd, Buffer.alloc(64, 0xff), 0, 64, 0)
      fs.closeSync(fd)
    }
  })
  const fresh = path.join(work, 'unreadable-restored')
  await expect(restoreEmbedded(file, fresh)).rejects.toThrow(
    /is damaged: audit_log could not be read \(invalid page/,
  )
  expect(fs.existsSync(fresh)).toBe(false)
})
