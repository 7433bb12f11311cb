import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { createPostgresDatabase, postgresConfigured } from '#test/databases'
import { spyOnPgDump } from '#test/pg-dump-spy'
import { Refusal } from '../core/refusal'
import { CliError } from './cli'
import { movedTableLines, parseDataCommand, runDataCommand } from './data-commands'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-data-commands-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

test('backup, restore and move read their options; a mistake is one line naming what is missing', () => {
  expect(parseDataCommand('backup', [])).toEqual({ kind: 'backup', to: undefined })
  expect(parseDataCommand('backup', ['--to', 'b.tar.gz'])).toEqual({
    kind: 'backup',
    to: path.resolve('b.tar.gz'),
  })
  expect(parseDataCommand('restore', ['b.tar.gz', '--data-dir', 'restored'])).toEqual({
    kind: 'restore',
    file: path.resolve('b.tar.gz'),
    dataDir: path.resolve('restored'),
  })
  expect(() => parseDataCommand('restore', ['b.tar.gz'])).toThrow(CliError)
  expect(() => parseDataCommand('move', [])).toThrow(/--to postgres:/)
  expect(() => parseDataCommand('move', ['--to', 'mysql://db/club'])).toThrow(/postgres:\/\//)
  expect(parseDataCommand('move', ['--to', 'postgres://db/club'])).toEqual({
    kind: 'move',
    to: 'postgres://db/club',
    from: undefined,
  })
  expect(() => parseDataCommand('backup', ['--force'])).toThrow(/Unknown option --force/)
})

test('the move refuses beside a running server, and a folder without a database, changing nothing', async () => {
  const lines: string[] = []
  const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) }
  const dataDir = path.join(work, 'data')
  const server = async () => {
    throw new Error('the move must not ask the server for anything')
  }
  const move = { kind: 'move' as const, to: 'postgres://db/club', from: undefined }
  await expect(
    runDataCommand(move, { out, dataDir, databaseUrl: undefined, server }),
  ).rejects.toThrow(/A server is running on .*stop it for the move/)
  await expect(
    runDataCommand(
      { kind: 'backup', to: undefined },
      { out, dataDir, databaseUrl: undefined, server: undefined },
    ),
  ).rejects.toBeInstanceOf(Refusal)
  expect(fs.existsSync(dataDir)).toBe(false)
  expect(lines).toEqual([])
})

test("the move's table says same, or what PostgreSQL holds instead", () => {
  const lines = movedTableLines([
    {
      table: 'orders',
      rows: 2,
      targetRows: 2,
      checksum: 'a'.repeat(32),
      targetChecksum: 'a'.repeat(32),
    },
    {
      table: 'codes',
      rows: 4,
      targetRows: 3,
      checksum: 'b'.repeat(32),
      targetChecksum: 'c'.repeat(32),
    },
  ])
  expect(lines[1]).toMatch(/^orders +2 +a{32} +same$/)
  expect(lines[2]).toMatch(/^codes +4 +b{32} +DIFFERS: 3 rows, c{32}$/)
})

test.runIf(postgresConfigured)(
  "on PostgreSQL, backup is the database's own export (pg_dump), owner-only",
  async () => {
    const database = await createPostgresDatabase('backup', { migrated: true })
    const lines: string[] = []
    const out = {
      log: (line: string) => lines.push(line),
      error: (line: string) => lines.push(line),
    }
    try {
      const file = path.join(work, 'club.pgdump')
      const deps = {
        out,
        dataDir: path.join(work, 'unused'),
        databaseUrl: database.url,
        server: undefined,
      }
      await runDataCommand({ kind: 'backup', to: file }, deps)
      expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('PGDMP')
      expect(fs.statSync(file).mode & 0o777).toBe(0o600)
      expect(lines).toEqual([
        expect.stringMatching(
          /^Backed up PostgreSQL with pg_dump to .*club\.pgdump \(.*\): 0 orders, 0 codes, 0 memberships\. Restore it with pg_restore/,
        ),
      ])
    } finally {
      await database.drop()
    }
  },
)

test.runIf(postgresConfigured)(
  'backup --to on PostgreSQL: the file is owner-only from its first byte, the password never on a command line',
  async () => {
    const database = await createPostgresDatabase('backup', { migrated: true })
    const url = new URL(database.url)
    url.password = 'payout-secret'
    const spy = spyOnPgDump()
    const out = { log: () => {}, error: () => {} }
    const previous = process.umask(0o022)
    try {
      const file = path.join(work, 'private.pgdump')
      const deps = { out, dataDir: work, databaseUrl: url.toString(), server: undefined }
      await runDataCommand({ kind: 'backup', to: file }, deps)
      const [run] = spy.runs()
      // pg_dump writes into a file made owner-only before it starts, not one it makes itself.
      expect(run?.output).toEqual({ file: true, mode: 0o600, size: 0 })
      expect(run?.password).toBe('payout-secret')
      expect(run?.argv.join(' ')).not.toContain('payout-secret')
      expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('PGDMP')
      expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    } finally {
      process.umask(previous)
      spy.stop()
      await database.drop()
    }
  },
)
