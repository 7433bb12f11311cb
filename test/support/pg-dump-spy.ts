// A `pg_dump` first on PATH that records how it was run, for the backups' privacy tests.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'

/** What one run of pg_dump was given: its arguments, its password, and where its output went. */
const PgDumpRunSchema = z.object({
  argv: z.array(z.string()),
  password: z.string().nullable(),
  /** Its standard output as it started, before its first byte: a file's mode, or not a file. */
  output: z.object({ file: z.boolean(), mode: z.number(), size: z.number() }),
})
export type PgDumpRun = z.infer<typeof PgDumpRunSchema>

export interface PgDumpSpy {
  runs(): PgDumpRun[]
  /** Puts PATH back as it was. */
  stop(): void
}

/**
 * A `pg_dump` first on PATH that notes how it was run, as another user of the machine could see
 * it (its command line) or not (its environment), then runs the real one with the same arguments.
 */
export function spyOnPgDump(): PgDumpSpy {
  const real = execFileSync('sh', ['-c', 'command -v pg_dump'], { encoding: 'utf8' }).trim()
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-pg-dump-spy-'))
  const record = path.join(folder, 'runs.jsonl')
  const script = `#!${process.execPath}
const fs = require('node:fs')
const stat = fs.fstatSync(1)
const run = {
  argv: process.argv.slice(2),
  password: process.env.PGPASSWORD ?? null,
  output: { file: stat.isFile(), mode: stat.mode & 0o777, size: stat.size },
}
fs.appendFileSync(${JSON.stringify(record)}, JSON.stringify(run) + '\\n')
const ran = require('node:child_process').spawnSync(${JSON.stringify(real)}, run.argv, { stdio: 'inherit' })
process.exit(ran.status ?? 1)
`
  fs.writeFileSync(path.join(folder, 'pg_dump'), script, { mode: 0o700 })
  const before = process.env.PATH
  process.env.PATH = `${folder}${path.delimiter}${before ?? ''}`
  return {
    runs: () =>
      fs.existsSync(record)
        ? fs
            .readFileSync(record, 'utf8')
            .trim()
            .split('\n')
            .map((line) => PgDumpRunSchema.parse(JSON.parse(line)))
        : [],
    stop() {
      if (before === undefined) delete process.env.PATH
      else process.env.PATH = before
      fs.rmSync(folder, { recursive: true, force: true })
    },
  }
}
