import http from 'node:http'
import type { FastifyInstance, FastifyServerFactory } from 'fastify'
import fp from 'fastify-plugin'
import type { Clock } from '../../core/clock'
import type { Db } from '../../core/db/schema'
import { readLiveFeed } from '../../core/kiosk/live-feed'
import { apiSecurityHeaders } from './security-headers'

declare module 'fastify' {
  interface FastifyInstance {
    /** The live feed of the show that is on or next (docs/product.md, "Kiosk and live feed"). */
    liveFeed: LiveFeedCache
  }
}

/** The live feed's own headers (the API's security headers come on top). */
export const liveFeedHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'public, max-age=2',
} as const

/** How long one computed feed is served before it is read again (other processes' gifts). */
export const liveFeedMaxAgeMs = 1000

export interface LiveFeedCache {
  /** The feed as JSON, at most `liveFeedMaxAgeMs` old, or fresher after a redemption here. */
  json(): Promise<string>
  /** The cached JSON while it is fresh, without waiting: what the fast path serves. */
  fresh(): string | undefined
  /** A redemption in this process: the next read computes the feed again. */
  invalidate(): void
}

/**
 * The feed hundreds of displays poll: computed at most once a second per process (one read in
 * flight at a time, however many requests wait for it), and again at once after a redemption in
 * this process. If the database fails, the last copy is served.
 */
export function createLiveFeedCache(
  db: Db,
  clock: Clock,
  onError: (error: unknown) => void,
): LiveFeedCache {
  return createFeedCache((now) => readLiveFeed(db, now), clock, onError)
}

/** A feed read by `read`, cached as JSON by the live feed's rules (the stage's panel has one). */
export function createFeedCache(
  readFeed: (now: Date) => Promise<unknown>,
  clock: Clock,
  onError: (error: unknown) => void,
): LiveFeedCache {
  let copy: { json: string; at: number; version: number } | undefined
  let version = 0
  let reading: Promise<string> | undefined

  const read = async (): Promise<string> => {
    const startedVersion = version
    const now = clock.now()
    try {
      const json = JSON.stringify(await readFeed(now))
      copy = { json, at: now.getTime(), version: startedVersion }
      return json
    } catch (error) {
      if (!copy) throw error
      onError(error)
      return copy.json
    } finally {
      reading = undefined
    }
  }

  const fresh = () => {
    const age = copy ? clock.now().getTime() - copy.at : -1
    return copy && copy.version === version && age >= 0 && age < liveFeedMaxAgeMs
      ? copy.json
      : undefined
  }

  return {
    async json() {
      const json = fresh()
      if (json !== undefined) return json
      reading ??= read()
      return reading
    },
    fresh,
    invalidate() {
      version++
    },
  }
}

/**
 * The live feed's fast path: while its cached copy is fresh, GET /api/live is answered here,
 * before Fastify's request pipeline (logger, hooks), so the hundreds of displays polling it
 * during a show cost no more than a bare route (bench/, "GET /api/live").
 */
export function liveFeedFastPath(live: LiveFeedCache): FastifyServerFactory {
  return (handler) =>
    http.createServer((request, response) => {
      const json = request.method === 'GET' && request.url === '/api/live' && live.fresh()
      if (!json) return handler(request, response)
      response.writeHead(200, {
        ...apiSecurityHeaders,
        ...liveFeedHeaders,
        'content-length': Buffer.byteLength(json),
      })
      response.end(json)
    })
}

/** Several caches as one: an invalidation reaches each (the feed and the stage's panel). */
export function invalidatedTogether(
  first: LiveFeedCache,
  ...others: { invalidate(): void }[]
): LiveFeedCache {
  return {
    json: () => first.json(),
    fresh: () => first.fresh(),
    invalidate() {
      first.invalidate()
      for (const other of others) other.invalidate()
    },
  }
}

/** Makes the app's live feed cache known to its routes (each grant invalidates it: app.ts). */
export const liveFeedPlugin = fp(async (app: FastifyInstance, options: { live: LiveFeedCache }) => {
  app.decorate('liveFeed', options.live)
})
