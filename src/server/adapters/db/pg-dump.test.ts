import fs from 'node:fs'
import { expect, test } from 'vitest'
import { pgDumpConnection, pgDumpInto } from './pg-dump'

test("pg_dump's address keeps everything but the password, which goes to its environment", () => {
  const inAddress = pgDumpConnection(
    'postgres://club:s%40cret@db.internal:5433/punchline?sslmode=require',
  )
  expect(inAddress.dbname).toBe('postgres://club@db.internal:5433/punchline?sslmode=require')
  expect(inAddress.env.PGPASSWORD).toBe('s@cret')
  const inQuery = pgDumpConnection(
    'postgresql://club@db/punchline?password=hush&sslmode=verify-full',
  )
  expect(inQuery.dbname).toBe('postgresql://club@db/punchline?sslmode=verify-full')
  expect(inQuery.env.PGPASSWORD).toBe('hush')
  const none = pgDumpConnection('postgres://club@db/punchline')
  expect(none.dbname).toBe('postgres://club@db/punchline')
  expect(none.env.PGPASSWORD).toBe(process.env.PGPASSWORD)
})

test('without pg_dump installed, the backup says what to install', async () => {
  const path = process.env.PATH
  const output = fs.openSync('/dev/null', 'w')
  process.env.PATH = ''
  try {
    await expect(pgDumpInto(output, 'postgres://club@db/punchline')).rejects.toThrow(
      /pg_dump was not found here: install the PostgreSQL client tools/,
    )
  } finally {
    process.env.PATH = path
    fs.closeSync(output)
  }
})
