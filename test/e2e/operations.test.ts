/**
 * The server as an operator meets it, against a clock: shutting down quickly behind a stuck mail
 * server, and riding out a database that goes away and comes back. Each runs the real server
 * process. How it starts and the codes it exits with (a dangerous configuration refused, a broken
 * order skipped, npm start killed or stopped) are start-up.test.ts, which holds nothing to a
 * deadline.
 */
import { SMTPServer } from 'smtp-server'
import { describe, expect, test } from 'vitest'
import { buyOverHttp } from '#test/http-store'
import { createPostgresDatabase } from '#test/postgres'
import { startServer, waitFor } from '#test/server'
import { startTcpProxy } from '#test/tcp-proxy'

describe('stopping', () => {
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
