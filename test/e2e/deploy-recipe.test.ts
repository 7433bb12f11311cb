/**
 * docs/deploy.md's backup and restore commands, run as written: a store with paid orders is
 * backed up, restored elsewhere, and serves the same codes from the copy.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { buyOverHttp, pollCodes } from '#test/http-store'
import { createPostgresDatabase } from '#test/postgres'
import { startServer } from '#test/server'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-recipe-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

/** A command of docs/deploy.md, checked to be there word for word, run by bash in `work`. */
function recipe(command: string, env: Record<string, string>): string {
  expect(fs.readFileSync('docs/deploy.md', 'utf8')).toContain(command)
  return execFileSync('bash', ['-c', command], {
    cwd: work,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  })
}

async function codesOf(base: string, sessionId: string): Promise<string[]> {
  return pollCodes(base, sessionId, { attempts: 1 })
}

test('PostgreSQL: pg_dump while serving, pg_restore into a new database, the same codes', async () => {
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
      recipe('pg_dump --format=custom --file=punchline.dump "$DATABASE_URL"', {
        DATABASE_URL: live.url,
      })
    } finally {
      await server.stop()
    }
    recipe('pg_restore --no-owner --dbname="$RESTORE_URL" punchline.dump', {
      RESTORE_URL: restored.url,
    })
    const copy = await startServer({ DATABASE_URL: restored.url })
    try {
      const port = new URL(copy.url).port
      expect(recipe('curl -fsS "http://127.0.0.1:$PORT/healthz"', { PORT: port })).toBe(
        '{"status":"ok"}',
      )
      expect(await codesOf(copy.url, bought.sessionId)).toEqual(bought.codes)
    } finally {
      await copy.stop()
    }
  } finally {
    await live.drop()
    await restored.drop()
  }
})

test('the embedded database: tar the stopped data folder, untar into a new one, the same codes', async () => {
  const dataDir = path.join(work, 'data')
  const restoredDir = path.join(work, 'restored')
  fs.mkdirSync(dataDir)
  const server = await startServer({ LOCAL_PAYMENT_DELAY_MS: '0' }, { dataDir })
  let bought: { sessionId: string; codes: string[] }
  try {
    bought = await buyOverHttp(server.url, [
      ['ffr-10', 2],
      ['boosts-15', 1],
    ])
  } finally {
    expect(await server.stop()).toBe(0)
  }
  recipe('tar -czf punchline-data.tgz -C "$DATA_DIR" .', { DATA_DIR: dataDir })
  recipe('install -d -m 700 "$DATA_DIR" && tar -xzf punchline-data.tgz -C "$DATA_DIR"', {
    DATA_DIR: restoredDir,
  })
  const copy = await startServer({}, { dataDir: restoredDir })
  try {
    expect(await codesOf(copy.url, bought.sessionId)).toEqual(bought.codes)
  } finally {
    await copy.stop()
  }
})
