import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { GiftKey } from '../../core/kiosk/kiosk-deps'
import { readGift } from '../../core/stage/gifts'
import {
  deliverInProcess,
  deliversInProcess,
  parseStageMessage,
  publishStage,
  type StageEvent,
  stageChannel,
} from '../../core/stage/publish'
import { nextStateCheckMs, stageNow } from '../../core/stage/state'
import { listenPostgres, type StageListener } from '../adapters/stage-listener'

declare module 'fastify' {
  interface FastifyInstance {
    /** The stage's stream: its readers in this process and the bus between processes. */
    stage: StageHub
  }
}

/** The stream's bounds; tests shorten the heartbeat and the buffer. */
export interface StageOptions {
  /** A comment line to every reader this often, so proxies keep idle streams open. */
  heartbeatMs?: number | undefined
  /** A reader whose socket holds more unsent bytes than this is dropped. */
  maxBufferedBytes?: number | undefined
  /** Streams one client address may hold open in this process. */
  perClient?: number | undefined
  /** Streams this process holds open in all. */
  maxReaders?: number | undefined
}

export const stageDefaults = {
  heartbeatMs: 15_000,
  maxBufferedBytes: 256 * 1024,
  perClient: 8,
  maxReaders: 5_000,
} as const

/** One open stream, as the hub writes to it. */
export interface StageReader {
  /** The keyed hash of its client's address. */
  client: string
  /** Writes the text; returns how many bytes the socket still holds unsent. */
  write(text: string): number
  /** Ends the stream (the server closing). */
  end(): void
  /**
   * Gifts it was sent in a replay (at most 50): their live events, which may come after the
   * replay's read, are not sent again.
   */
  replayed?: ReadonlySet<string> | undefined
  /** Cuts the stream off at once, its unsent bytes freed (a reader that cannot keep up). */
  cut(): void
}

export interface StageHub {
  /** Adds a reader, or answers why not: too many streams from its address or in all. */
  add(reader: StageReader): 'ok' | 'client' | 'full'
  remove(reader: StageReader): void
  /** Readers open in this process. */
  count(): number
  /** Sends events to every reader of every process. */
  publish(events: StageEvent[]): Promise<void>
  /** A grant at the kiosk: its gift and the new total, to every reader (errors are logged). */
  gifted(showId: string, key: GiftKey): void
  /** Told each event this process delivers (the route buffers while it replays). */
  onEvents(listener: (events: StageEvent[]) => void): () => void
  /** Looks at the show's state now, and tells readers when it changed. */
  checkState(): Promise<void>
  /** Resolves once events from other processes can arrive. */
  ready: Promise<void>
}

/** An event as its lines on the wire. */
export function formatEvent(event: StageEvent): string {
  return `id: ${event.id}\nevent: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`
}

/**
 * The stage's hub in this process: its readers (counted and bounded), the heartbeat, the state
 * timer, and the bus: PostgreSQL LISTEN/NOTIFY when the app runs on PostgreSQL (one dedicated
 * connection per process), in-process on the embedded database (docs/decisions/018-the-stage-stream.md).
 */
export const stageBusPlugin = fp(
  async (app: FastifyInstance, options: { databaseUrl?: string | undefined } & StageOptions) => {
    const { db, clock, hashClient } = app.deps
    const bounds = { ...stageDefaults, ...definedOf(options) }
    const readers = new Set<StageReader>()
    const perClient = new Map<string, number>()
    const listeners = new Set<(events: StageEvent[]) => void>()
    /** The gifts being read and published, in the order they were granted. */
    let gifts: Promise<void> = Promise.resolve()
    let lastState = ''

    const send = (reader: StageReader, text: string) => {
      if (reader.write(text) > bounds.maxBufferedBytes) {
        app.log.warn('stage: a reader could not keep up and was dropped')
        hub.remove(reader)
        reader.cut()
      }
    }
    const deliver = (events: StageEvent[]) => {
      for (const listener of listeners) listener(events)
      const text = events.map(formatEvent).join('')
      for (const reader of readers) {
        const { replayed } = reader
        if (!replayed?.size || !events.some((event) => replayed.has(event.id))) send(reader, text)
        else {
          const fresh = events.filter((event) => !replayed.has(event.id))
          if (fresh.length > 0) send(reader, fresh.map(formatEvent).join(''))
        }
      }
    }

    let listener: StageListener | undefined
    let stopLocal: (() => void) | undefined
    if (options.databaseUrl) {
      listener = listenPostgres(
        options.databaseUrl,
        stageChannel,
        (payload) => deliver(parseStageMessage(payload)),
        (error) => app.log.error(`stage: listening failed: ${error.message}`),
      )
    } else {
      stopLocal = deliverInProcess(db, deliver)
    }

    const hub: StageHub = {
      add(reader) {
        const held = perClient.get(reader.client) ?? 0
        if (held >= bounds.perClient) return 'client'
        if (readers.size >= bounds.maxReaders) return 'full'
        perClient.set(reader.client, held + 1)
        readers.add(reader)
        return 'ok'
      },
      remove(reader) {
        if (!readers.delete(reader)) return
        const held = (perClient.get(reader.client) ?? 1) - 1
        if (held > 0) perClient.set(reader.client, held)
        else perClient.delete(reader.client)
      },
      count: () => readers.size,
      publish: (events) => publishStage(db, events),
      gifted(showId, key) {
        // On the embedded database this process is the only one: with nobody listening here,
        // reading the gift back (and the show's total) would be work for no one.
        const alone = !options.databaseUrl && deliversInProcess(db, deliver)
        if (alone && readers.size === 0 && listeners.size === 0) return
        // One after another, in the order the kiosk granted them: two gifts a moment apart
        // would otherwise race to the bus, and their totals with them.
        gifts = gifts
          .then(async () => {
            const found = await readGift(db, hashClient, showId, key)
            if (!found) return
            const { showId: show, totalBoosts } = found.gift
            await hub.publish([
              { id: found.id, event: 'gift', data: found.gift },
              { id: found.id, event: 'total', data: { showId: show, totalBoosts } },
            ])
          })
          .catch((error) => app.log.error({ err: error }, 'stage: a gift was not sent'))
      },
      onEvents(listener) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      async checkState() {
        const { feed, state } = await stageNow(db, clock.now())
        const key = `${feed.showId}|${feed.state}`
        if (lastState && key !== lastState) deliver([state])
        lastState = key
        schedule(nextStateCheckMs(feed, clock.now()))
      },
      ready: listener?.ready ?? Promise.resolve(),
    }

    let stateTimer: NodeJS.Timeout | undefined
    const schedule = (ms: number) => {
      if (stateTimer) clearTimeout(stateTimer)
      stateTimer = setTimeout(() => {
        hub.checkState().catch((error) => {
          app.log.error({ err: error }, 'stage: the show state was not read')
          schedule(stateRecheckOnError)
        })
      }, ms)
      stateTimer.unref()
    }
    const heartbeat = setInterval(() => {
      for (const reader of readers) send(reader, ': keep-alive\n\n')
    }, bounds.heartbeatMs)
    heartbeat.unref()
    schedule(0)

    app.decorate('stage', hub)
    app.addHook('preClose', async () => {
      clearInterval(heartbeat)
      if (stateTimer) clearTimeout(stateTimer)
      stopLocal?.()
      for (const reader of readers) {
        hub.remove(reader)
        reader.cut()
      }
      await listener?.close()
    })
  },
)

const stateRecheckOnError = 5_000

function definedOf(options: StageOptions): Partial<StageOptions> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))
}
