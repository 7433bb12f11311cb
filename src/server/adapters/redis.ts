import type { Redis } from 'ioredis'
import { loadWhenNeeded } from './load-when-needed'

export type { Redis }

/** The client's module, loaded when Redis is configured. */
const loadRedis = () => loadWhenNeeded<typeof import('ioredis')>('ioredis').Redis

/**
 * A Redis client for what several server processes must share (rate-limit counters). It fails
 * fast instead of queueing commands while Redis is away: callers fall back to this process's
 * own memory (less strict, still correct) rather than waiting.
 */
export function openRedis(url: string, onError: (error: Error) => void): Redis {
  const RedisClient = loadRedis()
  const redis = new RedisClient(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    commandTimeout: 1000,
    // Reconnect with a capped back-off, forever: Redis coming back needs no restart.
    retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
  })
  let lastReport = 0
  redis.on('error', (error: Error) => {
    // One line per minute at most while Redis is down, not one per reconnect attempt.
    const now = Date.now()
    if (now - lastReport > 60_000) {
      lastReport = now
      onError(error)
    }
  })
  return redis
}

/** Resolves true once the client is connected, false if that takes longer than `timeoutMs`. */
export async function redisReady(redis: Redis, timeoutMs = 2000): Promise<boolean> {
  if (redis.status === 'ready') return true
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady)
      resolve(false)
    }, timeoutMs)
    const onReady = () => {
      clearTimeout(timer)
      resolve(true)
    }
    redis.once('ready', onReady)
  })
}
