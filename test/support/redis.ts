import { randomBytes } from 'node:crypto'
import { openRedis, type Redis, redisReady } from '../../src/server/adapters/redis'

/** The machine's Redis (CI has one running); tests share it, each under keys of its own. */
export const testRedisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379'

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
