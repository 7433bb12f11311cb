// Redis for the suites of several server processes sharing counters: the machine's, each test's keys
// its own.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, onTestFinished } from 'vitest'
import type { Db } from '../../src/core/db/schema'
import { openRedis, type Redis, redisReady } from '../../src/server/adapters/redis'
import { type OpenTestDatabase, testDatabases } from './databases'
import { buildTestApp, type TestApp, type TestAppOptions } from './test-app'

/** The machine's Redis (globalSetup's default, or TEST_REDIS_URL); tests share it. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? ''

/** False when globalSetup found no Redis outside CI: the suites that need it are skipped. */
export const redisAvailable = process.env.TEST_REDIS !== 'off'

/** `describe` for a suite that needs Redis, skipped when there is none. */
export const describeWithRedis = describe.skipIf(!redisAvailable)

/**
 * A Redis client whose keys no other test touches: counters are named per test app, so a
 * random counter-name prefix is enough. Close it with `redis.disconnect()`.
 */
export async function openTestRedis(): Promise<{ redis: Redis; prefix: string }> {
  const redis = openRedis(testRedisUrl, (error) => {
    throw error
  })
  if (!(await redisReady(redis, 5000))) throw new Error(`no Redis at ${testRedisUrl}`)
  return { redis, prefix: `test-${randomBytes(6).toString('hex')}` }
}

/**
 * For a suite of several server processes sharing Redis: opens a Redis client and a PGlite
 * database before the suite (closed after it), and `apps(n)` builds n test apps on both whose
 * counters share one namespace, closed when the test ends.
 */
export function withSharedRedis(): {
  apps(count: number, options?: TestAppOptions): Promise<TestApp[]>
  db(): Db
} {
  let redis: Redis | undefined
  let prefix = ''
  let opened: OpenTestDatabase | undefined
  beforeAll(async () => {
    ;({ redis, prefix } = await openTestRedis())
    const [pglite] = testDatabases
    if (!pglite) throw new Error('no test database')
    opened = await pglite.open()
  })
  afterAll(async () => {
    redis?.disconnect()
    await opened?.close()
  })
  const db = () => {
    if (!opened) throw new Error('the suite has not started')
    return opened.db
  }
  return {
    db,
    async apps(count, options = {}) {
      const apps: TestApp[] = []
      for (let i = 0; i < count; i++) {
        apps.push(await buildTestApp(db(), { ...options, redis, counterNamespace: prefix }))
      }
      onTestFinished(async () => {
        for (const app of apps) await app.app.close()
      })
      return apps
    },
  }
}
