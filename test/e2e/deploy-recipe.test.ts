/**
 * docs/deploy.md's backup and restore commands, run as written: a store with paid orders is
 * backed up, restored elsewhere, and serves the same codes from the copy.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { createPostgresDatabase, seedPgliteDataDir } from '#test/databases'
import { buyOverHttp, pollCodes } from '#test/http-store'
import { type RunningServer, startServer } from '#test/server'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-recipe-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

/**
 * A command of docs/deploy.md, checked to be there word for word, run by bash in `work` (or in the
 * install's folder, `cwd`, for `npm run admin`).
 */
function recipe(command: string, env: Record<string, string>, cwd = work): string {
  expect(fs.readFileSync('docs/deploy.md', 'utf8')).toContain(command)
  return execFileSync('bash', ['-c', command], {
    cwd,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  })
}

/** `npm run admin -- ...` as the guide writes it, run where the site is installed. */
function adminRecipe(command: string, env: Record<string, string>): string {
  return recipe(command, env, process.cwd())
}

/**
 * A data folder of the site's own (0700) that starts as the run's migrated database: a first
 * start's initdb is operations.test.ts's to test, and costs seconds here.
 */
async function dataFolder(name: string): Promise<string> {
  const dataDir = path.join(work, name)
  fs.mkdirSync(dataDir, { mode: 0o700 })
  await seedPgliteDataDir(dataDir)
  return dataDir
}

/** The guide's health check on a served copy, and `bought`'s codes read back from it. */
async function expectServes(
  server: RunningServer,
  bought: { sessionId: string; codes: string[] },
): Promise<void> {
  const port = new URL(server.url).port
  expect(recipe('curl -fsS "http://127.0.0.1:$PORT/healthz"', { PORT: port })).toBe(
    '{"status":"ok"}',
  )
  expect(await codesOf(server.url, bought.sessionId)).toEqual(bought.codes)
}

async function codesOf(base: string, sessionId: string): Promise<string[]> {
  return pollCodes(base, sessionId, { attempts: 1 })
}

// Every test here runs servers and commands as processes of their own, as the guide's reader
// does: minutes, not seconds, on a busy two-core machine.
const recipeTimeout = { timeout: 240_000 }

test(
  'PostgreSQL: pg_dump while serving, pg_restore into a new database, the same codes',
  recipeTimeout,
  async () => {
    const live = await createPostgresDatabase('recipe', { migrated: true })
    const restored = await createPostgresDatabase('recipe')
    try {
      const server = await startServer({ DATABASE_URL: live.url, LOCAL_PAYMENT_DELAY_MS: '0' })
      let bought: { sessionId: string; codes: string[] }
      try {
        bought = await buyOverHttp(server.url, [
          ['ffr-10', 2],
          ['boosts-15', 1],
        ])
        recipe('(umask 077 && pg_dump --format=custom --file=punchline.dump "$DATABASE_URL")', {
          DATABASE_URL: live.url,
        })
        expect(fs.statSync(path.join(work, 'punchline.dump')).mode & 0o777).toBe(0o600)
      } finally {
        await server.stop()
      }
      recipe('pg_restore --no-owner --dbname="$RESTORE_URL" punchline.dump', {
        RESTORE_URL: restored.url,
      })
      const copy = await startServer({ DATABASE_URL: restored.url })
      try {
        await expectServes(copy, bought)
      } finally {
        await copy.stop()
      }
    } finally {
      await live.drop()
      await restored.drop()
    }
  },
)

test(
  'the embedded database: backed up while it serves, restored into a new folder, the same codes',
  recipeTimeout,
  async () => {
    const dataDir = await dataFolder('data')
    const restoredDir = path.join(work, 'restored')
    const server = await startServer({ LOCAL_PAYMENT_DELAY_MS: '0' }, { dataDir })
    let bought: { sessionId: string; codes: string[] }
    let backupFile: string
    try {
      bought = await buyOverHttp(server.url, [
        ['ffr-10', 2],
        ['boosts-15', 1],
      ])
      const said = adminRecipe('npm run admin -- backup', { DATA_DIR: dataDir })
      expect(said).toMatch(/Backed up to .*: 1 orders, 3 codes, 0 memberships/)
      backupFile = /Backed up to (\S+\.tar\.gz) /.exec(said)?.[1] ?? ''
      expect(path.dirname(backupFile)).toBe(path.join(dataDir, 'backups'))
    } finally {
      expect(await server.stop()).toBe(0)
    }
    const restore = 'npm run admin -- restore "$BACKUP_FILE" --data-dir "$RESTORE_DIR"'
    expect(adminRecipe(restore, { BACKUP_FILE: backupFile, RESTORE_DIR: restoredDir })).toContain(
      `Restored into ${restoredDir}: 1 orders, 3 codes, 0 memberships.`,
    )
    const copy = await startServer({}, { dataDir: restoredDir })
    try {
      await expectServes(copy, bought)
    } finally {
      await copy.stop()
    }
  },
)

test(
  'growing: backup, stop, move to PostgreSQL, two processes serve the same codes',
  recipeTimeout,
  async () => {
    const dataDir = await dataFolder('growing')
    const target = await createPostgresDatabase('recipe')
    try {
      const server = await startServer({ LOCAL_PAYMENT_DELAY_MS: '0' }, { dataDir })
      let bought: { sessionId: string; codes: string[] }
      try {
        bought = await buyOverHttp(server.url, [['ffr-25', 2]])
        expect(adminRecipe('npm run admin -- backup', { DATA_DIR: dataDir })).toContain('Backed up')
      } finally {
        expect(await server.stop()).toBe(0)
      }
      const moved = adminRecipe('npm run admin -- move --to "$NEW_DATABASE_URL"', {
        DATA_DIR: dataDir,
        NEW_DATABASE_URL: target.url,
      })
      expect(moved).toMatch(/^codes +2 +[0-9a-f]{32} +same$/m)
      expect(moved).toContain('Moved and checked')
      const settings = { DATABASE_URL: target.url, SERVER_SECRET: 'a'.repeat(32) }
      const one = await startServer(settings)
      const two = await startServer(settings)
      try {
        for (const each of [one, two]) {
          await expectServes(each, bought)
        }
      } finally {
        await Promise.all([one.stop(), two.stop()])
      }
    } finally {
      await target.drop()
    }
  },
)
