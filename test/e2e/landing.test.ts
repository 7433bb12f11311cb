import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { addEvent } from '../../src/core/schedule/events'
import { openDatabase } from '../../src/server/adapters/db/database'
import type { ScheduleEvent } from '../../src/shared/schedule'
import { ScheduleAnswerSchema } from '../../src/shared/schedule-answer'
import { regularShowsBetween, zonedParts, zonedTimeToUtc } from '../../src/shared/show-time'
import { regularShowDescription } from '../../src/shared/site-config'
import { texts } from '../../src/shared/texts'
import { launchBrowser } from '../support/chromium'
import { createPostgresDatabase, type PostgresDatabase } from '../support/databases'
import { hydrateDeferredParts } from '../support/deferred-parts'
import { clearRegularShowsNear } from '../support/schedule'
import { type RunningServer, startServer } from '../support/server'

/** The About section's carousel. */
const aboutLabel = 'What we do'

let database: PostgresDatabase
let server: RunningServer
let browser: Browser
/** The regular shows the schedule holds once the one near the test's start is cleared. */
let regularShows = 0

/** An operator event ten days from now at 8:30 PM Central, with a two-line description. */
const roast = {
  name: 'Roast Battle Night',
  firstLine: 'Two comics, one stage, no mercy.',
  secondLine: 'Doors open 30 minutes early; bring a thick skin.',
}
/** An operator event starting soon, before every regular show that has not started yet. */
const earlyMic = {
  name: 'Early Bird Open Mic',
  description: 'Five minutes each, sign up at the bar.',
}

beforeAll(async () => {
  database = await createPostgresDatabase('e2e', { migrated: true })
  // The operator's events go in the way the admin CLI adds them, before the server holds the data.
  const db = await openDatabase({ databaseUrl: database.url })
  const now = new Date()
  // On a show's evening, the regular show on (or about to start) would come before the early mic.
  regularShows = await clearRegularShowsNear(db, { now: () => now })
  const inTenDays = zonedParts(new Date(now.getTime() + 10 * 86_400_000))
  await addEvent(
    db,
    {
      name: roast.name,
      description: `${roast.firstLine}\n${roast.secondLine}`,
      startsAt: zonedTimeToUtc({ ...inTenDays, hour: 20, minute: 30 }),
    },
    now,
  )
  await addEvent(db, { ...earlyMic, startsAt: new Date(now.getTime() + 20 * 60_000) }, now)
  await db.destroy()
  ;[server, browser] = await Promise.all([
    startServer({ DATABASE_URL: database.url }),
    launchBrowser(),
  ])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await database?.drop()
})

/** A fresh context per test: its own clock, time zone and routes. Central time unless told. */
async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'America/Chicago', ...options })
  context.setDefaultTimeout(15_000)
  return context.newPage()
}

/** Intl puts a narrow no-break space before AM/PM; compare text with plain spaces. */
function plain(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * The app has hydrated, its parts below the fold too (they wait for the fan to come near:
 * hydrateDeferredParts scrolls to each), once the next-show section shows a real countdown or
 * "Live now!".
 */
async function waitForHydration(page: Page): Promise<void> {
  // The landing page itself first (moved to from the store, the store stays until it is in).
  await page.locator('.hero').waitFor()
  await hydrateDeferredParts(page)
  await page.locator('.next-show [role="timer"], .next-show-live').first().waitFor()
}

function carousel(page: Page, label: string): Locator {
  return page.locator(`section[aria-roledescription="carousel"][aria-label="${label}"]`)
}

async function currentSlide(page: Page, label: string): Promise<string | null> {
  return carousel(page, label).locator('.carousel-slide.is-current').getAttribute('aria-label')
}

async function slideCount(page: Page, label: string): Promise<number> {
  return carousel(page, label).locator('.carousel-slide').count()
}

/** The slide the carousel shows once React has rendered what the timers did. */
async function expectSlide(page: Page, label: string, number: number): Promise<void> {
  const count = await slideCount(page, label)
  await expect.poll(() => currentSlide(page, label)).toBe(`${number} of ${count}`)
}

/** Checks that a slide stays put: gives React time to render a change that must not happen. */
async function expectSlideStays(page: Page, label: string, number: number): Promise<void> {
  await page.waitForTimeout(150)
  await expectSlide(page, label, number)
}

/** A page at a paused fake clock: timers fire only when the test moves time on. */
async function openLandingAtPausedClock(): Promise<Page> {
  const page = await newPage()
  const start = new Date('2026-11-20T18:00:00Z')
  await page.clock.install({ time: start })
  await page.clock.pauseAt(new Date(start.getTime() + 1000))
  await page.goto(server.url)
  // The page's scripts start two frames after the page has painted and loaded
  // (src/shared/start-script.ts): the paused clock moves a frame at a time until they have.
  await expect
    .poll(async () => {
      await page.clock.runFor(20)
      return page.locator('head script[type="module"]').count()
    })
    .toBe(1)
  await waitForHydration(page)
  return page
}

async function moveMouseAwayAndBlur(page: Page): Promise<void> {
  await page.mouse.move(1, 1)
  await page.evaluate(() => {
    const active = document.activeElement
    if (active instanceof HTMLElement) active.blur()
  })
}

test('the store-item carousel advances every 7 seconds and the About carousel every 8', async () => {
  const page = await openLandingAtPausedClock()
  await expectSlide(page, 'Store items', 1)
  await expectSlide(page, aboutLabel, 1)

  await page.clock.runFor(6900)
  await expectSlideStays(page, 'Store items', 1)
  await page.clock.runFor(200) // 7.1 s
  await expectSlide(page, 'Store items', 2)
  await expectSlide(page, aboutLabel, 1)

  await page.clock.runFor(800) // 7.9 s
  await expectSlideStays(page, aboutLabel, 1)
  await page.clock.runFor(200) // 8.1 s
  await expectSlide(page, aboutLabel, 2)

  await page.clock.runFor(6000) // 14.1 s
  await expectSlide(page, 'Store items', 3)
  await page.clock.runFor(2000) // 16.1 s
  await expectSlide(page, aboutLabel, 3)
  await page.context().close()
})

test('the rotation control stops the store-item carousel and starts it again', async () => {
  const page = await openLandingAtPausedClock()
  const items = carousel(page, 'Store items')
  await items.getByRole('button', { name: 'Stop automatic slide show' }).click()
  // Clicking also hovered and focused the carousel: take both away, so only the control counts.
  await moveMouseAwayAndBlur(page)
  await items.getByRole('button', { name: 'Start automatic slide show' }).waitFor()

  await page.clock.runFor(30_000)
  await expectSlideStays(page, 'Store items', 1)

  await items.getByRole('button', { name: 'Start automatic slide show' }).click()
  await moveMouseAwayAndBlur(page)
  await page.clock.runFor(7100)
  await expectSlide(page, 'Store items', 2)
  await page.context().close()
})

test('hovering or focusing a carousel pauses it until the pointer or focus leaves', async () => {
  const page = await openLandingAtPausedClock()
  const about = carousel(page, aboutLabel)
  await about.locator('.carousel-slides').hover()
  await page.clock.runFor(20_000)
  await expectSlideStays(page, aboutLabel, 1)
  // The other carousel is not hovered and keeps turning.
  await expectSlide(page, 'Store items', 3)

  await page.mouse.move(1, 1)
  await page.clock.runFor(8100)
  await expectSlide(page, aboutLabel, 2)

  await about.getByRole('button', { name: 'Next slide' }).focus()
  await page.clock.runFor(20_000)
  await expectSlideStays(page, aboutLabel, 2)
  await moveMouseAwayAndBlur(page)
  await page.clock.runFor(8100)
  await expectSlide(page, aboutLabel, 3)
  await page.context().close()
})

test('the centre store-item slide is 80% of the carousel below 768 px and 50% from 768 px', async () => {
  for (const [width, share] of [
    [375, 0.8],
    [1024, 0.5],
  ] as const) {
    const page = await newPage({ viewport: { width, height: 900 } })
    await page.goto(server.url)
    await waitForHydration(page)
    const items = carousel(page, 'Store items')
    const track = await items.locator('.carousel-slides').boundingBox()
    const slide = await items.locator('.carousel-slide.is-current').boundingBox()
    if (!track || !slide) throw new Error('carousel not laid out')
    expect(slide.width / track.width).toBeCloseTo(share, 2)
    await page.context().close()
  }
})

/**
 * Opens / as a fan arriving from the store: the browser renders it and fetches the schedule
 * itself (a server-rendered / carries its schedule and asks for none).
 */
async function openLandingFromStore(page: Page): Promise<void> {
  await page.goto(`${server.url}/store`)
  // Hydrated once the store's buttons are enabled (the catalogue's, above the fold, once the
  // saved cart is read).
  await page
    .getByRole('button', { name: /Add to Cart\s*:\s*FFR 10/ })
    .and(page.locator(':enabled'))
    .waitFor()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click()
  await page.waitForURL(`${server.url}/`)
}

async function apiSchedule(): Promise<ScheduleEvent[]> {
  const response = await fetch(`${server.url}/api/schedule`)
  return ScheduleAnswerSchema.parse(await response.json())
}

async function shownEvents(page: Page) {
  const items = page.locator('.schedule-event')
  await items.first().waitFor()
  return items.evaluateAll((elements) =>
    elements.map((element) => ({
      name: element.querySelector('.schedule-event-name')?.textContent ?? '',
      time: element.querySelector('.schedule-event-time')?.textContent ?? '',
      description: element.querySelector('.schedule-event-description')?.textContent ?? '',
    })),
  )
}

test('Upcoming Events lists the seeded shows and operator events sorted by start, in CT, with one description line', async () => {
  const page = await newPage()
  await page.goto(server.url)
  await waitForHydration(page)
  // The next two weeks first; the rest behind the button.
  const upcomingCount = (await apiSchedule()).length
  expect(await page.locator('.schedule-event').count()).toBeLessThan(upcomingCount)
  await page.getByRole('button', { name: `Show all ${upcomingCount} upcoming shows` }).click()
  const shown = await shownEvents(page)
  const upcoming = (await apiSchedule()).sort(
    (a, b) => Date.parse(a.startTime) - Date.parse(b.startTime),
  )

  // Eight weeks of Sunday and Tuesday shows (less the ones over or cleared) and the operator's two.
  expect(regularShows).toBeGreaterThanOrEqual(14)
  expect(upcoming.length).toBeGreaterThanOrEqual(regularShows + 2)
  expect(shown.map((event) => event.name)).toEqual(upcoming.map((event) => event.name))
  expect(shown.map((event) => event.name)).toContain(roast.name)
  expect(shown.map((event) => event.name).indexOf(earlyMic.name)).toBeLessThan(
    shown.map((event) => event.name).indexOf(roast.name),
  )
  for (const event of shown) {
    expect(plain(event.time)).toMatch(
      /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M CT$/,
    )
  }
  const roastShown = shown.find((event) => event.name === roast.name)
  expect(plain(roastShown?.time ?? '')).toMatch(/, 8:30 PM CT$/)
  expect(roastShown?.description).toBe(roast.firstLine)
  const regular = shown.find((event) => event.name === 'Sunday Stand-Up')
  expect(regular?.description).toBe(regularShowDescription.split('\n')[0])
  const list = (await page.locator('.schedule-list').textContent()) ?? ''
  expect(list).not.toContain(roast.secondLine)
  expect(list).not.toContain(regularShowDescription.split('\n')[1])
  await page.context().close()
})

test('the shows, the next show and their JSON-LD are in the HTML itself, and hydration keeps them', async () => {
  const html = await (await fetch(server.url)).text()
  const upcoming = await apiSchedule()
  const first = upcoming[0]
  expect(first?.name).toBe(earlyMic.name)
  expect(html).toContain(`<p class="next-show-name">${earlyMic.name}</p>`)
  expect(html).toContain(`<h3 class="schedule-event-name">${earlyMic.name}</h3>`)
  expect(html).toContain(`Show all ${upcoming.length} upcoming shows`)
  // The shows' list (the head's Organization and WebSite come first, one item each).
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
  const lists = scripts.map((match) => JSON.parse(match[1] ?? 'null')).filter(Array.isArray)
  expect(lists).toHaveLength(1)
  const items = (lists[0] ?? []) as { name: string; '@type': string }[]
  expect(items.map((item) => item.name)).toEqual(upcoming.map((event) => event.name))
  expect(new Set(items.map((item) => item['@type']))).toEqual(new Set(['ComedyEvent']))

  // In the browser: no hydration error, no request for the schedule, the same nodes kept.
  const page = await newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  const scheduleRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/schedule')) scheduleRequests.push(request.url())
  })
  await page.goto(server.url)
  const heading = await page.locator('.schedule-event-name').first().elementHandle()
  await waitForHydration(page)
  // The countdown runs: a minute or so to the early open mic, from the visitor's clock.
  expect(await page.locator('.next-show-name').textContent()).toBe(earlyMic.name)
  expect(await page.locator('.next-show [role="timer"]').textContent()).toMatch(
    /^0 days\s*0 hours\s*\d{1,2} minutes?/,
  )
  expect(await heading?.evaluate((node) => node.isConnected)).toBe(true)
  expect(errors).toEqual([])
  expect(scheduleRequests).toEqual([])
  await page.context().close()
})

test('a visitor outside Central time also sees the show times on their own clock', async () => {
  const page = await newPage({ timezoneId: 'Europe/Berlin' })
  await page.goto(server.url)
  // The server writes Central time; the visitor's own is added once the page runs.
  await waitForHydration(page)
  const shown = await shownEvents(page)
  const roastShown = shown.find((event) => event.name === roast.name)
  // 8:30 PM Central is the small hours of the next day in Berlin.
  expect(plain(roastShown?.time ?? '')).toMatch(
    /8:30 PM CT \(.+, \d{1,2}:30 AM GMT\+\d your time\)$/,
  )
  await page.context().close()
})

test('the list is sorted by start in the browser too, whatever order the service answers in', async () => {
  const page = await newPage()
  // 10 March 2030 is the day daylight saving starts: its afternoon is already CDT (UTC-5).
  const events: ScheduleEvent[] = [
    { id: 'c', name: 'Third', description: 'Last one.', startTime: '2030-03-12T01:00:00.000Z' },
    {
      id: 'a',
      name: 'First',
      description: 'Shown line\r\nHidden line',
      startTime: '2030-03-10T22:00:00.000Z',
    },
    { id: 'b', name: 'Second', description: 'Middle.', startTime: '2030-03-11T18:30:00.000Z' },
  ]
  await page.route('**/api/schedule', (route) => route.fulfill({ json: events }))
  await openLandingFromStore(page)
  const shown = await shownEvents(page)
  expect(shown.map((event) => [event.name, plain(event.time), event.description])).toEqual([
    ['First', 'Sun, Mar 10, 5:00 PM CT', 'Shown line'],
    ['Second', 'Mon, Mar 11, 1:30 PM CT', 'Middle.'],
    ['Third', 'Mon, Mar 11, 8:00 PM CT', 'Last one.'],
  ])
  await page.context().close()
})

test('an empty schedule and a failing schedule service both show the loading-or-empty sentence', async () => {
  for (const answer of [{ json: [] }, { status: 500, json: { message: 'boom' } }]) {
    const page = await newPage()
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.route('**/api/schedule', (route) => route.fulfill(answer))
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/schedule'))
    await openLandingFromStore(page)
    await answered
    await waitForHydration(page)
    await expect.poll(() => page.locator('.schedule-empty').textContent()).toBe(texts.scheduleEmpty)
    expect(await page.locator('.schedule-event').count()).toBe(0)
    if (answer.status === 500) {
      // The spec: a failed fetch is logged and leaves the list empty.
      await expect
        .poll(() => errors.some((text) => text.includes('Could not load the schedule')))
        .toBe(true)
    }
    await page.context().close()
  }
})

/**
 * The next-show section at a frozen instant, the schedule being the regular shows around it.
 * The server renders / with today's shows, so the page comes from the store, in the browser.
 */
async function nextShowAt(instant: string) {
  const page = await newPage()
  await page.clock.setFixedTime(new Date(instant))
  const events = regularShowsBetween(new Date(instant), -2, 14).map((slot, i) => ({
    id: `regular-${i}`,
    name: slot.name,
    description: '',
    startTime: slot.startsAt.toISOString(),
  }))
  await page.route('**/api/schedule', (route) => route.fulfill({ json: events }))
  await openLandingFromStore(page)
  await waitForHydration(page)
  const section = page.locator('.next-show')
  const result = {
    name: await section.locator('.next-show-name').textContent(),
    time: plain((await section.locator('.next-show-time').textContent()) ?? ''),
    // Text content: the countdown's words are upper-cased by CSS only.
    status: plain(
      (await section.locator('.countdown-unit, .next-show-live').allTextContents()).join(' '),
    ),
  }
  await page.context().close()
  return result
}

test('one minute before the Sunday show, the next show is that show, one minute away', async () => {
  // Sunday 2026-11-22 15:59 CT (CST, UTC-6).
  expect(await nextShowAt('2026-11-22T21:59:00Z')).toEqual({
    name: 'Sunday Stand-Up',
    time: 'Sun, Nov 22, 4:00 PM CT',
    status: '0 days 0 hours 1 minute 0 seconds',
  })
})

test('during the Sunday show it is still the next show, live', async () => {
  // Sunday 18:59 CT: started 2 h 59 min ago, inside its three hours.
  const shown = await nextShowAt('2026-11-23T00:59:00Z')
  expect(shown).toEqual({
    name: 'Sunday Stand-Up',
    time: 'Sun, Nov 22, 4:00 PM CT',
    status: 'Live now!',
  })
})

test('three hours after the Sunday show started, the next show is Tuesday at 7 PM CT', async () => {
  // Sunday 19:00 CT.
  expect(await nextShowAt('2026-11-23T01:00:00Z')).toEqual({
    name: 'Tuesday Night Stand-Up',
    time: 'Tue, Nov 24, 7:00 PM CT',
    status: '2 days 0 hours 0 minutes 0 seconds',
  })
})

test('the video player loads from youtube-nocookie only after the play button is pressed', async () => {
  const page = await newPage()
  const requested: string[] = []
  page.on('request', (request) => requested.push(request.url()))
  // Nothing may leave the machine: the player's address answers from here.
  await page.route(/youtube/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>player</title>' }),
  )
  await page.goto(server.url)
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')

  expect(await page.locator('iframe').count()).toBe(0)
  expect(requested.filter((url) => /youtube/.test(url))).toEqual([])
  // Nothing else is fetched from elsewhere before the click either.
  expect(requested.filter((url) => !url.startsWith(server.url))).toEqual([])

  await page.getByRole('button', { name: /Play the how-it-works video/ }).click()
  const frame = page.locator('.video-frame iframe')
  await frame.waitFor()
  expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//)
  await expect
    .poll(() => requested.some((url) => url.startsWith('https://www.youtube-nocookie.com/embed/')))
    .toBe(true)
  await page.context().close()
})

test('an unknown path answers 404 with the not-found view and links home and to the store', async () => {
  const page = await newPage()
  const response = await page.goto(`${server.url}/no-such-page`)
  expect(response?.status()).toBe(404)
  await page.getByRole('heading', { level: 1, name: 'That bit is not on the set list' }).waitFor()
  const home = page.getByRole('main').getByRole('link', { name: texts.backToHome })
  const store = page.getByRole('main').getByRole('link', { name: 'Visit the store' })
  expect(await home.getAttribute('href')).toBe('/')
  expect(await store.getAttribute('href')).toBe('/store')

  await store.click()
  await page.waitForURL(`${server.url}/store`)
  await page.getByRole('heading', { name: 'That bit is not on the set list' }).waitFor({
    state: 'detached',
  })
  await page.context().close()
})
