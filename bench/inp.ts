/**
 * `npx tsx bench/inp.ts` (part of `npm run bench`): how long each fan action takes from the tap
 * to the next paint (Interaction to Next Paint) on a phone-sized page with the CPU slowed 4×, as
 * Chrome's Event Timing measures it: every `event` entry of an interaction (pointerdown, pointerup,
 * click...), durationThreshold 16 ms, the longest entry per interactionId. An interaction whose
 * every entry was under 16 ms is reported as "< 16".
 *
 * The actions: on /store add to cart, quantity +, remove and checkout; the landing page's carousel
 * "next"; "Remind me" on a show's page and the /remind form's submit. Each run opens the page
 * afresh in a new context (an empty cart). The page under the tap is the one measured: the
 * checkout's request is held until the interaction is measured, and the default action of a link
 * or form that would load another page ("Remind me", the /remind form) is cancelled after the
 * page's own handlers ran (loading the next page is a page load, Lighthouse's to measure).
 *
 * Expects a build (dist/client), as bench/lighthouse.ts does. `INP_RUNS` (default 3).
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import { launchBrowser } from '#test/chromium'
import { startServer } from '#test/server'
import { showPath } from '../src/shared/schedule'

const runs = Number(process.env.INP_RUNS ?? 3)
const cpuSlowdown = 4
/** The bar: every fan action within 100 ms. */
const budgetMs = 100
/** A phone: Lighthouse's mobile screen size and density. */
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 }

interface Timing {
  id: number
  name: string
  duration: number
  delay: number
  processing: number
  presentation: number
}

declare global {
  interface Window {
    __eventTimings?: Timing[]
  }
}

/** Collects every event entry that belongs to an interaction, from the page's first script on. */
function observeEventTiming() {
  window.__eventTimings = []
  new PerformanceObserver((list) => {
    // interactionId: Chrome's, not yet in TypeScript's DOM types.
    for (const entry of list.getEntries() as (PerformanceEventTiming & {
      interactionId?: number
    })[]) {
      if (!entry.interactionId) continue
      window.__eventTimings?.push({
        id: entry.interactionId,
        name: entry.name,
        duration: entry.duration,
        delay: entry.processingStart - entry.startTime,
        processing: entry.processingEnd - entry.processingStart,
        presentation: entry.startTime + entry.duration - entry.processingEnd,
      })
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit)
}

/** The interaction's duration (the longest entry of its interactionId) and where it went. */
interface Measured {
  duration: number
  worst?: Timing
}

const settle = (page: Page, ms: number) => page.waitForTimeout(ms)

/** Taps `selector` and measures the interaction it starts: the longest of its entries. */
async function tapAndMeasure(
  page: Page,
  selector: string,
  { stay = false } = {},
): Promise<Measured> {
  if (process.env.INP_DEBUG) console.log(`  ${page.url()} ${selector}`)
  const target = page.locator(selector).first()
  await target.scrollIntoViewIfNeeded()
  await settle(page, 300)
  await page.evaluate((stayOnPage) => {
    window.__eventTimings = []
    // A link or a form that would load another page: its default action is cancelled after
    // every handler of the page has run (a listener on the window, the last to hear it).
    if (!stayOnPage) return
    for (const type of ['click', 'submit']) {
      window.addEventListener(type, (event) => event.preventDefault(), { once: true })
    }
  }, stay)
  await target.tap()
  // Entries arrive after the paint that ends them; a frame or two later at 4× slower.
  await settle(page, 600)
  const timings = await page.evaluate(() => window.__eventTimings ?? [])
  const byInteraction = new Map<number, Timing>()
  for (const timing of timings) {
    const kept = byInteraction.get(timing.id)
    if (!kept || timing.duration > kept.duration) byInteraction.set(timing.id, timing)
  }
  const worst = [...byInteraction.values()].sort((a, b) => b.duration - a.duration)[0]
  return worst ? { duration: worst.duration, worst } : { duration: 0 }
}

/** A new phone-sized page, CPU slowed, Event Timing observed; `hold` requests kept waiting. */
async function openPhone(
  browser: Browser,
  hold: string[] = [],
): Promise<{ context: BrowserContext; page: Page; release: () => Promise<void> }> {
  const context = await browser.newContext({ ...phone, isMobile: true, hasTouch: true })
  await context.addInitScript(observeEventTiming)
  const held: Route[] = []
  for (const pattern of hold) await context.route(pattern, (route) => void held.push(route))
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
  const release = async () => {
    for (const route of held) await route.abort().catch(() => {})
    await context.close().catch(() => {})
  }
  return { context, page, release }
}

type Action = { name: string; run: (browser: Browser) => Promise<Measured[]> }

/** One visit of /store: add to cart, quantity +, remove, then add again and check out. */
async function storeVisit(base: string, browser: Browser): Promise<Measured[]> {
  const { page, release } = await openPhone(browser, ['**/api/create-checkout-session'])
  try {
    await page.goto(`${base}/store`, { waitUntil: 'load' })
    const add = '.store-product-add:not([disabled])'
    await page.waitForSelector(add)
    await settle(page, 1000)
    const added = await tapAndMeasure(page, add)
    const more = await tapAndMeasure(page, 'button[aria-label^="Increase quantity of"]')
    const removed = await tapAndMeasure(page, 'button[aria-label^="Remove "]')
    await page.locator(add).first().tap()
    await settle(page, 300)
    const checkout = await tapAndMeasure(page, '.store-checkout-button')
    return [added, more, removed, checkout]
  } finally {
    await release()
  }
}

async function carouselNext(base: string, browser: Browser): Promise<Measured> {
  const { page, release } = await openPhone(browser)
  try {
    await page.goto(`${base}/`, { waitUntil: 'load' })
    // Near the viewport, the carousel hydrates (components/deferred.tsx): as a fan scrolls to it.
    await page.locator('.carousel-next').first().scrollIntoViewIfNeeded()
    await settle(page, 1500)
    return await tapAndMeasure(page, '.carousel-next')
  } finally {
    await release()
  }
}

async function remindOnShowPage(base: string, showId: string, browser: Browser) {
  const { page, release } = await openPhone(browser)
  try {
    await page.goto(`${base}${showPath(showId)}`, { waitUntil: 'load' })
    await settle(page, 1000)
    return await tapAndMeasure(page, 'a[href^="/remind"]', { stay: true })
  } finally {
    await release()
  }
}

async function remindFormSubmit(base: string, showId: string, browser: Browser) {
  const { page, release } = await openPhone(browser)
  try {
    await page.goto(`${base}/remind?show=${encodeURIComponent(showId)}`, {
      waitUntil: 'load',
    })
    await page.fill('input[name="email"]', 'fan@example.com')
    return await tapAndMeasure(page, 'form button[type="submit"]', { stay: true })
  } finally {
    await release()
  }
}

function summary(name: string, measured: Measured[]): string[] {
  const durations = measured.map((m) => m.duration).sort((a, b) => a - b)
  const median = durations[Math.floor(durations.length / 2)] ?? 0
  const worst = durations[durations.length - 1] ?? 0
  const shown = (ms: number) => (ms === 0 ? '< 16' : String(Math.round(ms)))
  const worstRun = measured.find((m) => m.duration === worst)?.worst
  const where = worstRun
    ? `worst: ${worstRun.name}, input delay ${Math.round(worstRun.delay)}, handlers ${Math.round(worstRun.processing)}, to paint ${Math.round(worstRun.presentation)} ms`
    : ''
  return [
    name,
    durations.map(shown).join(', '),
    `${shown(median)} ms`,
    `${shown(worst)} ms`,
    worst <= budgetMs ? 'PASS' : 'MISS',
    where,
  ]
}

async function main() {
  const server = await startServer({ LOG_LEVEL: 'error' })
  const browser = await launchBrowser()
  try {
    const shows = (await (await fetch(`${server.url}/api/schedule`)).json()) as { id: string }[]
    const showId = shows[0]?.id
    if (!showId) throw new Error('bench:inp: the schedule has no show')
    const store: Measured[][] = [[], [], [], []]
    const actions: Action[] = [
      { name: '/ carousel next', run: async (b) => [await carouselNext(server.url, b)] },
      {
        name: '/shows/<id> "Remind me"',
        run: async (b) => [await remindOnShowPage(server.url, showId, b)],
      },
      { name: '/remind submit', run: async (b) => [await remindFormSubmit(server.url, showId, b)] },
    ]
    const others: Measured[][] = actions.map(() => [])
    for (let run = 0; run < runs; run++) {
      process.stdout.write('.')
      const visit = await storeVisit(server.url, browser)
      for (const [index, measured] of visit.entries()) store[index]?.push(measured)
      for (const [index, action] of actions.entries()) {
        others[index]?.push(...(await action.run(browser)))
      }
    }
    const rows = [
      ...['/store add to cart', '/store quantity +', '/store remove', '/store checkout'].map(
        (name, index) => summary(name, store[index] ?? []),
      ),
      ...actions.map((action, index) => summary(action.name, others[index] ?? [])),
    ]
    const header = ['action', 'runs (ms)', 'median', 'worst', `<= ${budgetMs} ms`, '']
    console.log(
      `\nbench:inp: Event Timing, ${phone.viewport.width}x${phone.viewport.height}, CPU ${cpuSlowdown}x slower, ${runs} runs\n`,
    )
    console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`)
    for (const row of rows) console.log(`| ${row.join(' | ')} |`)
    if (rows.some((row) => row[4] === 'MISS')) process.exitCode = 1
  } finally {
    await browser.close()
    await server.stop()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
