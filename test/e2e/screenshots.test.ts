import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { z } from 'zod'
import { axeOn } from '#test/axe'
import { saveFullPage } from '#test/page-pictures'
import type { ConsoleActionName } from '../../src/shared/console'
import { launchBrowser } from '../support/chromium'
import { consoleActionOverHttp, signInOverHttp } from '../support/console'
import { buyOverHttp } from '../support/http-store'
import { outsideTheirCards, overflowingElements } from '../support/overflow'
import { type RunningServer, startServer } from '../support/server'

/** Where the pictures go for a person to look at (git-ignored). */
const screenshotDir = path.resolve('test-results/screenshots')
const widths = [320, 375, 768, 1280] as const
const host = 'host@club.example'

let server: RunningServer
let browser: Browser
let paidSessionId: string
let redeemedSessionId: string
let refundedSessionId: string

/** Buys one FFR 10 and one 5 Boosts through the test checkout, as a browser's form post would. */
async function buyThroughLocalCheckout(): Promise<string> {
  const created = await fetch(`${server.url}/api/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [
        { id: 'ffr-10', name: 'FFR 10', price: 14.99, quantity: 1 },
        { id: 'boosts-5', name: '5 Boosts', price: 4.99, quantity: 1 },
      ],
      email: 'fan@example.com',
    }),
  })
  expect(created.ok).toBe(true)
  const { id } = z.object({ id: z.string() }).parse(await created.json())
  const paid = await fetch(`${server.url}/pay/${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: '4242424242424242' }).toString(),
    redirect: 'manual',
  })
  expect(paid.status).toBe(303)
  return id
}

beforeAll(async () => {
  // No fulfilment delay: the success page shows its codes at once.
  ;[server, browser] = await Promise.all([
    startServer({ LOCAL_PAYMENT_DELAY_MS: '0', ADMIN_EMAILS: host }),
    launchBrowser(),
  ])
  paidSessionId = await buyThroughLocalCheckout()
  // A second purchase with a code redeemed at the kiosk, a third refunded by the host.
  const redeemed = await buyOverHttp(server.url, [['boosts-5', 2]])
  redeemedSessionId = redeemed.sessionId
  expect((await fetch(`${server.url}/k/${redeemed.codes[0]}`)).ok).toBe(true)
  const refunded = await buyOverHttp(server.url, [['ffr-10', 1]])
  refundedSessionId = refunded.sessionId
  const signedIn = await signInOverHttp(server, host)
  const act = (name: ConsoleActionName, input: unknown) =>
    consoleActionOverHttp(server, signedIn, name, input)
  const { order } = z
    .object({ order: z.object({ id: z.string() }) })
    .parse(await act('codes.show', { code: refunded.codes[0] }))
  await act('orders.refund', { id: order.id })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

interface Screen {
  name: string
  route: () => string
  /** What shows once the page has its browser-only content. */
  ready: string
}

const screens: readonly Screen[] = [
  { name: 'landing', route: () => '/', ready: '.schedule-event' },
  { name: 'store', route: () => '/store', ready: '.store-product' },
  {
    name: 'success',
    route: () => `/success?session_id=${encodeURIComponent(paidSessionId)}`,
    ready: '.code-box',
  },
  {
    name: 'success-redeemed',
    route: () => `/success?session_id=${encodeURIComponent(redeemedSessionId)}`,
    ready: '.success-code-redeemed',
  },
  {
    name: 'success-refunded',
    route: () => `/success?session_id=${encodeURIComponent(refundedSessionId)}`,
    ready: '.success-status .alert',
  },
]

/** A window of `width` px in `timezoneId`; reduced motion: carousels hold still, so every picture shows the same slide. */
async function windowAt(width: number, timezoneId = 'America/Chicago'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    reducedMotion: 'reduce',
    timezoneId,
  })
  context.setDefaultTimeout(15_000)
  return context.newPage()
}

/**
 * Opens `screen` in `page` at the window's width and waits until it is whole. A page may be
 * resized and opened again: the screen is loaded anew at each width, in one renderer.
 */
async function openIn(page: Page, screen: Screen): Promise<Page> {
  await page.goto(`${server.url}${screen.route()}`)
  await page.locator(screen.ready).first().waitFor()
  // Lazy images load only near the viewport: pass over the whole page once, until the pictures
  // the browser fetches have arrived (a lazy one it was never near, a carousel's slide off to the
  // side, it never fetches) and the fonts too: sooner than waiting for half a second of quiet.
  await page.evaluate(() =>
    window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }),
  )
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => {
      if (image.complete) return true
      if (image.loading !== 'lazy') return false
      const box = image.getBoundingClientRect()
      const near = box.bottom > 0 && box.top < window.innerHeight
      return !near || box.right <= 0 || box.left >= window.innerWidth
    }),
  )
  await page.evaluate(() =>
    document.fonts.ready.then(() => window.scrollTo({ top: 0, behavior: 'instant' })),
  )
  return page
}

for (const screen of screens) {
  test(`the ${screen.name} page fits 320, 375, 768 and 1280 px windows (screenshots saved)`, async () => {
    const page = await windowAt(widths[0])
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 })
      await openIn(page, screen)
      await saveFullPage(page, path.join(screenshotDir, `${screen.name}-${width}.png`))
      // Nothing scrolls sideways, at any width.
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true)
      expect(await overflowingElements(page)).toEqual([])
      expect(await outsideTheirCards(page)).toEqual([])
    }
    await page.context().close()
  })
}

// The show times read in the visitor's own zone too: the longest zone names and offsets, at the
// narrowest and widest windows, stay inside their cards.
for (const timezoneId of ['Pacific/Chatham', 'Asia/Kolkata', 'America/St_Johns', 'Europe/London']) {
  test(`the landing page's show entries stay inside their cards in ${timezoneId}`, async () => {
    const page = await windowAt(320, timezoneId)
    for (const width of [320, 1440]) {
      await page.setViewportSize({ width, height: 900 })
      await openIn(page, screens[0] as Screen)
      // The list is hydrated as the fan comes near it (components/deferred.tsx): then the
      // visitor's own time is in every entry.
      await page.locator('.schedule-list').scrollIntoViewIfNeeded()
      await expect
        .poll(() => page.locator('.schedule-event-time .local-time').allTextContents())
        .toEqual(expect.arrayContaining([expect.stringMatching(/your time/)]))
      expect(
        await page.locator('.schedule-event-time .local-time').allTextContents(),
      ).not.toContain('')
      expect(await overflowingElements(page)).toEqual([])
      expect(await outsideTheirCards(page)).toEqual([])
    }
    await page.context().close()
  })
}

test('axe finds no violations on the success page with its codes', async () => {
  const page = await openIn(await windowAt(1280), screens[2] as Screen)
  const results = await axeOn(page).analyze()
  expect(results.violations.map((violation) => violation.id)).toEqual([])
  await page.context().close()
})
