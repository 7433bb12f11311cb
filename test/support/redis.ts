import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect } from 'vitest'
import { openRedis, type Redis, redisReady } from '../../src/server/adapters/redis'

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
