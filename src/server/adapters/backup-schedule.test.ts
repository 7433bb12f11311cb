import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { createPostgresDatabase, postgresConfigured, seedPgliteDataDir } from '#test/databases'
import { spyOnPgDump } from '#test/pg-dump-spy'
import { backupFolderOf, pruneBackups, startBackupSchedule } from './backup-schedule'
import { openDatabase } from './db/database'

// The schedule backs up the embedded database (a folder of its own); on PostgreSQL it runs
// pg_dump, as `npm run admin -- backup` does (deploy-recipe.test.ts).
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-schedule-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))
const clock = { now: () => new Date('2026-11-25T20:00:00Z') }

async function scheduleOn(name: string, keep: number) {
  const dataDir = path.join(work, name)
  fs.mkdirSync(dataDir, { mode: 0o700 })
  await seedPgliteDataDir(dataDir)
  const db = await openDatabase({ dataDir })
  const lines: string[] = []
  const schedule = startBackupSchedule({
    db,
    clock,
    dataDir,
    databaseUrl: undefined,
    everyMs: 24 * 3_600_000,
    keep,
    hostEmail: 'host@example.com',
    log: { info: (line) => lines.push(line), error: (line) => lines.push(`ERROR ${line}`) },
  })
  return { db, dataDir, lines, schedule }
}

test('the schedule backs up into DATA_DIR/backups, owner-only, and keeps the newest', async () => {
  const { db, dataDir, schedule } = await scheduleOn('kept', 2)
  try {
    const folder = backupFolderOf(dataDir)
    const made: string[] = []
    for (let i = 0; i < 3; i++) {
      const report = await schedule.runOnce()
      if (report) made.push(path.basename(report.file))
    }
    expect(made).toHaveLength(3)
    expect(fs.readdirSync(folder).sort()).toEqual(made.slice(1).sort())
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700)
    for (const name of fs.readdirSync(folder)) {
      expect(fs.statSync(path.join(folder, name)).mode & 0o777).toBe(0o600)
    }
  } finally {
    schedule.stop()
    await db.destroy()
  }
})

test.runIf(postgresConfigured)(
  "on PostgreSQL the schedule's pg_dump writes an owner-only file from its first byte, its password never on a command line",
  async () => {
    const database = await createPostgresDatabase('schedule', { migrated: true })
    const url = new URL(database.url)
    url.password = 'payout-secret'
    const db = await openDatabase({ databaseUrl: url.toString() })
    const spy = spyOnPgDump()
    const previous = process.umask(0o022)
    const dataDir = path.join(work, 'postgres')
    const schedule = startBackupSchedule({
      db,
      clock,
      dataDir,
      databaseUrl: url.toString(),
      everyMs: 24 * 3_600_000,
      keep: 3,
      hostEmail: undefined,
      log: { info: () => {}, error: (line) => expect.fail(line) },
    })
    try {
      const report = await schedule.runOnce()
      expect(report?.kind).toBe('postgres')
      const [run] = spy.runs()
      expect(run?.output).toEqual({ file: true, mode: 0o600, size: 0 })
      expect(run?.password).toBe('payout-secret')
      expect(run?.argv.join(' ')).not.toContain('payout-secret')
      expect(fs.statSync(report?.file ?? '').mode & 0o777).toBe(0o600)
    } finally {
      schedule.stop()
      process.umask(previous)
      spy.stop()
      await db.destroy()
      await database.drop()
    }
  },
)

test('a failed backup is an error line and a mail to the first host, and the server goes on', async () => {
  const { db, dataDir, lines, schedule } = await scheduleOn('failing', 3)
  try {
    // Something in the way where the backups go: the backup cannot be written.
    fs.writeFileSync(backupFolderOf(dataDir), 'not a folder')
    expect(await schedule.runOnce()).toBeUndefined()
    expect(
      lines.filter((line) => line.startsWith('ERROR backup: the scheduled backup failed')),
    ).toHaveLength(1)
    const mail = await db.selectFrom('mail_outbox').selectAll().execute()
    expect(mail).toMatchObject([
      { to_address: 'host@example.com', subject: 'Punchline VR: a scheduled backup failed' },
    ])
    expect(mail[0]?.text_body).toContain('npm run admin -- backup')
  } finally {
    schedule.stop()
    await db.destroy()
  }
})

test('pruning removes only the oldest backups beyond the count, nothing else in the folder', () => {
  const folder = path.join(work, 'prune')
  fs.mkdirSync(folder)
  const names = [
    'punchline-2026-11-20T00-00-00-000Z.tar.gz',
    'punchline-2026-11-21T00-00-00-000Z.tar.gz',
    'punchline-2026-11-22T00-00-00-000Z.tar.gz',
    'notes.txt',
  ]
  for (const name of names) fs.writeFileSync(path.join(folder, name), '')
  expect(pruneBackups(folder, 1)).toEqual(names.slice(0, 2))
  expect(fs.readdirSync(folder).sort()).toEqual(['notes.txt', names[2]])
})
