import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { claimGoalReached, readGoal } from '../../core/goals/show-goals'
import type { Grant } from '../../core/grants/grant'
import { showTotal } from '../../core/stage-stream/gifts'
import {
  deliverInProcess,
  deliversInProcess,
  giftEvents,
  goalEvent,
  parseStageMessage,
  publishStage,
  type StageEvent,
  stageChannel,
} from '../../core/stage-stream/publish'
import { isStageKey, readStageKey } from '../../core/stage-stream/stage-key'
import { nextStateCheckMs, stageNow } from '../../core/stage-stream/state'
import { type Admission, type Seat, StreamPools } from '../../core/stage-stream/stream-pools'
import { supportersAfter } from '../../core/stage-stream/supporters-event'
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
  /** Public streams one client address may hold open in this process. */
  perClient?: number | undefined
  /** Public streams this process holds open in all. */
  maxReaders?: number | undefined
  /** Streams opened with the stage key, on top of the public ones. */
  stageReaders?: number | undefined
  /** How long a process trusts the stage key it read (another process may renew it). */
  keyCacheMs?: number | undefined
}

/** What the hub tells the rest of the app. */
export interface StageBusHooks {
  /** An `onstage` event came (from any process): the cached feeds are out of date. */
  onStageChange?: (() => void) | undefined
}

export const stageDefaults = {
  heartbeatMs: 15_000,
  maxBufferedBytes: 256 * 1024,
  perClient: 8,
  maxReaders: 5_000,
  stageReaders: 20,
  keyCacheMs: 1_000,
} as const

/** One open stream, as the hub writes to it; seated by its client, network and stage key. */
export interface StageReader extends Seat {
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
  /**
   * Adds a reader, closing another when the pools say so (core/stage-stream/stream-pools.ts), or
   * answers why not: too many streams from its address, or the public pool full to its network.
   */
  add(reader: StageReader): Admission
  remove(reader: StageReader): void
  /** Readers open in this process. */
  count(): number
  /** The stage key when `given` is it (a reader then takes a stage seat), else undefined. */
  stageKey(given: string | undefined): Promise<string | undefined>
  /** Sends events to every reader of every process. */
  publish(events: StageEvent[]): Promise<void>
  /**
   * A grant at the kiosk (a subscriber of the app's grant events): its gift, made from the grant
   * itself, and the show's total now, to every reader (errors are logged).
   */
  gifted(grant: Grant): void
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
  async (
    app: FastifyInstance,
    options: { databaseUrl?: string | undefined } & StageOptions & StageBusHooks,
  ) => {
    const { db, clock } = app.deps
    const { onStageChange, ...rest } = options
    const bounds = { ...stageDefaults, ...definedOf(rest) }
    const pools = new StreamPools<StageReader>(bounds, (reader) => reader.cut())
    const readers = pools.seats()
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
      if (events.some((event) => event.event === 'onstage')) onStageChange?.()
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

    // Read again after keyCacheMs at most, once for every asker meanwhile.
    let cachedKey: { value: Promise<string>; at: number } | undefined
    const currentKey = () => {
      if (!cachedKey || performance.now() - cachedKey.at >= bounds.keyCacheMs) {
        const value = readStageKey(db)
        cachedKey = { value, at: performance.now() }
        value.catch(() => {
          cachedKey = undefined
        })
      }
      return cachedKey.value
    }

    const hub: StageHub = {
      add: (reader) => pools.admit(reader),
      remove: (reader) => pools.remove(reader),
      count: () => pools.count(),
      async stageKey(given) {
        if (!given) return undefined
        try {
          const current = await currentKey()
          return isStageKey(given, current) ? current : undefined
        } catch (error) {
          // The stream itself may still open: as one of the public's.
          app.log.error({ err: error }, 'stage: the stage key was not read')
          return undefined
        }
      },
      publish: (events) => publishStage(db, events),
      gifted(grant) {
        if (!grant.showId) return
        // On the embedded database this process is the only one: with nobody listening here,
        // reading the show's total would be work for no one.
        const alone = !options.databaseUrl && deliversInProcess(db, deliver)
        if (alone && pools.count() === 0 && listeners.size === 0) return
        // One after another, in the order the kiosk granted them: two gifts a moment apart
        // would otherwise race to the bus, and their totals with them. The total is read: it
        // counts every process's grants.
        gifts = gifts
          .then(async () => {
            const { showId } = grant
            const [total, goal] = await Promise.all([showTotal(db, showId), readGoal(db, showId)])
            // The goal's alert once, whichever process's grant reached it (one update claims it).
            const reached =
              goal && !goal.reached && total >= goal.boosts
                ? await claimGoalReached(db, showId, total, clock.now())
                : undefined
            const shownGoal = reached ?? goal
            // A named gift moves its name up the night's list: the list, when the name is on it.
            const named = await supportersAfter(db, grant)
            await hub.publish([
              ...giftEvents(grant, total, shownGoal),
              ...(reached ? [goalEvent(clock.now(), showId, reached, total)] : []),
              ...(named ? [named] : []),
            ])
          })
          .catch((error) => app.log.error({ err: error }, 'stage: a gift was not sent'))
      },
      onEvents(listener) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      async checkState() {
        const { feed, state, onstage, supporters } = await stageNow(db, clock.now())
        const key = `${feed.showId}|${feed.state}`
        // Another show is on or next: who is on stage is that show's now.
        const showChanged = lastState && feed.showId !== lastState.split('|')[0]
        if (lastState && key !== lastState) {
          deliver(showChanged ? [state, onstage, supporters] : [state])
        }
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
      // A key renewed on any process ends the streams opened with the old one here too.
      if (pools.stageCount() > 0) {
        currentKey().then(
          (current) => pools.sweep(current),
          (error) => app.log.error({ err: error }, 'stage: the stage key was not read'),
        )
      }
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
