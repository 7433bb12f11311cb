/**
 * The server as an operator meets it, against a clock: exiting with the right code, shutting down
 * quickly behind a stuck mail server, and riding out a database that goes away and comes back.
 * Each runs the real server process. How it starts (a dangerous configuration refused, a broken
 * order skipped) is start-up.test.ts, which holds nothing to a deadline.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { SMTPServer } from 'smtp-server'
import { describe, expect, test } from 'vitest'
import { buyOverHttp } from '#test/http-store'
import { createPostgresDatabase } from '#test/postgres'
import { freePort, runToExit, startServer } from '#test/server'
import { startTcpProxy } from '#test/tcp-proxy'

async function waitFor(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(100)
  }
}

describe('stopping', () => {
  // npm start builds first when the sources are newer than the build; browser-setup.ts has built
  // them before the first browser file, so it never rewrites dist/ under another file's server.
  test('npm start exits non-zero when the server is killed by a signal, 0 when asked to stop', {
    timeout: 240_000,
  }, async () => {
    const start = async () => {
      const port = await freePort()
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-start-'))
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

    const killed = await start()
    // The server is start.ts's one child; the supervisor sees start.ts.
    const serverPid = Number(
      fs.readFileSync(`/proc/${killed.child.pid}/task/${killed.child.pid}/children`, 'utf8').trim(),
    )
    process.kill(serverPid, 'SIGKILL')
    expect((await killed.exit).code).toBe(137)

    const stopped = await start()
    stopped.child.kill('SIGTERM')
    expect((await stopped.exit).code).toBe(0)
    for (const { dataDir } of [killed, stopped])
      fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('SIGTERM behind a mail server that never answers: exits 0 within 10 s, the mail stays queued', async () => {
    let receiving = false
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream) {
        receiving = true
        stream.resume() // read the message, never answer it
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const smtpPort = (smtp.server.address() as { port: number }).port
    const database = await createPostgresDatabase('ops', { migrated: true })
    try {
      const server = await startServer({
        DATABASE_URL: database.url,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        LOCAL_PAYMENT_DELAY_MS: '0',
      })
      await buyOverHttp(server.url, [['boosts-5', 1]], { email: 'fan@example.com' })
      await waitFor(async () => receiving, 'the mail send to start')

      const asked = Date.now()
      const exit = await server.stop()
      const took = Date.now() - asked
      expect(exit).toBe(0)
      expect(took).toBeLessThan(10_000)
      const mail = await database.query<{ sent_at: Date | null }>('select sent_at from mail_outbox')
      expect(mail).toEqual([{ sent_at: null }])
    } finally {
      smtp.close()
      await database.drop()
    }
  })
})

test('the database goes away: /healthz says 503 within 2 s; it comes back: work resumes by itself', async () => {
  const database = await createPostgresDatabase('ops')
  const target = new URL(database.url)
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
  const viaProxy = new URL(database.url)
  viaProxy.port = String(proxy.port)
  const server = await startServer({
    DATABASE_URL: viaProxy.toString(),
    LOCAL_PAYMENT_DELAY_MS: '0',
  })
  try {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)

    proxy.cut()
    const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2_000) })
    expect(health.status).toBe(503)
    expect(await health.json()).toEqual({
      status: 'unavailable',
      message: 'The database is not answering.',
    })
    // Pages that need no database still load.
    expect(
      (await fetch(`${server.url}/store`, { signal: AbortSignal.timeout(2_000) })).status,
    ).toBe(200)

    proxy.restore()
    await waitFor(async () => (await fetch(`${server.url}/healthz`)).status === 200, 'healthz')
    await buyOverHttp(server.url, [['boosts-5', 1]])
    expect(server.output()).not.toMatch(/unhandled|uncaught/i)
  } catch (error) {
    console.log(server.output())
    throw error
  } finally {
    await server.stop()
    await proxy.close()
    await database.drop()
  }
})
