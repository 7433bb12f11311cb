/**
 * The server as an operator meets it starting: refusing a dangerous configuration, warning of
 * mail kept in files, logging as asked, starting despite one broken order, and npm start's exit
 * code. Each runs the real server process; what is held to a deadline (stopping behind a stuck
 * mail server, a lost database) is operations.test.ts.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { createPostgresDatabase, seedPgliteDataDir } from '#test/databases'
import { freePort, runToExit, startServer, waitFor } from '#test/server'
import { builtServer } from '../../scripts/built-server'
import { openDatabase } from '../../src/server/adapters/db/database'

describe('start-up', () => {
  test('no Stripe key on a public address: refuses to start with one line naming PAYMENTS and STRIPE_SECRET_KEY', async () => {
    const child = spawn(process.execPath, builtServer, {
      env: {
        ...process.env,
        PORT: String(await freePort()),
        PUBLIC_URL: 'https://punchlinevr.example',
        DATABASE_URL: '',
        STRIPE_SECRET_KEY: '',
        PAYMENTS: '',
        ALLOW_TEST_CHECKOUT: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const { code, output } = await runToExit(child)
    expect(code).toBe(1)
    const lines = output.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^Refusing to start: the test checkout .*PAYMENTS=stripe.*STRIPE_SECRET_KEY/,
    )
  })

  test('mail to files only is a warning at start-up, and the server runs', async () => {
    const server = await startServer({ SMTP_URL: '' })
    try {
      expect(server.output()).toContain('warning: SMTP_URL is not set')
    } finally {
      await server.stop()
    }
  })

  test('LOG_FORMAT=pretty (npm run dev) logs readable lines; by default each entry is one JSON line', async () => {
    for (const format of ['pretty', 'json'] as const) {
      const server = await startServer({ LOG_FORMAT: format, LOG_LEVEL: 'info' })
      try {
        await fetch(`${server.url}/api/schedule`)
        await expect.poll(() => server.output().includes('/api/schedule')).toBe(true)
        const lines = server.output().split('\n')
        if (format === 'json') {
          const line = lines.find((l) => l.includes('/api/schedule')) ?? ''
          expect(JSON.parse(line)).toMatchObject({
            msg: 'incoming request',
            req: { url: '/api/schedule' },
          })
        } else {
          expect(lines.some((l) => /^\[\d\d:\d\d:\d\d\] INFO: incoming request$/.test(l))).toBe(
            true,
          )
          expect(lines.some((l) => l.trim() === '"url": "/api/schedule"')).toBe(true)
          expect(lines.some((l) => l.startsWith('{"level"'))).toBe(false)
        }
      } finally {
        await server.stop()
      }
    }
  })

  test('one order that cannot be fulfilled is logged and skipped; the rest are fulfilled and the server starts', async () => {
    const database = await createPostgresDatabase('ops', { migrated: true })
    try {
      const db = await openDatabase({ databaseUrl: database.url })
      const order = (id: string, lines: string) => ({
        id,
        session_id: `cs_local_${id}`,
        provider: 'local' as const,
        status: 'paid' as const,
        email: null,
        lines,
        total_cents: 499,
        created_at: new Date(),
        paid_at: new Date(),
      })
      await db
        .insertInto('orders')
        .values([
          order('ord_broken', '{"not": "a list"}'),
          order(
            'ord_good',
            JSON.stringify([
              { productId: 'boosts-5', name: '5 Boosts', unitCents: 499, quantity: 1 },
            ]),
          ),
        ])
        .execute()
      await db.destroy()

      const server = await startServer({ DATABASE_URL: database.url })
      try {
        expect(server.output()).toContain(
          'start-up: paid order ord_broken could not be fulfilled and is skipped',
        )
        const rows = await database.query<{ id: string; status: string }>(
          'select id, status from orders order by id',
        )
        expect(rows).toEqual([
          { id: 'ord_broken', status: 'paid' },
          { id: 'ord_good', status: 'fulfilled' },
        ])
      } finally {
        await server.stop()
      }
    } finally {
      await database.drop()
    }
  })
})

describe('npm start', () => {
  // npm start builds first when the sources are newer than the build; browser-setup.ts has built
  // them before the first browser file, so it never rewrites dist/ under another file's server.
  test('npm start exits non-zero when the server is killed by a signal, 0 when asked to stop', {
    timeout: 240_000,
  }, async () => {
    // The first on an empty data folder, as a new club's first `npm start`; the second on the
    // run's migrated copy, which spares a second first start (seconds of the embedded database
    // making itself) that would test nothing more.
    const start = async (folder: 'empty' | 'migrated') => {
      const port = await freePort()
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-start-'))
      if (folder === 'migrated') expect(await seedPgliteDataDir(dataDir)).toBe(true)
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const exit = runToExit(child)
      // An npm start that ends before it serves (a build that failed) fails the test at once,
      // with what it printed.
      let ended: Awaited<typeof exit> | undefined
      void exit.then((result) => {
        ended = result
      })
      await waitFor(
        async () => ended !== undefined || (await fetch(`http://127.0.0.1:${port}/healthz`)).ok,
        'npm start',
        200_000,
      )
      if (ended) throw new Error(`npm start ended (${ended.code}) before serving:\n${ended.output}`)
      return { child, exit, dataDir }
    }

    const killed = await start('empty')
    // The server is start.ts's one child; the supervisor sees start.ts.
    const serverPid = Number(
      fs.readFileSync(`/proc/${killed.child.pid}/task/${killed.child.pid}/children`, 'utf8').trim(),
    )
    process.kill(serverPid, 'SIGKILL')
    expect((await killed.exit).code).toBe(137)

    const stopped = await start('migrated')
    stopped.child.kill('SIGTERM')
    expect((await stopped.exit).code).toBe(0)
    for (const { dataDir } of [killed, stopped])
      fs.rmSync(dataDir, { recursive: true, force: true })
  })
})
