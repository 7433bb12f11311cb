/**
 * The stage's stream (docs/stage.md): a grant at the kiosk reaches readers as `gift` then `total`
 * with the live feed's public fields only; a reader resuming with Last-Event-ID gets exactly the
 * gifts it missed; a reader that cannot keep up is dropped; heartbeats; per-address bounds; the
 * show's state changes. Real HTTP listeners, read with fetch.
 */
import net from 'node:net'
import { describe, expect, test } from 'vitest'
import { buyCodes } from '#test/checkout'
import { insertMembership } from '#test/memberships'
import { openSse, type SseEvent } from '#test/sse'
import { type StageApp, stageDatabases, withStageApps } from '#test/stage-app'
import { formatCode } from '../../shared/code-format'
import { stageApi, stageTexts } from '../../shared/stage'

/** Half an hour into the Sunday show (22 November 2026, 16:00 CST). */
const duringShow = '2026-11-22T22:30:00Z'
const giftFields = [
  'anonymous',
  'at',
  'boosts',
  'comic',
  'from',
  'member',
  'message',
  'name',
  'product',
  'productName',
  'showId',
  'text',
  'totalBoosts',
  'vip',
]

let nextPlayer = 1
const player = () => `10.19.${nextPlayer >> 8}.${nextPlayer++ & 255}`
const isGift = (event: SseEvent) => event.event === 'gift'
/** A field of an event's data (undefined when there is no such event). */
const field = (event: SseEvent | undefined, name: string) =>
  (event?.data as Record<string, unknown> | undefined)?.[name]

describe.each(stageDatabases)('the stage stream on %s', (kind) => {
  const t = withStageApps(kind, 1, {
    now: duringShow,
    stage: { heartbeatMs: 40, maxBufferedBytes: 16 * 1024, perClient: 3 },
  })
  const one = () => t.apps[0] as StageApp
  const stream = (headers: Record<string, string> = {}) =>
    openSse(`${one().url}${stageApi.events}`, { 'x-forwarded-for': player(), ...headers })

  async function redeem(code: string, anonymous = false) {
    // A trailing 0 asks for an anonymous gift.
    const typed = `${formatCode(code)}${anonymous ? '0' : ''}`
    const response = await fetch(`${one().url}/k/${typed}`, {
      headers: { 'x-forwarded-for': player() },
    })
    const answer = (await response.json()) as { status: string }
    expect(answer.status).toBe('redeemed')
  }
  async function codes(count: number, product: 'ffr-25' | 'boosts-5' = 'boosts-5') {
    t.clock.set(duringShow)
    return (await buyCodes(one(), [[product, count]])).map((c) => c.code)
  }

  test('a grant at the kiosk reaches a reader as gift then total, with public fields only', async () => {
    const [code] = await codes(1, 'ffr-25')
    const reader = await stream()
    expect(reader.status).toBe(200)
    expect(reader.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    const [state] = await reader.waitFor((e) => e.event === 'total')
    await reader.waitFor((e) => e.event === 'supporters')
    expect(reader.events.map((e) => e.event)).toEqual(['state', 'onstage', 'total', 'supporters'])
    expect(reader.events[0]?.data).toMatchObject({ state: 'live', show: 'Sunday Stand-Up' })
    const before = Number(field(state, 'totalBoosts'))

    await redeem(code ?? '')
    await reader.waitFor((e) => e.event === 'total', 2)
    const [gift, total] = reader.events.slice(4)
    expect(gift?.event).toBe('gift')
    expect(Object.keys(gift?.data as object).sort()).toEqual(giftFields)
    expect(gift?.data).toMatchObject({
      product: 'ffr-25',
      productName: 'FFR 25',
      boosts: 10,
      from: 'a fan',
      text: "A fan gave 10 boosts to tonight's comics",
      member: false,
      totalBoosts: before + 10,
    })
    expect(total).toEqual({
      id: gift?.id,
      event: 'total',
      data: { showId: field(gift, 'showId'), totalBoosts: before + 10, goal: null },
    })
    expect(JSON.stringify(reader.events)).not.toContain(code)
    expect(JSON.stringify(reader.events)).not.toContain('10.19.')
    reader.close()
  })

  test("a member code's grant reaches a reader as the member's gift, named as they chose", async () => {
    const member = await insertMembership(t.db, {
      tier: 'membership-3',
      display_name: 'Sam',
      email: 'sam.secret@example.com',
    })
    const reader = await stream()
    await reader.waitFor((e) => e.event === 'total')
    t.clock.set(duringShow)
    await redeem(formatCode(member.member_code))
    const [gift] = await reader.waitFor(isGift)
    expect(gift?.data).toMatchObject({
      product: 'membership-3',
      boosts: 20,
      from: 'Sam',
      text: "Sam gave 20 boosts to tonight's comics",
      member: true,
      vip: true,
    })
    expect(JSON.stringify(reader.events)).not.toContain('secret')
    expect(JSON.stringify(reader.events)).not.toContain(member.member_code)
    expect(JSON.stringify(reader.events)).not.toContain(member.id)
    reader.close()
  })

  test('a reader resuming with Last-Event-ID gets exactly the gifts it missed, then live ones', async () => {
    const bought = await codes(6)
    const reader = await stream()
    await reader.waitFor((e) => e.event === 'total')
    for (const code of bought.slice(0, 2)) {
      await redeem(code)
      t.clock.advance(1000)
    }
    const seen = await reader.waitFor(isGift, 2)
    reader.close()
    // Missed while away: two gifts, one of them anonymous, on the same instant.
    await redeem(bought[2] ?? '', true)
    await redeem(bought[3] ?? '')
    t.clock.advance(1000)

    const back = await stream({ 'last-event-id': seen[1]?.id ?? '' })
    await back.waitFor((e) => e.event === 'supporters')
    expect(back.events.map((e) => e.event)).toEqual([
      'state',
      'onstage',
      'gift',
      'gift',
      'total',
      'supporters',
    ])
    const missed = back.events.filter(isGift)
    expect(missed.map((e) => (e.data as { from: string }).from).sort()).toEqual([
      'a fan',
      'an anonymous fan',
    ])
    expect(missed.every((e) => e.id > (seen[1]?.id ?? ''))).toBe(true)
    const totals = missed.map((e) => (e.data as { totalBoosts: number }).totalBoosts)
    expect(totals[1]).toBe((totals[0] ?? 0) + 5)
    expect(field(back.events[4], 'totalBoosts')).toBe(totals[1])

    await redeem(bought[4] ?? '')
    await back.waitFor(isGift, 3)
    // The same ids on another connection, and nothing repeated.
    const again = await stream({ 'last-event-id': seen[1]?.id ?? '' })
    const replayed = await again.waitFor(isGift, 3)
    expect(replayed.map((e) => e.id)).toEqual(back.events.filter(isGift).map((e) => e.id))
    back.close()
    again.close()
  })

  test('a heartbeat comment keeps an idle stream open', async () => {
    const reader = await stream()
    await reader.waitForComments(2)
    reader.close()
  })

  test('a HEAD request is answered at once and holds no stream open', async () => {
    const readers = one().app.stage.count()
    const head = await fetch(`${one().url}${stageApi.events}`, {
      method: 'HEAD',
      signal: AbortSignal.timeout(5_000),
    })
    expect(head.status).toBe(404)
    expect(one().app.stage.count()).toBeLessThanOrEqual(readers)
  })

  test('one address may hold a few streams open; the next is refused', async () => {
    const address = { 'x-forwarded-for': '10.20.0.1' }
    const open = [await stream(address), await stream(address), await stream(address)]
    await Promise.all(open.map((reader) => reader.waitFor((e) => e.event === 'total')))
    const refused = await fetch(`${one().url}${stageApi.events}`, { headers: address })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ message: stageTexts.tooManyStreams })
    for (const reader of open) reader.close()
  })

  test('a reader that stops reading is dropped, not buffered without bound', async () => {
    const socket = net.connect(Number(new URL(one().url).port), '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    // Heard from the start: the server may end the stream before this test reads on.
    const closed = new Promise((resolve) => socket.once('close', resolve))
    socket.write(`GET ${stageApi.events} HTTP/1.1\r\nhost: x\r\nx-forwarded-for: 10.21.0.1\r\n\r\n`)
    await new Promise((resolve) => socket.once('data', resolve))
    socket.pause()
    const readers = () => one().app.stage.count()
    const before = readers()
    expect(before).toBeGreaterThan(0)
    const padding = 'x'.repeat(300)
    // The kernel's socket buffers take megabytes before the server's own fills. On PostgreSQL each
    // message is a NOTIFY's round trip: ten at once, or a busy machine runs out of time first.
    const batch = (i: number) =>
      Array.from({ length: 10 }, (_, m) =>
        one().app.stage.publish(
          Array.from({ length: 15 }, (_, n) => ({
            id: `0000000000000-~pad${i}m${m}n${n}`,
            event: 'control' as const,
            data: { action: 'skip' as const, padding },
          })),
        ),
      )
    for (let i = 0; i < 600 && readers() === before; i++) await Promise.all(batch(i))
    expect(readers()).toBeLessThan(before)
    // The server ended this stream: read on, and it ends.
    socket.resume()
    await closed
    socket.destroy()
  })

  test('the show ending is told as a state event', async () => {
    const reader = await stream()
    await reader.waitFor((e) => e.event === 'total')
    await one().app.stage.checkState()
    // Three hours after its start the Sunday show is over: the next one is upcoming.
    t.clock.set('2026-11-23T01:30:00Z')
    await one().app.stage.checkState()
    const [over] = await reader.waitFor((e) => e.event === 'state' && field(e, 'state') !== 'live')
    expect(field(over, 'state')).toBe('upcoming')
    expect(field(over, 'show')).not.toBe('')
    t.clock.set(duringShow)
    reader.close()
  })
})
