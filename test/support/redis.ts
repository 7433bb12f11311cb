import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, onTestFinished } from 'vitest'
import type { Db } from '../../src/core/db/schema'
import { openRedis, type Redis, redisReady } from '../../src/server/adapters/redis'
import {
  buildTestApp,
  type OpenTestDatabase,
  type TestApp,
  type TestAppOptions,
  testDatabases,
} from './test-app'

/** The machine's Redis (CI has one running); tests share it, each under keys of its own. */
export const testRedisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379'

/**
 * False when global-setup.ts found no Redis at testRedisUrl (outside CI, where that fails the
 * run instead): the suites that need it are skipped and the run's last lines name them.
 */
export const redisAvailable = process.env.TEST_REDIS_AVAILABLE !== 'false'

/**
 * `describe` for a suite that needs Redis: skipped when there is none, and noted for the
 * run's closing summary (global-setup.ts prints it).
 */
export function describeWithRedis(name: string, body: () => void): void {
  if (redisAvailable) {
    describe(name, body)
    return
  }
  const skips = process.env.TEST_REDIS_SKIPS_FILE
  const file = expect.getState().testPath ?? 'unknown file'
  if (skips) fs.appendFileSync(skips, `${path.relative(process.cwd(), file)} > ${name}\n`)
  describe.skip(name, body)
}

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
