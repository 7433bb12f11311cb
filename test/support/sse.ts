// A Server-Sent Events reader for tests.
/**
 * A Server-Sent Events reader for tests: reads a stream with fetch and parses it as a browser's
 * EventSource would (id, event, data; comment lines kept apart), so a test can wait for the
 * events it expects without sleeping.
 */

export interface SseEvent {
  id: string
  event: string
  /** JSON-parsed when it is JSON, else the text. */
  data: unknown
}

export interface SseStream {
  status: number
  headers: Headers
  /** Every event so far, in order. */
  events: SseEvent[]
  /** How many comment lines (heartbeats) arrived. */
  comments: number
  /** Resolves when at least `count` events match (rejects after `timeoutMs`). */
  waitFor(
    match: (event: SseEvent) => boolean,
    count?: number,
    timeoutMs?: number,
  ): Promise<SseEvent[]>
  /** Resolves once `comments` reaches `count`. */
  waitForComments(count: number, timeoutMs?: number): Promise<void>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  close(): void
}

/** Parses complete SSE blocks from `buffer`; returns what is left over. */
export function parseSse(
  buffer: string,
  onEvent: (event: SseEvent) => void,
  onComment: () => void,
): string {
  const blocks = buffer.split('\n\n')
  const rest = blocks.pop() ?? ''
  for (const block of blocks) {
    const fields: Record<string, string> = {}
    let comment = false
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comment = true
      const at = line.indexOf(':')
      if (at <= 0) continue
      const name = line.slice(0, at)
      const value = line.slice(at + 1).replace(/^ /, '')
      fields[name] =
        name === 'data' && fields.data !== undefined ? `${fields.data}\n${value}` : value
    }
    if (fields.data !== undefined) {
      let data: unknown = fields.data
      try {
        data = JSON.parse(fields.data)
      } catch {
        // not JSON: kept as text
      }
      onEvent({ id: fields.id ?? '', event: fields.event ?? 'message', data })
    } else if (comment) onComment()
  }
  return rest
}

/** Opens `url` as an event stream; `headers` e.g. Last-Event-ID or X-Forwarded-For. */
export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const controller = new AbortController()
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  })
  const events: SseEvent[] = []
  const waiters = new Set<() => void>()
  const wake = () => {
    for (const waiter of waiters) waiter()
  }
  const stream: SseStream = {
    status: response.status,
    headers: response.headers,
    events,
    comments: 0,
    waitFor(match, count = 1, timeoutMs = 5_000) {
      return until(() => {
        const found = events.filter(match)
        return found.length >= count ? found : undefined
      }, timeoutMs)
    },
    async waitForComments(count, timeoutMs = 5_000) {
      await until(() => (stream.comments >= count ? true : undefined), timeoutMs)
    },
    ended: Promise.resolve(),
    close: () => controller.abort(),
  }
  function until<T>(check: () => T | undefined, timeoutMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const waiter = () => {
        const value = check()
        if (value === undefined) return
        waiters.delete(waiter)
        clearTimeout(timer)
        resolve(value)
      }
      const timer = setTimeout(() => {
        waiters.delete(waiter)
        reject(new Error(`SSE: still waiting after ${timeoutMs} ms; got ${JSON.stringify(events)}`))
      }, timeoutMs)
      waiters.add(waiter)
      waiter()
    })
  }
  stream.ended = (async () => {
    if (!response.body) return
    const decoder = new TextDecoder()
    let buffer = ''
    const reader = response.body.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        buffer = parseSse(
          buffer,
          (event) => events.push(event),
          () => {
            stream.comments++
          },
        )
        wake()
      }
    } catch {
      // aborted by close(), or the server dropped it
    }
  })()
  return stream
}
