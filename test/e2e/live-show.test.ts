import fs from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeOn } from '#test/axe'
import { addEvent } from '../../src/core/schedule/events'
import { openDatabase } from '../../src/server/adapters/db/database'
import { landingAnchors } from '../../src/shared/pages'
import { texts } from '../../src/shared/texts'
import { launchBrowser } from '../support/chromium'
import { createPostgresDatabase, type PostgresDatabase } from '../support/databases'
import { KioskSimulator } from '../support/kiosk-simulator'
import { clearRegularShowsNear } from '../support/schedule'
import { type RunningServer, startServer } from '../support/server'

/*
 * A show night from a fan's side: a show started half an hour ago; a fan buys in the store, gets
 * codes on the success page, redeems them at the world's kiosk (one anonymously), and the landing
 * page shows the room's running total.
 */
const show = { name: 'Late Night Roast', description: 'Live right now.' }

let database: PostgresDatabase
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  database = await createPostgresDatabase('e2e', { migrated: true })
  const db = await openDatabase({ databaseUrl: database.url })
  const now = new Date()
  // This is the show on now, whatever the hour: a regular show that is on or near goes.
  await clearRegularShowsNear(db, { now: () => now })
  await addEvent(db, { ...show, startsAt: new Date(now.getTime() - 30 * 60_000) }, now)
  await db.destroy()
  ;[server, browser] = await Promise.all([
    startServer({ DATABASE_URL: database.url, LOCAL_PAYMENT_DELAY_MS: '0' }),
    launchBrowser(),
  ])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await database?.drop()
})

async function buyInTheStore(): Promise<string[]> {
  const page = await browser.newPage()
  page.setDefaultTimeout(15_000)
  await page.goto(`${server.url}/store`)
  await page.getByRole('button', { name: /Add to Cart\s*:\s*FFR 25/ }).click()
  await page.getByRole('button', { name: /Add to Cart\s*:\s*5 Boosts/ }).click()
  await page.getByRole('button', { name: texts.checkout, exact: true }).click()
  await page.waitForURL(/\/pay\/cs_local_/)
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay' }).click()
  await page.waitForURL(/\/success\?session_id=cs_local_/)
  const codes = page.locator('.code-box')
  await codes.first().waitFor()
  const values = (await codes.allInnerTexts()).map((code) => code.trim())
  await page.close()
  return values
}

async function landing(width = 390): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 844 } })
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  await page.goto(server.url)
  return page
}

test('codes bought during a show redeem at the kiosk and the landing page shows the room what fans gave', async () => {
  const [ffr, boosts] = await buyInTheStore()
  expect([ffr, boosts].every(Boolean)).toBe(true)

  const kiosk = new KioskSimulator({ baseUrl: server.url, playerAddress: '127.0.0.1' })
  const first = await kiosk.redeem(ffr?.toLowerCase() ?? '')
  const second = await kiosk.redeem(`${boosts}0`)
  expect(first.ok && first.json).toMatchObject({ status: 'redeemed', boosts: 10, show: show.name })
  expect(second.ok && second.json).toMatchObject({ status: 'redeemed', anonymous: true })

  const page = await landing()
  const banner = page.getByRole('region', { name: `Live now: ${show.name}` })
  await banner.waitFor()
  await expect
    .poll(async () => banner.textContent(), { timeout: 15_000 })
    .toContain('15 boosts given tonight')
  const gifts = await banner.getByRole('listitem').allInnerTexts()
  expect(gifts[0]).toContain("An anonymous fan gave 5 boosts to tonight's comics")
  expect(gifts[1]).toContain("A fan gave 10 boosts to tonight's comics")
  for (const gift of gifts) expect(gift).not.toContain(ffr?.slice(0, 5) ?? '-')

  await banner.getByRole('link', { name: 'Join the show' }).click()
  await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${landingAnchors.findWorld}`)

  const violations = await axeOn(page).include('.live-now').analyze()
  expect(violations.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])

  fs.mkdirSync('test-results', { recursive: true })
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
  await page.screenshot({ path: 'test-results/live-now-phone.png' })
  await page.close()

  // On a 375 px phone: each gift in at most two lines (a gift to the pot says "to tonight's
  // comics"), wrapped, nothing cut, and the list only as tall as its gifts.
  const small = await landing(375)
  const list = small.getByRole('list', { name: 'Latest gifts' })
  await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2)
  const measured = await list.evaluate((ul) => {
    const items = Array.from(ul.children) as HTMLElement[]
    const gaps = Number.parseFloat(getComputedStyle(ul).rowGap) * (items.length - 1)
    return {
      listHeight: ul.getBoundingClientRect().height,
      itemsHeight: items.reduce((sum, li) => sum + li.getBoundingClientRect().height, 0) + gaps,
      items: items.map((li) => {
        const words = li.querySelector('.live-now-gift-text') as HTMLElement
        const lineHeight = Number.parseFloat(getComputedStyle(words).lineHeight)
        return {
          lines: Math.round(words.getBoundingClientRect().height / lineHeight),
          cut: words.scrollWidth > words.clientWidth || li.scrollWidth > li.clientWidth,
          inside: li.getBoundingClientRect().right <= ul.getBoundingClientRect().right + 0.5,
        }
      }),
    }
  })
  expect(measured.items.map(({ cut, inside }) => ({ cut, inside }))).toEqual([
    { cut: false, inside: true },
    { cut: false, inside: true },
  ])
  for (const item of measured.items) expect(item.lines).toBeLessThanOrEqual(2)
  expect(Math.abs(measured.listHeight - measured.itemsHeight)).toBeLessThan(1)
  await small.screenshot({ path: 'test-results/live-now-375.png' })
  await small.close()
})
