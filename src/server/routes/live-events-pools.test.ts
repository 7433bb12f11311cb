/**
 * The stage stream's seats (docs/stage.md, "Limits"): one network cannot fill the stream for
 * everyone. When the public pool is full a newcomer from a network under its share gets in by
 * closing the oldest stream of the network holding the most; a newcomer from that network is
 * refused. IPv4 counts by /24, IPv6 by /48. The overlay, with the stage key in its URL, always
 * gets in; a wrong key is one of the public's; a new key ends the old; the key is never logged.
 * Real HTTP listeners (X-Forwarded-For through one trusted proxy), read with fetch.
 */
import net from 'node:net'
import { PassThrough } from 'node:stream'
import fc from 'fast-check'
import { afterEach, describe, expect, test } from 'vitest'
import { openSse, type SseStream } from '#test/sse'
import { type StageApp, stageDatabases, withStageApps } from '#test/stage-app'
import { runOperatorAction } from '../../core/operator/run-action'
import { readStageKey } from '../../core/stage-stream/stage-key'
import { overlayPath } from '../../shared/overlay'
import { stageApi, stageTexts } from '../../shared/stage'

const duringShow = '2026-11-22T22:30:00Z'
/** A pool of 6 public seats, 2 per client, and 2 for the stage. */
const bounds = { perClient: 2, maxReaders: 6, stageReaders: 2, keyCacheMs: 0, heartbeatMs: 50 }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Whether the server ended the stream within `ms` (the tests never close these themselves). */
const endedWithin = (stream: SseStream, ms: number) =>
  Promise.race([stream.ended.then(() => true), sleep(ms).then(() => false)])

describe.each(stageDatabases)('the stage stream’s seats on %s', (kind) => {
  let log = ''
  const logStream = new PassThrough().on('data', (chunk) => {
    log += String(chunk)
  })
  const t = withStageApps(kind, 1, { now: duringShow, stage: bounds, logStream })
  const one = () => t.apps[0] as StageApp
  const opened: SseStream[] = []

  /** A stream from `address`, once its first events have come (it holds its seat by then). */
  async function stream(address: string, query = ''): Promise<SseStream> {
    const reader = await openSse(`${one().url}${stageApi.events}${query}`, {
      'x-forwarded-for': address,
    })
    opened.push(reader)
    expect(reader.status, `${address}${query}`).toBe(200)
    await reader.waitFor((e) => e.event === 'total')
    return reader
  }
  async function refused(address: string, query = '') {
    const response = await fetch(`${one().url}${stageApi.events}${query}`, {
      headers: { 'x-forwarded-for': address },
    })
    return { status: response.status, body: await response.text() }
  }
  /** Fills the public pool from `addresses`, two streams each, oldest first. */
  async function flood(addresses: string[]): Promise<SseStream[]> {
    const streams: SseStream[] = []
    for (const address of addresses) streams.push(await stream(address), await stream(address))
    return streams
  }
  const full = { status: 429, body: JSON.stringify({ message: stageTexts.full }) }

  afterEach(async () => {
    for (const reader of opened.splice(0)) reader.close()
    for (let i = 0; i < 200 && one().app.stage.count() > 0; i++) await sleep(10)
    expect(one().app.stage.count()).toBe(0)
  })

  test("a flood from one /24 fills the pool, yet other networks get in, each closing the flood's oldest stream", async () => {
    const flooded = await flood(['10.30.0.1', '10.30.0.2', '10.30.0.3'])
    expect(one().app.stage.count()).toBe(bounds.maxReaders)
    // More of the flood's network: refused, whichever address of the /24 it comes from.
    expect(await refused('10.30.0.4')).toEqual(full)
    expect(await refused('10.30.0.200')).toEqual(full)

    await stream('10.31.0.1')
    expect(await endedWithin(flooded[0] as SseStream, 2000)).toBe(true)
    await stream('10.32.0.1')
    expect(await endedWithin(flooded[1] as SseStream, 2000)).toBe(true)
    // Three networks: a share is 6 / 3 = 2. The second network's second stream is under it...
    await stream('10.31.0.2')
    expect(await endedWithin(flooded[2] as SseStream, 2000)).toBe(true)
    // ...its third is not, and the flood, at its share now, is refused too.
    expect(await refused('10.31.0.3')).toEqual(full)
    expect(await refused('10.30.0.9')).toEqual(full)
    expect(one().app.stage.count()).toBe(bounds.maxReaders)
    for (const reader of flooded.slice(3)) expect(await endedWithin(reader, 50)).toBe(false)
  })

  test('IPv6 counts by /48: /64s of one /48 are one network, another /48 gets in', async () => {
    const flooded = await flood(['2001:db8:1:a::1', '2001:db8:1:b::1', '2001:db8:1:c::1'])
    expect(await refused('2001:db8:1:d::1')).toEqual(full)
    expect(await refused('2001:db8:1:ffff:1:2:3:4')).toEqual(full)
    await stream('2001:db8:2::1')
    expect(await endedWithin(flooded[0] as SseStream, 2000)).toBe(true)
    expect(await endedWithin(flooded[1] as SseStream, 50)).toBe(false)
  })

  test('the overlay with the stage key always gets in with the pool full; a wrong key is public', async () => {
    const flooded = await flood(['10.40.0.1', '10.40.0.2', '10.40.0.3'])
    const key = await readStageKey(t.db)
    // From the flood's own network, with the key: a seat of the stage's, closing nothing.
    const overlay = await stream('10.40.0.1', `?key=${key}`)
    expect(one().app.stage.count()).toBe(bounds.maxReaders + 1)
    for (const reader of flooded) expect(await endedWithin(reader, 20)).toBe(false)

    // A wrong key is no key: refused as the flood's network, in the public's words.
    expect(await refused('10.40.0.4', '?key=not-the-key')).toEqual(full)
    expect(await refused('10.40.0.4', `?key=${key.slice(0, -1)}`)).toEqual(full)
    // From another network it gets a public seat by the public's rule.
    await stream('10.41.0.1', '?key=not-the-key')
    expect(await endedWithin(flooded[0] as SseStream, 2000)).toBe(true)

    // The stage's pool is never full to its key: the newest gets in, closing its oldest.
    await stream('10.42.0.1', `?key=${key}`)
    await stream('10.42.0.2', `?key=${key}`)
    expect(await endedWithin(overlay, 2000)).toBe(true)
    expect(one().app.stage.count()).toBe(bounds.maxReaders + bounds.stageReaders)
  })

  test('a new key ends the old: its streams are closed, and its URL then counts as public', async () => {
    const deps = { db: t.db, clock: t.clock, console: { publicUrl: one().url, adminEmails: [] } }
    const host = { who: 'host@example.com', via: 'console' } as const
    const before = await runOperatorAction(deps, host, 'stage.key', {})
    expect(before).toEqual({
      key: await readStageKey(t.db),
      overlayUrl: `${one().url}${overlayPath}?key=${before.key}`,
      renewed: false,
    })
    const overlay = await stream('10.50.0.1', `?key=${before.key}`)
    await flood(['10.51.0.1', '10.51.0.2', '10.51.0.3'])

    const after = await runOperatorAction(deps, host, 'stage.key', { renew: true })
    expect(after.renewed).toBe(true)
    expect(after.key).not.toBe(before.key)
    expect(await readStageKey(t.db)).toBe(after.key)
    expect(await endedWithin(overlay, 2000)).toBe(true)
    expect(await refused('10.51.0.4', `?key=${before.key}`)).toEqual(full)
    await stream('10.51.0.4', `?key=${after.key}`)

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'stage.key')
      .execute()
    expect(audit).toHaveLength(1)
    expect(JSON.stringify(audit)).not.toContain(before.key)
    expect(JSON.stringify(audit)).not.toContain(after.key)
  })

  test('the stage key is never in the log nor in the overlay page', async () => {
    const key = await readStageKey(t.db)
    log = ''
    await stream('10.60.0.1', `?key=${key}&lastEventId=x`)
    const page = await fetch(`${one().url}${overlayPath}?min=2&key=${key}`)
    expect(page.status).toBe(200)
    expect(await page.text()).not.toContain(key)
    await stream('10.61.0.1')
    await stream('10.61.0.1')
    expect((await refused('10.61.0.1', `?key=${key}x`)).status).toBe(429)
    await sleep(50)
    // The requests were logged, their query values masked.
    expect(log).toContain(`${stageApi.events}?key=***&lastEventId=***`)
    expect(log).toContain(`${overlayPath}?min=***&key=***`)
    expect(log).not.toContain(key)
  })

  test('a reader gone while its key is read leaves no seat behind', async () => {
    const key = await readStageKey(t.db)
    const port = Number(new URL(one().url).port)
    for (let i = 0; i < 20; i++) {
      const socket = net.connect(port, '127.0.0.1')
      await new Promise((resolve) => socket.once('connect', resolve))
      socket.end(
        `GET ${stageApi.events}?key=${key} HTTP/1.1\r\nhost: x\r\nx-forwarded-for: 10.70.0.${i}\r\n\r\n`,
      )
      socket.destroy()
    }
    // The afterEach finds every seat given back.
  })

  test('hostile keys, ids and addresses: the stream opens or is refused in a sentence, never a 5xx', async () => {
    const key = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom('%', '%00', '%zz', '__proto__', 'A'.repeat(3000), ''),
    )
    await fc.assert(
      fc.asyncProperty(
        key,
        fc.option(fc.string({ maxLength: 60 })),
        fc.oneof(fc.ipV4(), fc.ipV6(), fc.string({ maxLength: 40 })),
        async (value, lastEventId, address) => {
          const query = `?key=${encodeURIComponent(value)}${lastEventId === null ? '' : `&lastEventId=${encodeURIComponent(lastEventId)}&key=2`}`
          const forwarded = address.replace(/[^\x20-\x7e]/g, '')
          const controller = new AbortController()
          const response = await fetch(`${one().url}${stageApi.events}${query}`, {
            headers: { 'x-forwarded-for': forwarded },
            signal: controller.signal,
          })
          expect([200, 429], `${query} from ${forwarded}`).toContain(response.status)
          if (response.status === 429) {
            const { message } = (await response.json()) as { message: string }
            expect([stageTexts.full, stageTexts.tooManyStreams]).toContain(message)
          }
          controller.abort()
        },
      ),
      { numRuns: 60 },
    )
  })
})
