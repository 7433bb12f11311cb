import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Clock } from '../../core/clock'
import { type Bills, readBills } from '../../core/comics/bills'
import type { Db, EventRow } from '../../core/db/schema'
import { scheduleOpenMics } from '../../core/open-mic/open-mics'
import {
  eventsVersion,
  listUpcoming,
  seedRegularShows,
  toScheduleEvent,
} from '../../core/schedule/events'
import { scheduleCalendar } from '../../core/schedule/schedule-feed'
import type { ScheduleEvent, ScheduleOpenMic } from '../../shared/schedule'

/**
 * How long one process serves its copy of the schedule. Several processes behind a load balancer
 * each keep their own copy, so another process's change shows up within this time.
 */
export const scheduleCacheMs = 5000

export type ResponseEncoding = 'br' | 'gzip'

/** The upcoming events at one moment, serialized once and served to every request. */
export interface ScheduleSnapshot {
  readonly rows: readonly EventRow[]
  /**
   * The events as the API answers them, each with its bill (docs/comics.md, "What fans see") and,
   * for an open mic, its public running order.
   */
  readonly events: readonly ScheduleEvent[]
  /** Each billed comic's picture by slug (a show's page shows them); null: none. */
  readonly pictures: ReadonlyMap<string, string | null>
  /** The GET /api/schedule body. */
  readonly json: string
  readonly etag: string
  readonly builtAt: Date
  /** The events version it was built from: a change in this process makes it stale at once. */
  readonly version: number
  /** The JSON body compressed, made on first use and kept with the snapshot. */
  encoded(encoding: ResponseEncoding): Buffer
  /** The iCalendar feed of the same events. */
  ics(): string
}

export interface ScheduleCache {
  get(): Promise<ScheduleSnapshot>
}

function makeSnapshot(
  rows: EventRow[],
  bills: Bills,
  openMics: ReadonlyMap<string, ScheduleOpenMic>,
  builtAt: Date,
  version: number,
  publicUrl: string,
): ScheduleSnapshot {
  const events = rows.map((row) =>
    toScheduleEvent(row, bills.byShow.get(row.id) ?? [], openMics.get(row.id)),
  )
  const json = JSON.stringify(events)
  const etag = `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 20)}"`
  const encodedBodies = new Map<ResponseEncoding, Buffer>()
  let ics: string | undefined
  return {
    rows,
    events,
    pictures: bills.pictures,
    json,
    etag,
    builtAt,
    version,
    encoded(encoding) {
      let body = encodedBodies.get(encoding)
      if (!body) {
        body =
          encoding === 'br'
            ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
            : gzipSync(json, { level: 9 })
        encodedBodies.set(encoding, body)
      }
      return body
    },
    ics() {
      ics ??= scheduleCalendar(rows, { publicUrl, now: builtAt }, bills.byShow)
      return ics
    },
  }
}

/**
 * The schedule as this process serves it: rebuilt at most every few seconds, at once after an
 * event changes in this process, and by one query however many requests wait for it. It only
 * reads; the regular shows are seeded by the app at start and by the server's hourly
 * housekeeping (app.ts, server.ts).
 */
export function createScheduleCache(
  db: Db,
  clock: Clock,
  options: { publicUrl: string; ttlMs?: number; onError?: (error: unknown) => void },
): ScheduleCache {
  const ttlMs = options.ttlMs ?? scheduleCacheMs
  let current: ScheduleSnapshot | undefined
  let pending: { version: number; promise: Promise<ScheduleSnapshot> } | undefined

  const isFresh = (snapshot: ScheduleSnapshot, now: number) => {
    const age = now - snapshot.builtAt.getTime()
    return snapshot.version === eventsVersion() && age >= 0 && age < ttlMs
  }

  const build = async (): Promise<ScheduleSnapshot> => {
    const now = clock.now()
    // Read the version before the query: a change during it leaves this copy stale, not wrong.
    const version = eventsVersion()
    const rows = await listUpcoming(db, now)
    const bills = await readBills(
      db,
      rows.map((row) => row.id),
    )
    // Open mics' public running orders (docs/comics.md, "Open mics"): names and times only.
    const openMics = await scheduleOpenMics(db, rows, now)
    return makeSnapshot(rows, bills, openMics, now, version, options.publicUrl)
  }

  return {
    get() {
      if (current && isFresh(current, clock.now().getTime())) return Promise.resolve(current)
      const version = eventsVersion()
      if (pending && pending.version === version) return pending.promise
      const promise = build().then(
        (snapshot) => {
          // A slow, older rebuild must not replace a newer one that finished first.
          if (!current || snapshot.version >= current.version) current = snapshot
          return snapshot
        },
        (error: unknown) => {
          // With the database away, the last schedule beats none; the next request tries again.
          if (!current) throw error
          options.onError?.(error)
          return current
        },
      )
      const entry = { version, promise }
      pending = entry
      const clear = () => {
        if (pending === entry) pending = undefined
      }
      promise.then(clear, clear)
      return promise
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One copy of the schedule per process: the API and the landing page's HTML serve it. */
    schedule: ScheduleCache
  }
}

/**
 * The app's schedule cache, and the regular shows of the coming weeks seeded when the app is
 * ready, so a fresh install never has an empty schedule.
 */
export const schedulePlugin = fp(async (app: FastifyInstance) => {
  const { db, clock, config } = app.deps
  app.decorate(
    'schedule',
    createScheduleCache(db, clock, {
      publicUrl: config.publicUrl,
      onError: (error) => app.log.error({ err: error }, 'schedule: serving the last copy'),
    }),
  )
  app.addHook('onReady', async () => {
    await seedRegularShows(db, clock)
  })
})
