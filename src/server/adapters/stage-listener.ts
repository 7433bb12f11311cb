import type pg from 'pg'
import { loadPg } from './db/prepared-pg'

/** The first wait before listening again after the connection fails; doubled up to the max. */
const retryMs = { first: 250, max: 5_000 } as const

export interface StageListener {
  /** Resolves once the first LISTEN is in place (tests wait for it before publishing). */
  ready: Promise<void>
  close(): Promise<void>
}

/**
 * LISTEN on one channel over a connection of its own (a pooled connection would be handed to
 * queries and lose it): every NOTIFY on the channel, from any process, arrives at `onPayload`.
 * When PostgreSQL restarts or the network drops, it connects again with a growing wait;
 * messages sent while it was away are not received (readers resume from the database by id).
 */
export function listenPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onError: (error: Error) => void,
): StageListener {
  let closed = false
  let client: pg.Client | undefined
  let wait: number = retryMs.first
  let timer: NodeJS.Timeout | undefined
  let markReady: () => void = () => undefined
  const ready = new Promise<void>((resolve) => {
    markReady = resolve
  })

  const again = () => {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, wait)
    timer.unref()
    wait = Math.min(wait * 2, retryMs.max)
  }

  const connect = async () => {
    const next = new (loadPg().Client)({ connectionString, keepAlive: true })
    client = next
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload)
    })
    next.on('error', (error) => {
      onError(error)
      void next.end().catch(() => undefined)
      if (client === next) again()
    })
    // A connection ended by the server (a restart) without an error first.
    next.on('end', () => {
      if (client === next) again()
    })
    try {
      await next.connect()
      await next.query(`listen ${loadPg().escapeIdentifier(channel)}`)
      if (closed) return void (await next.end())
      wait = retryMs.first
      markReady()
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)))
      void next.end().catch(() => undefined)
      if (client === next) again()
    }
  }
  void connect()

  return {
    ready,
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      await client?.end().catch(() => undefined)
    },
  }
}
