import type { Clock } from '../../core/clock'
import type { WindowCount, WindowCounter } from '../../core/rate-limits'
import type { Redis } from './redis'

/**
 * The rate limits' counter (core/rate-limits.ts). With Redis the count is shared by every server
 * process; without it, or while Redis is unreachable, each process counts on its own (less
 * strict, never wrong in the fan's favour by more than the number of processes).
 */
export interface WindowCounterOptions {
  /** Names the counter in Redis keys: "punchline:<name>:<key>". Unique per use. */
  name: string
  windowMs: number
  clock: Clock
  redis?: Redis | undefined
  /** Told when Redis fails and this process counted alone instead. */
  onRedisError?: ((error: unknown) => void) | undefined
  /** The memory counter forgets the oldest windows past this many keys. */
  maxKeys?: number | undefined
}

export function createWindowCounter(options: WindowCounterOptions): WindowCounter {
  const memory = memoryCounter(options)
  const { redis } = options
  if (!redis) return memory
  const shared = redisCounter(redis, options)
  const fallback =
    <A extends unknown[], R>(
      first: (...args: A) => Promise<R>,
      local: (...args: A) => Promise<R>,
    ) =>
    async (...args: A): Promise<R> => {
      try {
        return await first(...args)
      } catch (error) {
        options.onRedisError?.(error)
        return local(...args)
      }
    }
  return {
    hit: fallback(shared.hit, memory.hit),
    release: fallback(shared.release, memory.release),
    peek: fallback(shared.peek, memory.peek),
    reset: fallback(shared.reset, memory.reset),
  }
}

function memoryCounter(options: WindowCounterOptions): WindowCounter {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const maxKeys = options.maxKeys ?? 100_000
  const current = (key: string, now: number) => {
    const window = windows.get(key)
    if (window && window.resetAt > now) return window
    if (window) windows.delete(key)
    return undefined
  }
  return {
    async hit(key) {
      const now = options.clock.now().getTime()
      let window = current(key, now)
      if (!window) {
        // Maps keep insertion order: the first keys are the oldest windows.
        if (windows.size >= maxKeys) {
          for (const old of windows.keys()) {
            windows.delete(old)
            if (windows.size < maxKeys * 0.9) break
          }
        }
        window = { count: 0, resetAt: now + options.windowMs }
        windows.set(key, window)
      }
      window.count++
      return { count: window.count, resetInMs: window.resetAt - now }
    },
    async release(key) {
      const window = current(key, options.clock.now().getTime())
      if (window && window.count > 0) window.count--
    },
    async peek(key) {
      const now = options.clock.now().getTime()
      const window = current(key, now)
      return window
        ? { count: window.count, resetInMs: window.resetAt - now }
        : { count: 0, resetInMs: 0 }
    },
    async reset(key) {
      windows.delete(key)
    },
  }
}

/** INCR starts the window's expiry on the first hit; one round trip, atomic across processes. */
const hitScript = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`

/** DECR only a live window above 0: never creates a key, never goes negative. */
const releaseScript = `local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`

const peekScript = `local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}`

function redisCounter(redis: Redis, options: WindowCounterOptions): WindowCounter {
  const redisKey = (key: string) => `punchline:${options.name}:${key}`
  const toCount = (reply: unknown): WindowCount => {
    const [count, ttl] = Array.isArray(reply) ? reply : []
    return { count: Number(count ?? 0), resetInMs: Math.max(0, Number(ttl ?? 0)) }
  }
  return {
    async hit(key) {
      return toCount(await redis.eval(hitScript, 1, redisKey(key), options.windowMs))
    },
    async release(key) {
      await redis.eval(releaseScript, 1, redisKey(key))
    },
    async peek(key) {
      return toCount(await redis.eval(peekScript, 1, redisKey(key)))
    },
    async reset(key) {
      await redis.del(redisKey(key))
    },
  }
}
