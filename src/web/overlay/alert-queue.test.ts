import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { AlertQueue } from './alert-queue'

/** A screen that records what it shows and hides, with the fake clock's time. */
function recordingQueue(options: { maxWaiting?: number; maxSeen?: number } = {}) {
  const log: string[] = []
  const queue = new AlertQueue<string>({
    minMs: 4000,
    gapMs: 800,
    ...options,
    screen: {
      show: (alert) => log.push(`${Date.now()} show ${alert}`),
      hide: (alert) => log.push(`${Date.now()} hide ${alert}`),
    },
  })
  return { queue, log }
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})

afterEach(() => {
  vi.useRealTimers()
})

test('alerts that arrive together show one at a time, in order, each for the minimum time with a gap between', () => {
  const { queue, log } = recordingQueue()
  queue.push('1', 'a')
  queue.push('2', 'b')
  queue.push('3', 'c')
  vi.advanceTimersByTime(20_000)
  expect(log).toEqual([
    '0 show a',
    '4000 hide a',
    '4800 show b',
    '8800 hide b',
    '9600 show c',
    '13600 hide c',
  ])
})

test('an alert that arrives during the gap waits for the gap to end', () => {
  const { queue, log } = recordingQueue()
  queue.push('1', 'a')
  vi.advanceTimersByTime(4100)
  queue.push('2', 'b')
  vi.advanceTimersByTime(699)
  expect(log).toEqual(['0 show a', '4000 hide a'])
  vi.advanceTimersByTime(1)
  expect(log.at(-1)).toBe('4800 show b')
})

test('an id seen before is dropped, as a reconnecting stream replays it', () => {
  const { queue, log } = recordingQueue()
  expect(queue.push('1', 'a')).toBe(true)
  vi.advanceTimersByTime(10_000)
  expect(queue.push('1', 'a')).toBe(false)
  expect(queue.push('2', 'b')).toBe(true)
  vi.advanceTimersByTime(10_000)
  expect(log.filter((line) => line.includes('show'))).toEqual(['0 show a', '10000 show b'])
})

test('the ids remembered are bounded: the oldest are forgotten first', () => {
  const { queue } = recordingQueue({ maxSeen: 2 })
  queue.push('1', 'a')
  queue.push('2', 'b')
  queue.push('3', 'c')
  expect(queue.push('3', 'c')).toBe(false)
  expect(queue.push('1', 'a')).toBe(true)
})

test('paused, alerts queue but do not show; the one on screen ends; resumed, they show in order', () => {
  const { queue, log } = recordingQueue()
  queue.push('1', 'a')
  queue.control('pause')
  queue.push('2', 'b')
  queue.push('3', 'c')
  vi.advanceTimersByTime(30_000)
  expect(log).toEqual(['0 show a', '4000 hide a'])
  expect(queue.snapshot()).toMatchObject({ current: undefined, waiting: ['b', 'c'], paused: true })
  queue.control('resume')
  vi.advanceTimersByTime(10_000)
  expect(log.slice(2)).toEqual(['30000 show b', '34000 hide b', '34800 show c', '38800 hide c'])
})

test('while paused, at most maxWaiting alerts wait: the oldest are dropped', () => {
  const { queue } = recordingQueue({ maxWaiting: 2 })
  queue.control('pause')
  for (const id of ['1', '2', '3']) queue.push(id, `gift ${id}`)
  expect(queue.snapshot().waiting).toEqual(['gift 2', 'gift 3'])
})

test('skip drops the alert on screen and the next shows after the gap', () => {
  const { queue, log } = recordingQueue()
  queue.push('1', 'a')
  queue.push('2', 'b')
  vi.advanceTimersByTime(1000)
  queue.control('skip')
  vi.advanceTimersByTime(800)
  expect(log).toEqual(['0 show a', '1000 hide a', '1800 show b'])
  // Nothing on screen: skipping again changes nothing.
  vi.advanceTimersByTime(4800)
  queue.control('skip')
  expect(log).toEqual(['0 show a', '1000 hide a', '1800 show b', '5800 hide b'])
})

test('hidden by OBS, the alert on screen goes, nothing piles up, and shown again it starts fresh', () => {
  const { queue, log } = recordingQueue()
  queue.push('1', 'a')
  queue.push('2', 'b')
  vi.advanceTimersByTime(1000)
  queue.setVisible(false)
  expect(log).toEqual(['0 show a', '1000 hide a'])
  expect(queue.push('3', 'c')).toBe(false)
  vi.advanceTimersByTime(60_000)
  expect(queue.snapshot().waiting).toEqual([])
  queue.setVisible(true)
  expect(log).toHaveLength(2)
  queue.push('4', 'd')
  // Hidden ids stay seen: a replay after the source is shown again does not bring them back.
  expect(queue.push('3', 'c')).toBe(false)
  expect(log.at(-1)).toBe('61000 show d')
})
