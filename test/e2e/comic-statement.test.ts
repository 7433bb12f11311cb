/**
 * A comic's statement end to end: the real server on PostgreSQL (mail written as .eml files),
 * Chromium at a phone's width, the mailed link. The show, the comic's sets and the fans' boosts
 * are written first, as the stage and the kiosk leave them.
 */
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeOn } from '#test/axe'
import { saveFullPage } from '#test/page-pictures'
import { addEvent } from '../../src/core/schedule/events'
import { openDatabase } from '../../src/server/adapters/db/database'
import { comicHomeTexts } from '../../src/shared/comic-home'
import { comicStatementTexts as texts } from '../../src/shared/comic-statement'
import { statementLedgerTexts as ledgerTexts } from '../../src/shared/statement-ledger'
import { launchBrowser } from '../support/chromium'
import { addComicWithPayout, mailedComicLinks } from '../support/comic-statement'
import { createPostgresDatabase, type PostgresDatabase } from '../support/databases'
import { type RunningServer, startServer } from '../support/server'
import { insertSet, insertShowOrder, redeemAtSet } from '../support/settlements'

const payout = 'nina.stage@example.com'
const screenshotDir = path.resolve('test-results/screenshots')

let database: PostgresDatabase
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  database = await createPostgresDatabase('e2e')
  const db = await openDatabase({ databaseUrl: database.url })
  const now = new Date()
  const startsAt = new Date(now.getTime() - 5 * 60 * 60_000)
  const show = await addEvent(db, { name: 'Statement Roast', description: '', startsAt }, now)
  const at = (minutes: number) => new Date(startsAt.getTime() + minutes * 60_000)
  const nina = await addComicWithPayout(db, 'Nina Stage', payout)
  const other = await addComicWithPayout(db, 'Otto Elsewhere', 'otto@example.com')
  const ninaSet = await insertSet(db, {
    showId: show.id,
    comicId: nina.id,
    from: at(5),
    to: at(20),
  })
  const ottoSet = await insertSet(db, {
    showId: show.id,
    comicId: other.id,
    from: at(25),
    to: at(40),
  })
  const order = await insertShowOrder(db, { showId: show.id, lines: [['ffr-10', 3]], at: at(-60) })
  await redeemAtSet(db, { code: order.codes[0]?.code ?? '', setId: ninaSet, at: at(8) })
  await redeemAtSet(db, {
    code: order.codes[1]?.code ?? '',
    setId: ninaSet,
    at: at(9),
    anonymous: true,
  })
  await redeemAtSet(db, { code: order.codes[2]?.code ?? '', setId: ottoSet, at: at(30) })
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

test('a comic asks for a link, signs in from the mail on a phone and sees the boosts of their own set', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  await page.goto(`${server.url}/statement`)
  await page.getByLabel(texts.emailLabel).fill(payout)
  await page.getByRole('button', { name: texts.sendLink }).click()
  await page.getByRole('heading', { name: texts.checkMail }).waitFor()
  await expect.poll(() => mailedComicLinks(server).length, { timeout: 15_000 }).toBe(1)

  const link = mailedComicLinks(server)[0] ?? ''
  // The link opens her own page, which leads to the statement: one sign-in for both.
  await page.goto(link)
  await page.getByRole('button', { name: comicHomeTexts.continue }).click()
  await page.getByRole('link', { name: comicHomeTexts.statementLink }).click()
  await page.getByRole('heading', { name: `${texts.heading}: Nina Stage` }).waitFor()
  expect(page.url()).toBe(`${server.url}/statement`)
  const show = page.locator('[data-show="Statement Roast"]')
  // Two FFR 10 given in her set, one of them anonymously: 2 x 1499 x 70% = 2098.6 -> $20.98.
  const items = (await show.innerText()).replace(/\s+/g, ' ')
  expect(items).toContain('10 show-code boosts during your set, worth $29.98')
  expect(items).toContain('5 boosts were given anonymously')
  expect(items).toContain('As it stands $20.98')
  expect(items).toContain(ledgerTexts.notClosed)
  expect(await page.locator('body').innerText()).not.toContain('Otto')

  const axe = await axeOn(page).analyze()
  expect(
    axe.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)),
  ).toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await saveFullPage(page, path.join(screenshotDir, 'comic-statement.png'))

  // The link was used: opened again, it signs nobody in.
  await page.goto(link)
  await page.getByRole('button', { name: comicHomeTexts.continue }).click()
  await page.getByText(comicHomeTexts.linkUnusable).waitFor()
  await context.close()
})
