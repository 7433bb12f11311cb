/**
 * Every page of the host's console with the club's data in it (and the Shows page's open-mic
 * panel), on a 320 and a 375 px phone and a 1280 px desktop: screenshots at 375 and 1280 px
 * (test-results/screenshots, for a person to look at), nothing painted outside the window or its
 * card at any of the three widths, no value (code, address, amount, reference, state pill) broken
 * over two lines, every control at least 44 px, every control in a list named with its row, each
 * table's values lined up beside their labels on a phone, and axe finding nothing on the phone.
 * The fans' pages' tap targets are measured too.
 */
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeViolations } from '#test/axe'
import { consoleActionOverHttp, signInOverHttp } from '#test/console'
import { type ConsoleStage, startConsoleStage } from '#test/console-server'
import { buyOverHttp } from '#test/http-store'
import { insertMembership } from '#test/memberships'
import {
  outsideTheirCards,
  overflowingElements,
  smallTapTargets,
  tableValuesOutOfLine,
  unnamedRowControls,
  valuesBroken,
} from '#test/overflow'
import { saveFullPage } from '#test/page-pictures'
import type { RunningServer } from '#test/server'
import type { Db } from '../../src/core/db/schema'
import { submitJoke } from '../../src/core/memberships/member-jokes'
import { comicPath } from '../../src/shared/comics'
import { type ConsoleActionName, type ConsolePageKey, consolePages } from '../../src/shared/console'
import { openMicPath } from '../../src/shared/open-mic'
import { showPath } from '../../src/shared/schedule'

const host = 'host@club.example'
const day = 24 * 60 * 60_000
const screenshotDir = path.resolve('test-results/screenshots')
/** The console's cards: its panels, and on a phone each table row. */
const consoleCards = '.card, .data-table tbody tr'

let stage: ConsoleStage
let server: RunningServer
let browser: Browser
let db: Db
let cookie: { name: string; value: string }
/** Each page's address, its :id filled with the order and the member made below. */
const addresses = new Map<ConsolePageKey, string>()
/** The fans' pages with a control to tap: the landing page, a show, its open mic, a comic. */
const fansPages: string[] = []
const openMicShow = 'Open Mic Night'

beforeAll(async () => {
  stage = await startConsoleStage(host)
  ;({ server, browser, db } = stage)
  const signedIn = await signInOverHttp(server, host)
  const [name = '', value = ''] = signedIn.cookie.split('=')
  cookie = { name, value }
  const act = (action: ConsoleActionName, input: unknown) =>
    consoleActionOverHttp(server, signedIn, action, input)
  // Orders: one paid, one refunded (with its mail in the outbox and the audit log).
  const paid = await buyOverHttp(server.url, [
    ['ffr-10', 1],
    ['boosts-5', 2],
  ])
  const refunded = await buyOverHttp(server.url, [['boosts-15', 1]])
  const orderOf = async (code: string | undefined) =>
    ((await act('codes.show', { code })) as { order: { id: string } }).order.id
  await act('orders.refund', { id: await orderOf(refunded.codes[0]) })
  // Comics with long names and a VRChat name with no break, on the next show's bill.
  const long = await act('comics.add', {
    name: 'Maximilian Featherstonehaugh-Cholmondeley',
    vrchatName: 'TheLighthouseKeeperWhoNeverSleepsAtAll',
    payoutEmail: 'maximilian.featherstonehaugh@payouts.example',
  })
  const short = await act('comics.add', { name: 'Sam Short' })
  await act('lineup.set', {
    places: [
      { comic: long.comic.id, role: 'headliner' },
      { comic: short.comic.id, role: 'feature' },
    ],
  })
  // A member paid up around the server's clock, with a joke for the host.
  const now = Date.now()
  const member = await insertMembership(db, {
    tier: 'membership-3',
    display_name: 'Jo',
    email: 'a.rather.long.member.address@example.com',
    period_start: new Date(now - day),
    period_end: new Date(now + 29 * day),
  })
  const joke = await submitJoke(db, member, 'Why did the avatar cross the world? Lag.', new Date())
  expect(joke.ok).toBe(true)

  // An open mic with sign-up open for days: its panel on Shows, its page for fans.
  const { event: openMic } = await act('events.add', {
    name: openMicShow,
    startsAt: new Date(now + 4 * day).toISOString(),
  })
  await act('openmic.set', {
    show: openMic.id,
    slots: 6,
    setMinutes: 5,
    opensAt: new Date(now - day).toISOString(),
    closesAt: new Date(now + 3 * day).toISOString(),
    rule: 'lottery',
    drawAt: new Date(now + 3.5 * day).toISOString(),
  })
  fansPages.push('/', showPath(openMic.id), openMicPath(openMic.id), comicPath(long.comic.slug))

  for (const [key, page] of Object.entries(consolePages) as [ConsolePageKey, { path: string }][]) {
    addresses.set(key, page.path)
  }
  addresses.set('order', consolePages.order.path.replace(':id', await orderOf(paid.codes[0])))
  addresses.set('member', consolePages.member.path.replace(':id', member.id))
})

afterAll(async () => {
  await stage?.stop()
})

/** A window of `width`, signed in as the host unless `signedOut`. */
async function windowOf(width: number, signedOut = false): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    reducedMotion: 'reduce',
    timezoneId: 'America/New_York',
  })
  context.setDefaultTimeout(20_000)
  if (!signedOut) await context.addCookies([{ ...cookie, url: server.url }])
  return context
}

/** Opens a console page and waits until it has its data: a heading, nothing loading or busy. */
async function openSettled(page: Page, address: string): Promise<void> {
  await page.goto(`${server.url}${address}`)
  await page.waitForFunction(() => {
    const main = document.querySelector('main')
    if (!main?.querySelector('h1')) return false
    if (main.querySelector('[aria-busy="true"]')) return false
    const statuses = Array.from(main.querySelectorAll('[role="status"]'))
    return !statuses.some((status) => status.textContent?.trim().endsWith('…'))
  })
}

/** What a page at this width shows wrong: sideways scrolling, paint outside, values out of line. */
async function layoutFaults(page: Page, width: number): Promise<string[]> {
  const sideways = await page.evaluate(
    () => (document.scrollingElement?.scrollWidth ?? 0) > window.innerWidth,
  )
  return [
    ...(sideways ? ['the page scrolls sideways'] : []),
    ...(await valuesBroken(page)).map((value) => `broken: ${value}`),
    ...(await smallTapTargets(page)).map((control) => `too small to tap: ${control}`),
    ...(await unnamedRowControls(page)).map((name) => `not named with its row: ${name}`),
    ...(await overflowingElements(page)).map((element) => `past the window: ${element}`),
    ...(await outsideTheirCards(page, consoleCards)).map((element) => `outside: ${element}`),
    ...(width < 768 ? await tableValuesOutOfLine(page) : []),
  ]
}

for (const width of [320, 375, 1280]) {
  test(`every console page fits a ${width} px window${width === 320 ? '' : ' (screenshots saved)'}${width === 375 ? ', and axe finds nothing' : ''}`, {
    timeout: 240_000,
  }, async () => {
    const signedIn = await windowOf(width)
    const signedOut = await windowOf(width, true)
    const pages = { in: await signedIn.newPage(), out: await signedOut.newPage() }
    try {
      for (const [key, address] of addresses) {
        const page = key === 'signIn' ? pages.out : pages.in
        await openSettled(page, address)
        expect(await page.locator('main .alert-error').count(), `${key}: an error shows`).toBe(0)
        if (width !== 320) {
          await saveFullPage(page, path.join(screenshotDir, `console-${key}-${width}.png`))
        }
        expect(await layoutFaults(page, width), `${key} at ${width} px`).toEqual([])
        if (width === 375) expect(await axeViolations(page), key).toEqual([])
        if (key !== 'shows') continue
        // The open-mic panel, opened from its show's row.
        await page.getByRole('button', { name: new RegExp(`^Open mic ${openMicShow}`) }).click()
        await page.getByRole('button', { name: 'Draw now…' }).waitFor()
        if (width !== 320) {
          await saveFullPage(page, path.join(screenshotDir, `console-open-mic-${width}.png`))
        }
        expect(await layoutFaults(page, width), `open mic at ${width} px`).toEqual([])
        if (width === 375) expect(await axeViolations(page), 'open mic').toEqual([])
      }
    } finally {
      await signedIn.close()
      await signedOut.close()
    }
  })
}

test("the fans' pages' controls are 44 px at least on a phone (the 18+ box, calendar and lineup links)", {
  timeout: 120_000,
}, async () => {
  const context = await windowOf(375, true)
  try {
    const page = await context.newPage()
    for (const address of fansPages) {
      await page.goto(`${server.url}${address}`)
      await page.locator('main h1').first().waitFor()
      await page.waitForLoadState('networkidle')
      expect(await smallTapTargets(page), address).toEqual([])
    }
  } finally {
    await context.close()
  }
})
