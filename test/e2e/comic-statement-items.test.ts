/**
 * A comic's statement after a show with a refund and a payout, end to end: the real server on
 * PostgreSQL, Chromium at a phone's width. The shows, sets and boosts are written first, as the
 * stage and the kiosk leave them; the closes, the refund and the payout as the host's actions
 * and the payment provider's report make them.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeOn } from '#test/axe'
import { saveFullPage } from '#test/page-pictures'
import { recordReversal } from '../../src/core/refunds/reversals'
import { addEvent } from '../../src/core/schedule/events'
import { recordPayout } from '../../src/core/settlements/payouts'
import { closeSettlement } from '../../src/core/settlements/show-settlements'
import { openDatabase } from '../../src/server/adapters/db/database'
import { comicStatementTexts as texts } from '../../src/shared/comic-statement'
import {
  centralDay,
  ledgerCsvHeader,
  readableDay,
  statementLedgerTexts,
} from '../../src/shared/statement-ledger'
import { launchBrowser } from '../support/chromium'
import { addComicWithPayout, mailedComicLinks } from '../support/comic-statement'
import { createPostgresDatabase, type PostgresDatabase } from '../support/databases'
import { type RunningServer, startServer } from '../support/server'
import { insertSet, insertShowOrder, redeemAtSet } from '../support/settlements'

const payout = 'rita.ledger@example.com'
const screenshotDir = path.resolve('test-results/screenshots')
const hour = 60 * 60_000

/** The payout is sent today (Central time): the ledger's last row, whatever day the test runs. */
const paidOn = centralDay(new Date())

let database: PostgresDatabase
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  database = await createPostgresDatabase('e2e')
  const db = await openDatabase({ databaseUrl: database.url })
  const now = new Date()
  const rita = await addComicWithPayout(db, 'Rita Ledger', payout)
  /** A show `hoursAgo` with Rita's set and one order of `lines`, every code redeemed in it. */
  async function showWithSet(name: string, hoursAgo: number, lines: number) {
    const startsAt = new Date(now.getTime() - hoursAgo * hour)
    const show = await addEvent(db, { name, description: '', startsAt }, now)
    const at = (minutes: number) => new Date(startsAt.getTime() + minutes * 60_000)
    const set = await insertSet(db, { showId: show.id, comicId: rita.id, from: at(5), to: at(20) })
    const order = await insertShowOrder(db, {
      showId: show.id,
      lines: [['ffr-10', lines]],
      at: at(-60),
    })
    for (const code of order.codes)
      await redeemAtSet(db, { code: code.code, setId: set, at: at(9) })
    return { show, order }
  }
  const sunday = await showWithSet('Ledger Sunday', 50, 2)
  await closeSettlement(db, sunday.show.id, 'host@example.com', new Date(now.getTime() - 40 * hour))
  // After the close, the fan is refunded in full: it lands on the next settlement closed.
  await recordReversal(
    db,
    { paymentRef: sunday.order.paymentRef, refundedCents: 2998, fullyRefunded: true },
    new Date(now.getTime() - 30 * hour),
  )
  const tuesday = await showWithSet('Ledger Tuesday', 26, 3)
  await closeSettlement(
    db,
    tuesday.show.id,
    'host@example.com',
    new Date(now.getTime() - 20 * hour),
  )
  await recordPayout(
    db,
    rita,
    { amountCents: 1000, paidOn, reference: '7XK21', method: 'PayPal' },
    'host@example.com',
    new Date(now.getTime() - 10 * hour),
  )
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

/** Cents of "-10.00". */
const cents = (text: string | undefined) => Math.round(Number(text) * 100)

test("after a show with a refund and a payout, the comic's statement names both on a phone, its CSV adds up, axe finds nothing and nothing scrolls sideways at 320 px", async () => {
  const context = await browser.newContext({
    viewport: { width: 320, height: 700 },
    acceptDownloads: true,
  })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  await page.goto(`${server.url}/statement`)
  await page.getByLabel(texts.emailLabel).fill(payout)
  await page.getByRole('button', { name: texts.sendLink }).click()
  await page.getByRole('heading', { name: texts.checkMail }).waitFor()
  await expect.poll(() => mailedComicLinks(server).length, { timeout: 15_000 }).toBe(1)
  await page.goto(mailedComicLinks(server)[0] ?? '')
  await page.getByRole('button', { name: texts.continue }).click()
  await page.getByRole('heading', { name: `${texts.heading}: Rita Ledger` }).waitFor()

  const body = (await page.locator('main').innerText()).replace(/\s+/g, ' ')
  // The terms once; each show's items; the refund named with its show; the payout with its day.
  expect(body).toContain('The comics get 70% of what the boosts given during their own set')
  expect(body).toContain('15 show-code boosts during your set, worth $44.97')
  expect(body).toContain('Your 70% of $44.97 $31.47')
  expect(body).toMatch(
    /A refund at Ledger Sunday \([A-Z][a-z]{2} \d+, \d{4}\) after it was closed; counted with the settlement of Ledger Tuesday/,
  )
  expect(body).toContain(`${readableDay(paidOn)}: Sent by PayPal, reference 7XK21 -$10.00`)
  // 2 FFR 10 at Sunday (2098) refunded after closing (-2098), 3 at Tuesday (3147), $10 paid.
  const end = page.locator('[data-period] .statement-total dd')
  expect(await end.getAttribute('data-cents')).toBe(String(3147 - 1000))
  expect(await page.locator('[data-balance]').innerText()).toContain('Still owed: $21.47')

  const axe = await axeOn(page).analyze()
  expect(
    axe.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)),
  ).toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await saveFullPage(page, path.join(screenshotDir, 'comic-statement-items.png'))

  // The CSV: the columns an accountant expects, amounts that add up to what is still owed.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: statementLedgerTexts.downloadCsv }).click(),
  ])
  const csv = readFileSync((await download.path()) ?? '', 'utf8')
    .trim()
    .split('\r\n')
  expect(csv[0]).toBe(ledgerCsvHeader.join(','))
  const kinds = ['Boosts', 'Pot share', 'Adjustment', 'Payout']
  expect(csv.slice(1).map((line) => kinds.find((kind) => line.includes(`,${kind},`)))).toEqual([
    'Boosts',
    'Boosts',
    'Adjustment',
    'Payout',
  ])
  const amounts = csv.slice(1).map((line) => line.match(/(-?\d+\.\d{2}),(-?\d+\.\d{2})$/))
  expect(amounts.reduce((sum, m) => sum + cents(m?.[1]), 0)).toBe(2147)
  expect(cents(amounts.at(-1)?.[2])).toBe(2147)
  await context.close()
})
