import fs from 'node:fs'
import net from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { readManifest, siteEntry, walkImports } from '../../scripts/page-scripts'
import { systemClock } from '../../src/core/clock'
import { runOperatorAction } from '../../src/core/operator/run-action'
import { addEvent } from '../../src/core/schedule/events'
import { readStageKey } from '../../src/core/stage-stream/stage-key'
import { openDatabase } from '../../src/server/adapters/db/database'
import { catalogue, type ProductId } from '../../src/shared/catalogue'
import { CheckoutResponseSchema, SessionResponseSchema } from '../../src/shared/checkout'
import { onStageWords } from '../../src/shared/comics'
import { giftSentence } from '../../src/shared/gift-sentence'
import { goalTexts } from '../../src/shared/goal'
import { toDollars } from '../../src/shared/money'
import { overlayHtmlFile, overlayTexts } from '../../src/shared/overlay'
import { distPaths } from '../../src/shared/page-rendering'
import { stageApi } from '../../src/shared/stage'
import { supportersTexts } from '../../src/shared/supporters'
import { axeOn, axeViolations } from '../support/axe'
import { launchBrowser } from '../support/chromium'
import { createPostgresDatabase, type PostgresDatabase } from '../support/databases'
import { KioskSimulator } from '../support/kiosk-simulator'
import { clearRegularShowsNear } from '../support/schedule'
import { type RunningServer, startServer } from '../support/server'

/*
 * The stream overlay in OBS's place: a Chromium tab at /overlay (1920×1080, each alert one
 * second), while fans redeem codes at the kiosk during a live show. The page reaches the server
 * through a relay, so the server can restart behind the same address as it does in production.
 */
const show = { name: 'Overlay Roast', description: 'Live right now.' }
const env = (database: PostgresDatabase) => ({
  DATABASE_URL: database.url,
  LOCAL_PAYMENT_DELAY_MS: '0',
})
const fanEmail = 'overlay-fan@example.com'

let database: PostgresDatabase
let server: RunningServer
let browser: Browser
let relay: Relay
let page: Page
/** What the page logged as errors, and the answers to its chimes' downloads. */
const pageErrors: string[] = []
const sounds: number[] = []
/** Codes bought, by product. */
const codes = new Map<ProductId, string>()
/** The stage key, in the overlay's URL as the host pastes it into OBS; and the streams opened. */
let stageKey = ''
const streams: string[] = []

/** A TCP relay whose target can move: the page's address stays while the server behind changes. */
interface Relay {
  url: string
  target: number
  close(): Promise<void>
}

async function startRelay(target: number): Promise<Relay> {
  const sockets = new Set<net.Socket>()
  const relayServer = net.createServer((client) => {
    const upstream = net.connect(state.target, '127.0.0.1')
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => socket.destroy())
    }
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => relayServer.listen(0, '127.0.0.1', resolve))
  const { port } = relayServer.address() as net.AddressInfo
  const state: Relay = {
    url: `http://127.0.0.1:${port}`,
    target,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => relayServer.close(resolve))
    },
  }
  return state
}

/** Buys one of each product through the API and the test checkout (with a name on stage). */
async function buy(products: ProductId[], stageName?: string): Promise<void> {
  const items = products.map((id) => {
    const product = catalogue.find((p) => p.id === id)
    if (!product) throw new Error(`no product ${id}`)
    return { id, name: product.name, price: toDollars(product.priceCents), quantity: 1 }
  })
  const created = await fetch(`${server.url}/api/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items, email: fanEmail, ...(stageName ? { stageName } : {}) }),
  })
  const { id } = CheckoutResponseSchema.parse(await created.json())
  const paid = await fetch(`${server.url}/pay/${id}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
  })
  expect(paid.status).toBe(303)
  for (let attempt = 0; attempt < 50; attempt++) {
    const polled = await fetch(`${server.url}/api/get-session?session_id=${id}`)
    if (polled.status === 200) {
      const session = SessionResponseSchema.parse(await polled.json())
      for (const item of items) {
        const code = session.codes.find((c) => c.description.includes(item.name))
        if (code) codes.set(item.id, code.code)
      }
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the codes never appeared')
}

/** A fan at the world's kiosk, typing the code of `product`. */
async function redeem(product: ProductId): Promise<void> {
  const kiosk = new KioskSimulator({ baseUrl: server.url, playerAddress: '127.0.0.1' })
  const answer = await kiosk.redeem(codes.get(product) ?? 'missing')
  expect(answer.ok && answer.json).toMatchObject({ status: 'redeemed' })
}

/** Every alert the page put on screen and took off, in order, with the page's clock. */
function alertLog(): Promise<
  { change: 'show' | 'hide'; text: string; size: string; at: number }[]
> {
  return page.evaluate(() => (window as unknown as { alertLog: never[] }).alertLog)
}

beforeAll(async () => {
  database = await createPostgresDatabase('e2e', { migrated: true })
  const db = await openDatabase({ databaseUrl: database.url })
  const now = new Date()
  // This is the show on now, whatever the hour: a regular show that is on or near goes.
  await clearRegularShowsNear(db, { now: () => now })
  await addEvent(db, { ...show, startsAt: new Date(now.getTime() - 30 * 60_000) }, now)
  stageKey = await readStageKey(db)
  await db.destroy()
  ;[server, browser] = await Promise.all([startServer(env(database)), launchBrowser()])
  relay = await startRelay(Number(new URL(server.url).port))
  await buy(['ffr-50', 'boosts-5', 'ffr-25', 'boosts-15', 'ffr-10'])
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } })
  page = await context.newPage()
  page.setDefaultTimeout(10_000)
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text())
  })
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === stageApi.events) streams.push(`${url.pathname}${url.search}`)
  })
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/sounds/')) sounds.push(response.status())
  })
  // Watches the alerts' box from the first paint: the test reads what showed, when, in order.
  await page.addInitScript(() => {
    const log: unknown[] = []
    ;(window as unknown as { alertLog: unknown[] }).alertLog = log
    // ...and every gift the stream delivered, in the order it arrived.
    const arrived: unknown[] = []
    ;(window as unknown as { arrived: unknown[] }).arrived = arrived
    const Native = window.EventSource
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init)
        this.addEventListener('state', () => {
          ;(window as unknown as { stateSeen: boolean }).stateSeen = true
        })
        this.addEventListener('gift', (event) => {
          const { data, lastEventId } = event as MessageEvent<string>
          arrived.push({ id: lastEventId, boosts: (JSON.parse(data) as { boosts: number }).boosts })
        })
      }
    }
    document.addEventListener('DOMContentLoaded', () => {
      const box = document.getElementById('overlay-alerts')
      if (!box) return
      new MutationObserver((changes) => {
        for (const change of changes) {
          for (const [kind, nodes] of [
            ['show', change.addedNodes],
            ['hide', change.removedNodes],
          ] as const) {
            for (const node of nodes) {
              const element = node as HTMLElement
              log.push({
                change: kind,
                text: element.textContent,
                size: element.dataset.size,
                at: performance.now(),
              })
            }
          }
        }
      }).observe(box, { childList: true })
    })
  })
  await page.goto(`${relay.url}/overlay?min=1&key=${stageKey}`)
  // The stream opens with the show's state and total: live, but nothing given yet, so the corner
  // says nothing (no "0 boosts tonight").
  await page.waitForFunction(() => (window as unknown as { stateSeen?: boolean }).stateSeen)
  expect(await page.locator('#overlay-total').isHidden()).toBe(true)
})

afterAll(async () => {
  await browser?.close()
  await relay?.close()
  await server?.stop()
  await database?.drop()
})

test('a gift redeemed at the kiosk shows on the overlay within 2 seconds, sized by its boosts', async () => {
  const page1 = page
  const before = Date.now()
  await redeem('ffr-50')
  await page1.locator('.overlay-alert-large').getByText('+25 boosts').waitFor({ timeout: 2000 })
  expect(Date.now() - before).toBeLessThan(2000)
  await expect
    .poll(() => page1.locator('#overlay-total').textContent())
    .toBe(overlayTexts.total(25))
  const background = await page1.evaluate(() => [
    getComputedStyle(document.documentElement).backgroundColor,
    getComputedStyle(document.body).backgroundColor,
    document.documentElement.scrollHeight <= innerHeight,
  ])
  expect(background).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)', true])
  expect(await page1.title()).toBe(overlayTexts.title)
  // Its four chimes (three sizes and the goal's) load under the site's policy, and nothing went wrong on the way.
  // (Media is fetched by ranges: 206.)
  expect(sounds).toHaveLength(4)
  expect(sounds.every((status) => status === 200 || status === 206)).toBe(true)
  expect(pageErrors).toEqual([])
  fs.mkdirSync('test-results', { recursive: true })
  await page1.screenshot({ path: 'test-results/overlay-large-alert.png', omitBackground: true })
})

test('two gifts redeemed together show one after the other, in order, each for the minimum time', async () => {
  await page.locator('.overlay-alert').waitFor({ state: 'detached' })
  const start = (await alertLog()).length
  await redeem('boosts-5')
  await redeem('ffr-25')
  await expect.poll(async () => (await alertLog()).length - start, { timeout: 8000 }).toBe(4)
  const log = (await alertLog()).slice(start)
  const arrived = await page.evaluate(
    () => (window as unknown as { arrived: { boosts: number }[] }).arrived,
  )
  expect(
    arrived.slice(-2).map((gift) => gift.boosts),
    'the stream, in redemption order',
  ).toEqual([5, 10])
  expect(
    log.map((entry) => `${entry.change} ${entry.size}`),
    'the overlay, in arrival order',
  ).toEqual(['show small', 'hide small', 'show medium', 'hide medium'])
  const [showSmall, hideSmall, showMedium] = log.map((entry) => entry.at)
  expect((hideSmall ?? 0) - (showSmall ?? 0)).toBeGreaterThanOrEqual(990)
  // The gap between two alerts.
  expect((showMedium ?? 0) - (hideSmall ?? 0)).toBeGreaterThanOrEqual(500)
})

test('after a server restart the overlay resumes: a gift made while it was away shows once, and no alert repeats', async () => {
  const shows = async () => (await alertLog()).filter((entry) => entry.change === 'show')
  const start = (await shows()).length
  await server.stop()
  server = await startServer(env(database))
  // A fan redeems while the overlay is still cut off from the new server.
  await redeem('boosts-15')
  relay.target = Number(new URL(server.url).port)
  await page.locator('.overlay-alert-medium').getByText('+15 boosts').waitFor({ timeout: 8000 })
  await redeem('ffr-10')
  await page.locator('.overlay-alert-small').getByText('+5 boosts').waitFor({ timeout: 8000 })
  await page.locator('.overlay-alert').waitFor({ state: 'detached' })
  const shown = await shows()
  expect(shown.slice(start).map((entry) => entry.size)).toEqual(['medium', 'small'])
  // Every alert of the night once: 25, 5, 10, 15 and 5 boosts.
  expect(shown.map((entry) => entry.text.match(/\+(\d+) boosts/)?.[1])).toEqual([
    '25',
    '5',
    '10',
    '15',
    '5',
  ])
  await expect.poll(() => page.locator('#overlay-total').textContent()).toBe(overlayTexts.total(60))
})

test('the overlay reads the stream with its stage key, reconnections too, and the key is not logged', () => {
  // The first stream, and the reconnections after the restart above.
  expect(streams.length).toBeGreaterThan(1)
  for (const stream of streams) expect(stream).toContain(`?key=${stageKey}`)
  expect(server.output()).not.toContain(stageKey)
})

test('the overlay never shows a code or an email', async () => {
  const html = await page.content()
  const text = (await alertLog()).map((entry) => entry.text).join('\n')
  for (const code of codes.values()) {
    for (const shape of [code, code.replace('-', '')]) {
      expect(html).not.toContain(shape)
      expect(text).not.toContain(shape)
    }
  }
  expect(`${html}\n${text}`).not.toContain('@')
  expect(text).not.toContain(fanEmail)
})

test('the board in the world changes after a gift: the picture Chromium loads, decoded and compared', async () => {
  const boardPage = await browser.newPage()
  try {
    const load = async (reload: boolean) => {
      const response = reload
        ? await boardPage.reload()
        : await boardPage.goto(`${server.url}${stageApi.board}`)
      expect(response?.status()).toBe(200)
      expect(response?.headers()['content-type']).toBe('image/png')
      const png = PNG.sync.read(await (response as NonNullable<typeof response>).body())
      expect([png.width, png.height]).toEqual([1024, 512])
      return { etag: response?.headers().etag, pixels: png.data }
    }
    const before = await load(false)
    await buy(['ffr-10'])
    await redeem('ffr-10')
    // A world reloads it every 10 s; the picture is new as soon as the feed is.
    let after = await load(true)
    for (let attempt = 0; attempt < 40 && after.etag === before.etag; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      after = await load(true)
    }
    expect(after.etag).not.toBe(before.etag)
    expect(after.pixels.equals(before.pixels)).toBe(false)
  } finally {
    await boardPage.close()
  }
})

test('the lower third says who is on stage as the host changes it; ?lowerThird=off hides it', async () => {
  // The host's action from another process: the server hears it through the database.
  const db = await openDatabase({ databaseUrl: database.url })
  const offPage = await browser.newPage()
  try {
    const host = { who: 'host', via: 'cli' } as const
    const deps = { db, clock: systemClock }
    await runOperatorAction(deps, host, 'comics.add', { name: 'Sam Stone' })
    await runOperatorAction(deps, host, 'stage.on', { comic: 'sam-stone' })
    const lowerThird = page.locator('#overlay-onstage')
    await lowerThird.getByText(onStageWords.line('Sam Stone')).waitFor()
    const box = await lowerThird.boundingBox()
    expect(box && box.y + box.height).toBeLessThanOrEqual(1080)

    // The same show on a source whose URL turns the lower third off: the stream has told it
    // (its first events say who is on, then the total shows), and nothing shows.
    await offPage.goto(`${server.url}/overlay?lowerThird=off`)
    await offPage.locator('#overlay-total').waitFor()
    expect(await offPage.locator('#overlay-onstage').isHidden()).toBe(true)

    await runOperatorAction(deps, host, 'stage.off', {})
    await lowerThird.waitFor({ state: 'hidden' })
  } finally {
    await offPage.close()
    await db.destroy()
  }
})

/** How an alert sits on the page: its box, each line's, and any word cut or line overflowing. */
interface AlertLayout {
  viewport: { width: number; height: number }
  /** The stage's scale, as the overlay set it for the window. */
  scale: string
  alert: { left: number; top: number; right: number; bottom: number }
  /** Words that wrapped inside themselves (more than one line box) or left the alert's box. */
  brokenWords: string[]
  /** Lines whose text is wider than the line (cut off at its side). */
  overflowing: string[]
  /** Each fitted line's share of its full size. */
  fits: number[]
  /** Each fitted line's size, in the stage's pixels (before OBS scales it). */
  fontSizes: number[]
}

function alertLayout(target: Page): Promise<AlertLayout> {
  return target.evaluate(() => {
    const alert = document.querySelector<HTMLElement>('.overlay-alert')
    if (!alert) throw new Error('no alert on screen')
    const box = alert.getBoundingClientRect()
    const brokenWords: string[] = []
    const overflowing: string[] = []
    const fontSizes: number[] = []
    for (const line of alert.querySelectorAll<HTMLElement>('p')) {
      if (line.scrollWidth > line.clientWidth) overflowing.push(line.className)
      if (line.classList.contains('overlay-fit')) {
        fontSizes.push(Number.parseFloat(getComputedStyle(line).fontSize))
      }
      const text = line.firstChild
      if (!text || text.nodeType !== Node.TEXT_NODE) continue
      const words = (text.textContent ?? '').matchAll(/\S+/g)
      for (const word of words) {
        const range = document.createRange()
        range.setStart(text, word.index)
        range.setEnd(text, word.index + word[0].length)
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0)
        const outside = rects.some(
          (rect) =>
            rect.left < box.left - 0.5 ||
            rect.right > box.right + 0.5 ||
            rect.top < box.top - 0.5 ||
            rect.bottom > box.bottom + 0.5,
        )
        if (rects.length !== 1 || outside) brokenWords.push(word[0])
      }
    }
    return {
      viewport: { width: innerWidth, height: innerHeight },
      scale: document.getElementById('overlay-stage')?.style.transform ?? '',
      alert: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
      brokenWords,
      overflowing,
      fits: [...alert.querySelectorAll<HTMLElement>('.overlay-fit')].map((line) =>
        Number(line.style.getPropertyValue('--fit') || '1'),
      ),
      fontSizes,
    }
  })
}

test("the alert's words fit its box at 1280×720 and 1920×1080: the longest name, comic and message shrink and wrap between words, never cut", async () => {
  const db = await openDatabase({ databaseUrl: database.url })
  const fitPage = await browser.newPage({ viewport: { width: 1920, height: 1080 } })
  try {
    const host = { who: 'host', via: 'cli' } as const
    const deps = { db, clock: systemClock }
    // The longest stage name a comic may have (60 characters; a gift carries 32 of it).
    const comicName = 'Maximiliana Featherstonehaugh-Cholmondeley Worthington III'
    expect(comicName.length).toBeLessThanOrEqual(60)
    const added = await runOperatorAction(deps, host, 'comics.add', { name: comicName })
    await runOperatorAction(deps, host, 'stage.on', { comic: added.comic.id })
    await fitPage.goto(`${server.url}/overlay?min=60&sound=off&key=${stageKey}`)
    await fitPage.locator('#overlay-onstage').waitFor()
    await buy(['ffr-50'])
    await redeem('ffr-50')
    const line = fitPage.locator('.overlay-alert-large .overlay-alert-text')
    await line.waitFor()
    // Read aloud as it is: "A fan gave 25 boosts to Maximiliana Featherstonehau…".
    const sentence = (await line.textContent()) ?? ''
    const comic = /^A fan gave 25 boosts to (.+)$/.exec(sentence)?.[1] ?? ''
    expect(comic.length).toBeGreaterThan(20)
    expect(await alertLayout(fitPage)).toMatchObject({
      brokenWords: [],
      overflowing: [],
      fits: [1],
    })

    // The longest a gift's words get: a 24-character name, the comic, and a 140-character message
    // of long words.
    const name = 'Bartholomew Quackenbush'.padEnd(24, 'e')
    // A fan laughing in capitals: one word wider than the box at full size.
    const message = `${'HA'.repeat(36)} Pneumonoultramicroscopicsilicovolcanoconiosis was funnier than this`
    expect([name.length, message.length]).toEqual([24, 140])
    const longest = giftSentence({ name, from: name, boosts: 25, comic, message: '' })
    await fitPage.evaluate(
      ({ longest, quoted }) => {
        const alert = document.querySelector('.overlay-alert')
        const text = alert?.querySelector('.overlay-alert-text')
        if (!alert || !text) throw new Error('no alert')
        text.textContent = longest
        const part = document.createElement('p')
        part.className = 'overlay-alert-message overlay-fit'
        part.textContent = quoted
        text.after(part)
      },
      { longest, quoted: overlayTexts.quoted(message) },
    )
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 1920, height: 1080 },
    ]) {
      // The window's size changes as OBS's source does: the overlay fits its alert again.
      await fitPage.setViewportSize(viewport)
      const scale = Math.min(viewport.width / 1920, viewport.height / 1080)
      await expect
        .poll(async () => Number(/scale\((.+)\)/.exec((await alertLayout(fitPage)).scale)?.[1]))
        .toBeCloseTo(scale, 4)
      const layout = await alertLayout(fitPage)
      expect(layout.brokenWords, `${viewport.width}: words cut or outside the box`).toEqual([])
      expect(layout.overflowing, `${viewport.width}: lines wider than their box`).toEqual([])
      // Inside the picture, clear of the corners' total and lower third (the bottom 15%).
      expect(layout.alert.left).toBeGreaterThanOrEqual(0)
      expect(layout.alert.top).toBeGreaterThanOrEqual(0)
      expect(layout.alert.right).toBeLessThanOrEqual(viewport.width)
      expect(layout.alert.bottom).toBeLessThanOrEqual(viewport.height * 0.85)
      // The laugh needed the message smaller, not the sentence; both stay readable on a stream.
      expect(layout.fits[0]).toBe(1)
      expect(layout.fits[1]).toBeLessThan(1)
      for (const size of layout.fontSizes) expect(size).toBeGreaterThanOrEqual(16)
      fs.mkdirSync('test-results', { recursive: true })
      await fitPage.screenshot({ path: `test-results/overlay-fit-${viewport.width}.png` })
    }
    await runOperatorAction(deps, host, 'stage.off', {})
  } finally {
    await fitPage.close()
    await db.destroy()
  }
})

test("the night's goal: its progress over the total, its alert once when a gift reaches it, and axe finds nothing", async () => {
  const db = await openDatabase({ databaseUrl: database.url })
  try {
    const host = { who: 'host', via: 'cli' } as const
    const deps = { db, clock: systemClock }
    const { totalBoosts } = await runOperatorAction(deps, host, 'goal.show', {})
    await runOperatorAction(deps, host, 'goal.set', {
      boosts: totalBoosts + 5,
      reward: 'the headliner does five minutes of crowd work',
    })
    const goalBox = page.locator('#overlay-goal')
    await goalBox.getByText(goalTexts.short(totalBoosts, { boosts: totalBoosts + 5 })).waitFor()
    expect(await axeViolations(page)).toEqual([])

    const isGoal = (entry: { change: string; text: string }) =>
      entry.change === 'show' && entry.text.startsWith(goalTexts.reachedTitle)
    await buy(['boosts-5', 'ffr-10'])
    await redeem('boosts-5')
    await page.locator('[data-kind="goal"]').waitFor({ timeout: 8000 })
    expect(await axeViolations(page)).toEqual([])
    await goalBox.getByText(goalTexts.reachedTitle).waitFor()
    // Another gift after it: the goal's alert does not come again.
    await redeem('ffr-10')
    await page.locator('.overlay-alert-small').waitFor({ timeout: 8000 })
    await page.locator('.overlay-alert').waitFor({ state: 'detached', timeout: 8000 })
    expect((await alertLog()).filter(isGoal)).toHaveLength(1)
    expect(sounds.length).toBeGreaterThanOrEqual(4)
    fs.mkdirSync('test-results', { recursive: true })
    await page.screenshot({ path: 'test-results/overlay-goal.png', omitBackground: true })
  } finally {
    await db.destroy()
  }
})

test("the night's top supporters show on the overlay only once the host turns them on, and pass axe", async () => {
  const db = await openDatabase({ databaseUrl: database.url })
  try {
    const host = { who: 'host', via: 'cli' } as const
    const deps = { db, clock: systemClock }
    await buy(['boosts-5'], 'Sam Supporter')
    await redeem('boosts-5')
    const panel = page.locator('#overlay-supporters')
    // The gift's alert plays, the list is sent with it, and the overlay keeps it hidden.
    await page.getByText('Sam Supporter gave', { exact: false }).first().waitFor()
    expect(await panel.isHidden()).toBe(true)

    await runOperatorAction(deps, host, 'supporters.overlay', { on: true })
    await panel.getByText(supportersTexts.heading).waitFor()
    await panel.getByText('Sam Supporter').waitFor()
    const box = await panel.boundingBox()
    expect(box && box.y >= 0 && box.x >= 0).toBe(true)
    // axe on the list itself (the overlay's older parts are not landmarks: not this check's), once
    // the alerts earlier tests queued have played.
    await page.locator('.overlay-alert').waitFor({ state: 'detached', timeout: 20_000 })
    const found = await axeOn(page).include('#overlay-supporters').analyze()
    expect(found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target)}`)).toEqual([])

    await runOperatorAction(deps, host, 'supporters.overlay', { on: false })
    await panel.waitFor({ state: 'hidden' })
  } finally {
    await db.destroy()
  }
})

test("the fans' site shares with the overlay only Vite's preload polyfill and the word tables both read; the overlay has no React", () => {
  const manifest = readManifest(distPaths.clientManifest)
  const reach = (entry: string) => {
    const keys = new Set<string>()
    walkImports(manifest, entry, keys, true)
    return keys
  }
  // The brand (site-config.ts), the perks' words (catalogue.ts), "On stage: Sam" (comics.ts), the
  // night's goal (goal.ts), the cleaning of fans' words (fan-words.ts) and the top supporters'
  // words (supporters.ts) are one source for both: plain tables that import nothing, so sharing
  // them drags none of the site's code into the overlay.
  const wordTables = /^_(catalogue|site-config|comics|goal|fan-words|supporters)-/
  const site = reach(siteEntry)
  const overlay = reach(overlayHtmlFile)
  const shared = [...overlay].filter((key) => site.has(key))
  expect(
    shared.filter((key) => !/modulepreload-polyfill/.test(key) && !wordTables.test(key)),
  ).toEqual([])
  for (const key of shared) expect(manifest.get(key)?.imports ?? []).toEqual([])
  // Its entry, the polyfill, the word tables and the stream's contract (src/shared/stage.ts, a
  // chunk of its own since the console's stage buttons import it too): nothing else.
  const others = [...overlay].filter(
    (key) =>
      key !== overlayHtmlFile &&
      !/modulepreload-polyfill|^_stage-/.test(key) &&
      !wordTables.test(key),
  )
  expect(others).toEqual([])
  expect([...overlay].some((key) => /react/i.test(key))).toBe(false)
})
