/**
 * Tonight first (docs/product.md, "`/`: the landing page"), on a 375 × 667 phone against the
 * real server: a show that started twenty minutes ago with a lineup. The landing page's first screen says Tonight with the lineup,
 * then who is on stage; the header is one row; the store says which show codes are for and keeps
 * its cart in reach; a purchase without an address gets its summary and the warning on /success.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { launchBrowser } from '#test/chromium'
import { consoleActionOverHttp, signInOverHttp } from '#test/console'
import { addEvent } from '../../src/core/schedule/events'
import { openDatabase } from '../../src/server/adapters/db/database'
import { showTimeInWords } from '../../src/shared/show-time'
import { texts } from '../../src/shared/texts'
import { landingTexts } from '../../src/web/pages/landing/landing-texts'
import { successTexts } from '../../src/web/pages/success/success-texts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/databases'
import { clearRegularShowsNear } from '../support/schedule'
import { type RunningServer, startServer } from '../support/server'

const host = 'host@club.example'
const show = { name: 'Sunday Roast', description: 'Tonight, live.' }
const phone = { viewport: { width: 375, height: 667 }, timezoneId: 'America/Chicago' }
let database: PostgresDatabase
let server: RunningServer
let browser: Browser
let startsAt: Date
let action: (name: 'comics.add' | 'lineup.set' | 'stage.on', input: unknown) => Promise<unknown>

beforeAll(async () => {
  database = await createPostgresDatabase('e2e', { migrated: true })
  const db = await openDatabase({ databaseUrl: database.url })
  const now = new Date()
  await clearRegularShowsNear(db, { now: () => now })
  startsAt = new Date(now.getTime() - 20 * 60_000)
  await addEvent(db, { ...show, startsAt }, now)
  await db.destroy()
  ;[server, browser] = await Promise.all([
    startServer({ DATABASE_URL: database.url, ADMIN_EMAILS: host, LOCAL_PAYMENT_DELAY_MS: '2500' }),
    launchBrowser(),
  ])
  const signedIn = await signInOverHttp(server, host)
  action = (name, input) => consoleActionOverHttp(server, signedIn, name, input)
  await action('comics.add', { name: 'Sam Stone' })
  await action('comics.add', { name: 'Lee Park' })
  await action('lineup.set', {
    places: [
      { comic: 'sam-stone', role: 'host' },
      { comic: 'lee-park', role: 'headliner' },
    ],
  })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await database?.drop()
})

async function phonePage(path: string): Promise<Page> {
  const context = await browser.newContext(phone)
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  await page.goto(`${server.url}${path}`)
  return page
}

/** The bottom of an element, in pixels from the top of the page as first shown. */
async function bottomOf(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox()
  if (!box) throw new Error(`${selector} is not shown`)
  return box.y + box.height
}

test('on show day the first screen says Tonight with the lineup, then who is on stage; the header is one row', async () => {
  const page = await phonePage('/')
  // The server's HTML already says it, before any script ran.
  const html = await (await fetch(server.url)).text()
  expect(html).toContain(`>${landingTexts.tonight}<`)
  const hero = page.locator('.hero-tonight')
  await expect.poll(() => hero.innerText()).toContain(show.name)
  const text = ((await hero.textContent()) ?? '').replace(/\s+/g, ' ')
  expect(text).toMatch(/^Tonight Sunday Roast: \d{1,2}:\d\d [AP]M CT/)
  expect(text).toContain('With Sam Stone (Host/MC), Lee Park (Headliner)')
  expect(await hero.getByRole('link', { name: 'Lee Park' }).getAttribute('href')).toBe(
    '/comics/lee-park',
  )
  expect(await bottomOf(page, '.hero-tonight .show-bill')).toBeLessThanOrEqual(667)
  const join = page.getByRole('link', { name: landingTexts.howToJoin })
  expect(await bottomOf(page, '.hero-actions')).toBeLessThanOrEqual(667)
  expect(await join.getAttribute('href')).toBe('#find-world')

  // The header: one row, its links in it (scrolling sideways if they must).
  const header = await page.locator('.site-header').boundingBox()
  const link = await page.locator('.site-nav a').first().boundingBox()
  expect(header && link && header.height < link.height * 1.8).toBe(true)
  const tops = await page
    .locator('.site-nav a')
    .evaluateAll((links) =>
      links.filter((a) => a.getClientRects().length > 0).map((a) => a.getBoundingClientRect().top),
    )
  expect(new Set(tops).size).toBe(1)
  // Five links and the logo fit the phone's width: Store is not cut off.
  const store = await page.locator('.site-nav-store').boundingBox()
  expect(store && store.x + store.width).toBeLessThanOrEqual(375)

  await action('stage.on', { comic: 'sam-stone' })
  await page.reload()
  const onStage = page.locator('.hero-onstage')
  await expect.poll(() => onStage.innerText(), { timeout: 15_000 }).toBe('On stage now: Sam Stone')
  expect(await onStage.getByRole('link').getAttribute('href')).toBe('/comics/sam-stone')
  expect(await bottomOf(page, '.hero-onstage')).toBeLessThanOrEqual(667)
  await page.context().close()
})

test('the store says which show codes are for and keeps the cart in reach', async () => {
  const page = await phonePage('/store')
  const { when, day } = showTimeInWords(startsAt)
  const weekday = when.split(' ')[0]
  await expect
    .poll(() => page.locator('.store-codes-show').innerText())
    .toContain(`for ${weekday}'s show, ${day}`)
  await page.getByRole('button', { name: /Add to Cart\s*:\s*FFR 10/ }).click()
  const bar = page.locator('.store-cart-bar')
  await bar.waitFor()
  const box = await bar.boundingBox()
  expect(box && Math.round(box.y + box.height)).toBeGreaterThanOrEqual(660)
  expect(box && box.y + box.height).toBeLessThanOrEqual(668)
  await page.context().close()
})

test('/success: no way out while codes are made, then the summary and the no-email warning', async () => {
  const page = await phonePage('/store')
  await page.getByRole('button', { name: /Add to Cart\s*:\s*FFR 10/ }).click()
  await page.getByRole('button', { name: texts.checkout, exact: true }).click()
  await page.waitForURL(/\/pay\/cs_local_/)
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay' }).click()
  await page.waitForURL(/\/success\?session_id=/)
  await page.getByRole('heading', { name: texts.loadingPurchase }).waitFor()
  expect(await page.getByRole('main').getByRole('link', { name: texts.backToStore }).count()).toBe(
    0,
  )

  await page.locator('.code-box').first().waitFor()
  const summary = page.getByRole('region', { name: /^Order [0-9A-Z]{6}$/ })
  expect((await summary.innerText()).replace(/\s+/g, ' ')).toContain('1 × FFR 10 $14.99')
  expect((await summary.innerText()).replace(/\s+/g, ' ')).toContain('Paid $14.99')
  const warning = page.getByRole('region', { name: successTexts.noEmailHeading })
  await warning.getByLabel(successTexts.emailLabel).fill('fan@example.com')
  await warning.getByRole('button', { name: successTexts.emailMe }).click()
  await warning
    .getByText('We are sending your codes to fan@example.com.', { exact: false })
    .waitFor()
  await page.context().close()
})
