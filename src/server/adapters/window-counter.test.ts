import { afterAll, beforeAll, expect, test } from 'vitest'
import { ManualClock } from '#test/clock'
import { describeWithRedis, openTestRedis, testRedisUrl } from '#test/redis'
import { openRedis, type Redis, redisReady } from './redis'
import { createWindowCounter } from './window-counter'

test('the memory counter counts hits per key and starts again when the window has passed', async () => {
  const clock = new ManualClock()
  const counter = createWindowCounter({ name: 'failures', windowMs: 60_000, clock })
  expect(await counter.hit('a')).toEqual({ count: 1, resetInMs: 60_000 })
  clock.advance(10_000)
  expect(await counter.hit('a')).toEqual({ count: 2, resetInMs: 50_000 })
  expect(await counter.hit('b')).toEqual({ count: 1, resetInMs: 60_000 })
  expect(await counter.peek('a')).toEqual({ count: 2, resetInMs: 50_000 })
  clock.advance(50_000)
  expect(await counter.peek('a')).toEqual({ count: 0, resetInMs: 0 })
  expect((await counter.hit('a')).count).toBe(1)
  await counter.reset('a')
  expect((await counter.peek('a')).count).toBe(0)
})

test('a hit taken back lowers the count, never below 0, and starts no window', async () => {
  const clock = new ManualClock()
  const counter = createWindowCounter({ name: 'release', windowMs: 60_000, clock })
  await counter.hit('a')
  await counter.hit('a')
  await counter.release('a')
  expect(await counter.peek('a')).toEqual({ count: 1, resetInMs: 60_000 })
  await counter.release('a')
  await counter.release('a')
  expect((await counter.peek('a')).count).toBe(0)
  await counter.release('never-hit')
  expect(await counter.peek('never-hit')).toEqual({ count: 0, resetInMs: 0 })
})

test('the memory counter forgets its oldest windows rather than growing without bound', async () => {
  const clock = new ManualClock()
  const counter = createWindowCounter({ name: 'n', windowMs: 60_000, clock, maxKeys: 100 })
  for (let i = 0; i < 1000; i++) await counter.hit(`client-${i}`)
  expect((await counter.peek('client-0')).count).toBe(0)
  expect((await counter.peek('client-999')).count).toBe(1)
})

describeWithRedis('with Redis', () => {
  let redis: Redis
  let prefix: string
  beforeAll(async () => {
    ;({ redis, prefix } = await openTestRedis())
  })
  afterAll(() => redis.disconnect())

  test('two processes sharing Redis share one count per key', async () => {
    const clock = new ManualClock()
    const other = openRedis(testRedisUrl, () => {})
    await redisReady(other)
    try {
      const first = createWindowCounter({
        name: `${prefix}-shared`,
        windowMs: 60_000,
        clock,
        redis,
      })
      const second = createWindowCounter({
        name: `${prefix}-shared`,
        windowMs: 60_000,
        clock,
        redis: other,
      })
      await first.hit('player')
      await second.hit('player')
      const third = await first.hit('player')
      expect(third.count).toBe(3)
      expect(third.resetInMs).toBeGreaterThan(59_000)
      expect(third.resetInMs).toBeLessThanOrEqual(60_000)
      expect((await second.peek('player')).count).toBe(3)
      await second.release('player')
      expect((await first.peek('player')).count).toBe(2)
      await second.reset('player')
      expect((await first.peek('player')).count).toBe(0)
      await first.release('player')
      expect(await first.peek('player')).toEqual({ count: 0, resetInMs: 0 })
    } finally {
      other.disconnect()
    }
  })

  test('a window in Redis expires by itself', async () => {
    const counter = createWindowCounter({
      name: `${prefix}-short`,
      windowMs: 150,
      clock: new ManualClock(),
      redis,
    })
    expect((await counter.hit('k')).count).toBe(1)
    expect((await counter.hit('k')).count).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await counter.hit('k')).count).toBe(1)
  })

  test('while Redis is unreachable the process counts alone and says so', async () => {
    const down = openRedis('redis://127.0.0.1:1', () => {})
    const errors: unknown[] = []
    try {
      const counter = createWindowCounter({
        name: `${prefix}-down`,
        windowMs: 60_000,
        clock: new ManualClock(),
        redis: down,
        onRedisError: (error) => errors.push(error),
      })
      expect((await counter.hit('k')).count).toBe(1)
      expect((await counter.hit('k')).count).toBe(2)
      expect(errors.length).toBeGreaterThan(0)
    } finally {
      down.disconnect()
    }
  })
})
