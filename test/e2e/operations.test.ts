/**
 * The server as an operator meets it, against a clock: riding out a database that goes away and
 * comes back, in the real server process. Its deadline has the least room of any test's: /healthz
 * gives the database 1.5 s (plugins/health.ts) and must answer within 2, so this file runs alone,
 * after every other (vitest.config.ts). Stopping behind a stuck mail server, whose deadline has
 * seconds to spare, is stopping.test.ts; how the server starts and the codes it exits with are
 * start-up.test.ts.
 */
import { expect, test } from 'vitest'
import { createPostgresDatabase } from '#test/databases'
import { buyOverHttp } from '#test/http-store'
import { startServer, waitFor } from '#test/server'
import { startTcpProxy } from '#test/tcp-proxy'

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
