// A stand-in for the browser's fetch in the unit tests, the live feed between shows unless said.
import { vi } from 'vitest'
import type { LiveFeed } from '../../src/shared/live'

/** The live feed between shows: the landing page shows nothing for it. */
export const notLiveFeed: LiveFeed = {
  state: 'upcoming',
  showId: 'regular-20261129T2200Z',
  show: 'Sunday Stand-Up',
  startsAt: '2099-11-29T22:00:00.000Z',
  totalBoosts: 0,
  gifts: [],
  onStage: null,
  lineup: [],
  goal: null,
}

/**
 * Replaces the global fetch (the browser's edge) with one that answers each call with
 * `answer(url)`, except the live feed the landing page reads, which is between shows unless
 * `live` says otherwise. web-setup.ts restores the real fetch after every test.
 */
export function stubFetch(
  answer: (url: string) => Promise<Response>,
  live: () => Promise<Response> = async () => Response.json(notLiveFeed),
) {
  const fetch = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input)
    return url === '/api/live' ? live() : answer(url)
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

/** The calls a stub got for one URL. */
export function callsTo(fetch: ReturnType<typeof stubFetch>, url: string): unknown[][] {
  return fetch.mock.calls.filter((call) => String(call[0]) === url)
}

/**
 * `fetch` with GET /api/schedule answered by `events` (the store reads it for the show codes
 * are for), every other call passed on: a test's own stub sees only its calls.
 */
export function withSchedule(fetch: typeof globalThis.fetch, events: unknown[] = []) {
  return (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/schedule' ? Promise.resolve(Response.json(events)) : fetch(input, init)
}
