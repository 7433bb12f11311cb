import type { AddressInfo } from 'node:net'
import { PNG } from 'pngjs'
import { describe, expect, test } from 'vitest'
import { buyCodes } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import { seedRegularShows } from '../../core/schedule/events'
import {
  type BoardView,
  boardCacheControl,
  boardSize,
  boardTexts,
  boardView,
} from '../../shared/board'
import { formatCode } from '../../shared/code-format'
import { stageApi } from '../../shared/stage'
import { drawable } from '../adapters/board-nodes'
import type { BoardRenderer } from '../adapters/board-renderer'
import { createBoardImage } from './board-routes'

/** Sunday 22 November 2026, 10:00 CST: the Sunday show starts at 16:00 CST. */
const beforeShow = '2026-11-22T16:00:00Z'
/** Half an hour into it. */
const duringShow = '2026-11-22T22:30:00Z'
const buyer = 'board-fan@example.com'

let nextPlayer = 1
function newPlayer(): string {
  const n = nextPlayer++
  return `10.9.${(n >> 8) & 255}.${n & 255}`
}

function decode(body: Buffer): PNG {
  return PNG.sync.read(body)
}

/** The pixels of the total's corner (left of the gifts, under the show's name), as bytes. */
function totalArea(png: PNG): Buffer {
  const rows: Buffer[] = []
  for (let y = 190; y < 390; y++) {
    rows.push(png.data.subarray((y * png.width + 44) * 4, (y * png.width + 384) * 4))
  }
  return Buffer.concat(rows)
}

describe.each(testDatabases)('the board on $name', (database) => {
  const t = withTestApp(database, { now: beforeShow, trustProxyHops: 1 })

  const board = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: stageApi.board, headers })
  const shownView = async (): Promise<BoardView> =>
    (await t.app.board.picture(await t.app.liveFeed.json())).view

  test('before a show: a 1024×512 PNG of the next show and its time, served like a static file', async () => {
    await seedRegularShows(t.db, t.clock)
    const response = await board()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/png')
    expect(response.headers['cache-control']).toBe(boardCacheControl)
    expect(response.headers.etag).toMatch(/^"[\w-]{22}"$/)
    expect(response.headers.location).toBeUndefined()
    const png = decode(response.rawPayload)
    expect([png.width, png.height]).toEqual([boardSize.width, boardSize.height])
    expect(await shownView()).toMatchObject({
      state: 'upcoming',
      badge: boardTexts.next,
      title: 'Sunday Stand-Up',
      when: 'Sunday 4 PM Central',
      day: 'November 22',
      lineup: '',
    })
  })

  test('If-None-Match with the ETag is answered 304 without the bytes; another ETag gets them', async () => {
    const first = await board()
    const etag = String(first.headers.etag)
    const again = await board({ 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['cache-control']).toBe(boardCacheControl)
    expect((await board({ 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304)
    const other = await board({ 'if-none-match': '"other"' })
    expect(other.statusCode).toBe(200)
    expect(other.rawPayload.equals(first.rawPayload)).toBe(true)
  })

  test('over HTTP, the fast path answers with the bytes and headers of the route, and 304s', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${stageApi.board}`
    const routed = await board()
    // The feed's copy is fresh and its picture drawn: this one is answered before Fastify.
    const fast = await fetch(url)
    const headers = ['content-type', 'cache-control', 'etag', 'cross-origin-resource-policy']
    for (const name of [...headers, 'x-content-type-options', 'content-length']) {
      expect(fast.headers.get(name)).toBe(String(routed.headers[name]))
    }
    expect(Buffer.from(await fast.arrayBuffer()).equals(routed.rawPayload)).toBe(true)
    const etag = String(routed.headers.etag)
    const notModified = await fetch(url, { headers: { 'if-none-match': etag } })
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('etag')).toBe(etag)
    expect(notModified.headers.get('cache-control')).toBe(boardCacheControl)
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(200)
  })

  test('a gift at the kiosk changes the picture: the total, the ETag, and nothing of the code or the email', async () => {
    t.clock.set(duringShow)
    const before = await board()
    expect(await shownView()).toMatchObject({ state: 'live', total: '0', gifts: [] })
    const [code] = await buyCodes(t, [['ffr-25', 1]], buyer)
    const redeemed = await t.app.inject({
      method: 'GET',
      url: `/k/${code?.code}`,
      headers: { 'x-forwarded-for': newPlayer() },
    })
    expect(redeemed.json()).toMatchObject({ status: 'redeemed' })

    const after = await board()
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(totalArea(decode(after.rawPayload)).equals(totalArea(decode(before.rawPayload)))).toBe(
      false,
    )
    const view = await shownView()
    expect(view).toMatchObject({ state: 'live', badge: boardTexts.live, total: '10' })
    expect(view.gifts).toEqual(["A fan gave 10 boosts to tonight's comics"])
    const words = JSON.stringify(view)
    for (const secret of [code?.code ?? '?', formatCode(code?.code ?? '?'), buyer, 'example']) {
      expect(words).not.toContain(secret)
    }
  })

  test('200 clients polling across a gift: the board is drawn once for it, and all get the same', async () => {
    const [code] = await buyCodes(t, [['boosts-5', 1]])
    await t.app.inject({
      method: 'GET',
      url: `/k/${code?.code}`,
      headers: { 'x-forwarded-for': newPlayer() },
    })
    const rendersBefore = t.app.board.renders
    const answers = await Promise.all(Array.from({ length: 200 }, () => board()))
    expect(t.app.board.renders - rendersBefore).toBe(1)
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1)
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true)
    // Unchanged: no drawing at all, however many ask.
    await Promise.all(Array.from({ length: 200 }, () => board()))
    expect(t.app.board.renders - rendersBefore).toBe(1)
  })
})

test('when a drawing fails, the last picture is served, and the next change is drawn again', async () => {
  let fail = false
  const renderer: BoardRenderer = {
    async render(view) {
      if (fail) throw new Error('renderer down')
      return Buffer.from(view.title)
    },
    async renderStage(view) {
      return Buffer.from(view.name)
    },
    async renderShowCard(view) {
      return Buffer.from(view.name)
    },
  }
  const errors: unknown[] = []
  const image = createBoardImage(renderer, (error) => errors.push(error))
  const feed = (show: string) =>
    JSON.stringify({ state: 'ended', showId: '', show, startsAt: '', totalBoosts: 0, gifts: [] })
  const live = (totalBoosts: number) =>
    JSON.stringify({
      state: 'live',
      showId: 's',
      show: 'Sunday Stand-Up',
      startsAt: duringShow,
      totalBoosts,
      gifts: [],
    })
  const first = await image.picture(feed(''))
  expect(first.png.toString()).toBe(boardTexts.noShow)
  fail = true
  expect(await image.picture(live(5))).toBe(first)
  expect(errors).toHaveLength(1)
  fail = false
  expect((await image.picture(live(5))).png.toString()).toBe('Sunday Stand-Up')
  expect(image.renders).toBe(3)
})

test('with no show ahead the board says so; letters the fonts lack are left out, not boxed', () => {
  const none = {
    state: 'ended',
    showId: '',
    show: '',
    startsAt: '',
    totalBoosts: 0,
    gifts: [],
    onStage: null,
    lineup: [],
    goal: null,
  }
  expect(boardView({ ...none, state: 'ended' })).toEqual({
    state: 'ended',
    badge: '',
    title: boardTexts.noShow,
    when: '',
    day: '',
    lineup: '',
    total: '',
    gifts: [],
    onStage: '',
    goal: null,
  })
  expect(drawable('Zoë 🎤 gave 20 boosts')).toBe('Zoë gave 20 boosts')
})
