import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { addEvent } from '../../src/core/schedule/events'
import { openDatabase } from '../../src/server/adapters/db/database'
import { launchBrowser } from '../support/chromium'
import { createPostgresDatabase, type PostgresDatabase } from '../support/databases'
import { clearRegularShowsNear } from '../support/schedule'
import { type RunningServer, startServer } from '../support/server'

// Nothing on the fans' pages moves once they have painted (docs/decisions/020-first-paint-then-scripts.md): what the scripts add (the
// visitor's own time, the live banner's numbers, the calendar link, the restored cart) has its
// place in the first paint. Chromium reports every layout shift; from the first paint until the
// page is idle, with its scripts run, they must add up to 0.
//
// A browser may paint HTML it has parsed only in part (a busy CPU, a slow network): the header's
// brand without its name yet, then moved by the rest. The pre-rendered pages show nothing until
// the marker after their content is parsed (global.css, #page-end), so the first paint is the
// whole page; the last test here delivers the HTML in two parts to hold them to it.

/** A phone the size of Lighthouse's mobile run, and a desktop. */
const phone = { name: 'a phone', width: 412, height: 823 }
const viewports = [phone, { name: 'a desktop', width: 1350, height: 940 }]

let server: RunningServer
let liveServer: RunningServer
let databases: PostgresDatabase[] = []
let browser: Browser

/** A database whose schedule has a show that started `minutesAgo` (if given). */
async function database(minutesAgo?: number): Promise<PostgresDatabase> {
  const created = await createPostgresDatabase('e2e', { migrated: true })
  databases.push(created)
  const db = await openDatabase({ databaseUrl: created.url })
  const now = new Date()
  // No show on but the test's own, whatever the hour it runs at.
  await clearRegularShowsNear(db, { now: () => now })
  if (minutesAgo !== undefined) {
    await addEvent(
      db,
      {
        name: 'Late Night Roast',
        description: 'On now.',
        startsAt: new Date(now.getTime() - minutesAgo * 60_000),
      },
      now,
    )
  }
  await db.destroy()
  return created
}

beforeAll(async () => {
  const [plain, live] = await Promise.all([database(), database(30)])
  ;[server, liveServer, browser] = await Promise.all([
    startServer({ DATABASE_URL: plain.url }),
    startServer({ DATABASE_URL: live.url }),
    launchBrowser(),
  ])
})

afterAll(async () => {
  await browser?.close()
  await Promise.all([server?.stop(), liveServer?.stop()])
  await Promise.all(databases.map((created) => created.drop()))
  databases = []
})

interface Shift {
  at: number
  value: number
  /** What moved, from where to where (x, y, width, height). */
  moved: string[]
  /** Whether the page's scripts had been started when it moved. */
  started: boolean
  /** Whether the HTML had been parsed whole when it moved. */
  parsed: boolean
}

/**
 * Opens `url` in a fresh page (Berlin time, so the visitor's own time is shown), waits until
 * `ready` (the page's scripts have run) and the network and main thread are quiet, and returns
 * every layout shift Chromium saw from the start.
 */
async function shiftsOf(
  url: string,
  viewport: { width: number; height: number },
  ready: (page: Page) => Promise<unknown>,
): Promise<Shift[]> {
  const context = await browser.newContext({ viewport, timezoneId: 'Europe/Berlin' })
  try {
    const page = await context.newPage()
    await page.addInitScript(() => {
      // When the document was parsed whole (0 while it is still being parsed).
      const parsedAt = () => {
        const [navigation] = performance.getEntriesByType('navigation')
        const at = (navigation as PerformanceNavigationTiming | undefined)?.domInteractive ?? 0
        return at > 0 ? at : Number.POSITIVE_INFINITY
      }
      const seen: unknown[] = []
      Object.assign(window, { layoutShifts: seen })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number
          sources?: {
            node?: Node | null
            previousRect: DOMRectReadOnly
            currentRect: DOMRectReadOnly
          }[]
        })[]) {
          const box = (rect: DOMRectReadOnly) =>
            [rect.x, rect.y, rect.width, rect.height].map(Math.round).join(',')
          seen.push({
            at: Math.round(entry.startTime),
            value: entry.value,
            moved: (entry.sources ?? []).map((source) => {
              const node = source.node
              const name =
                node instanceof Element
                  ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`
                  : String(node?.nodeName)
              return `${name} ${box(source.previousRect)} -> ${box(source.currentRect)}`
            }),
            started: document.querySelectorAll('head script[type="module"]').length > 0,
            parsed: entry.startTime >= parsedAt(),
          })
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(url, { waitUntil: 'load' })
    await ready(page)
    await page.waitForLoadState('networkidle')
    // Two frames and a pause: whatever the last answers changed is laid out and reported.
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 500))),
        ),
    )
    return await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts)
  } finally {
    await context.close()
  }
}

/**
 * The landing page has run its scripts once React owns the hero (the parts below the fold wait
 * for the fan to come near, and this test does not scroll).
 */
const landingReady = (page: Page) =>
  page.waitForFunction(() => {
    const hero = document.querySelector('.hero')
    return hero !== null && Object.keys(hero).some((key) => key.startsWith('__reactFiber'))
  })

for (const viewport of viewports) {
  test(`nothing on / moves between the first paint and idle, on ${viewport.name}`, async () => {
    const shifts = await shiftsOf(`${server.url}/`, viewport, async (page) => {
      await landingReady(page)
      // The visitor's own time is in: the scripts have done what moved the page before.
      await expect
        .poll(() => page.locator('.hero-next .local-time').textContent())
        .toMatch(/your time/)
    })
    expect(shifts, JSON.stringify(shifts)).toEqual([])
  })

  test(`nothing on / moves while a show is on, on ${viewport.name}`, async () => {
    const shifts = await shiftsOf(`${liveServer.url}/`, viewport, async (page) => {
      await landingReady(page)
      // The banner is in the first paint; the feed's total replaces its placeholder.
      await expect.poll(() => page.locator('.live-now-total strong').textContent()).toBe('0')
    })
    expect(shifts, JSON.stringify(shifts)).toEqual([])
  })

  test(`nothing on / moves as the fan scrolls down and the parts below hydrate, on ${viewport.name}`, async () => {
    const shifts = await shiftsOf(`${server.url}/`, viewport, async (page) => {
      await landingReady(page)
      // Half a screen at a time, as a fan reads: each part hydrates as it comes near.
      for (let step = 0; step < 40; step++) {
        const more = await page.evaluate(() => {
          window.scrollBy(0, window.innerHeight / 2)
          return window.scrollY + window.innerHeight < document.documentElement.scrollHeight
        })
        await page.waitForTimeout(100)
        if (!more) break
      }
      await page.locator('.next-show [role="timer"], .next-show-live').first().waitFor()
    })
    expect(shifts, JSON.stringify(shifts)).toEqual([])
  })

  test(`nothing on /store moves between the first paint and idle, on ${viewport.name}`, async () => {
    const shifts = await shiftsOf(`${server.url}/store`, viewport, (page) =>
      // The saved cart is read once the page runs: the products can be added.
      page.locator('.store-product button:not([disabled])').first().waitFor(),
    )
    expect(shifts, JSON.stringify(shifts)).toEqual([])
  })
}

/**
 * A relay in front of the server that sends the HTML of `/` in two parts, the second `pauseMs`
 * after the first, cut inside the header, as a slow network or a busy server would; everything
 * else passes as it is.
 */
async function slowHtmlRelay(target: string, pauseMs: number): Promise<http.Server> {
  const relay = http.createServer(async (request, response) => {
    const answer = await fetch(`${target}${request.url}`, {
      headers: { 'accept-encoding': 'identity' },
    })
    const headers = Object.fromEntries(
      ['content-type', 'content-security-policy', 'cache-control']
        .map((name) => [name, answer.headers.get(name)])
        .filter((pair): pair is [string, string] => pair[1] !== null),
    )
    response.writeHead(answer.status, headers)
    const body = Buffer.from(await answer.arrayBuffer())
    if (request.url !== '/') return response.end(body)
    const cut = body.indexOf('</a>', body.indexOf('<header'))
    expect(cut).toBeGreaterThan(0)
    response.write(body.subarray(0, cut))
    setTimeout(() => response.end(body.subarray(cut)), pauseMs)
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  return relay
}

test('a landing page whose HTML arrives in two parts paints once, whole: nothing moves', async () => {
  const relay = await slowHtmlRelay(server.url, 400)
  try {
    const { port } = relay.address() as AddressInfo
    const shifts = await shiftsOf(`http://127.0.0.1:${port}/`, phone, landingReady)
    expect(shifts, JSON.stringify(shifts)).toEqual([])
  } finally {
    relay.closeAllConnections()
    await new Promise((resolve) => relay.close(resolve))
  }
})
