/**
 * The books in the console as a host runs them from a phone (375 px): a show settled, a payout
 * recorded (and the same reference refused as the command line refuses it), every statement
 * sent; axe at each step, and at 320, 375 and 1280 px nothing sticks out and no sum of money
 * breaks across lines. The real server on PostgreSQL (the test reads back what the host did),
 * Chromium.
 */
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeViolations } from '#test/axe'
import { addComicWithPayout } from '#test/comic-statement'
import { signInByMail } from '#test/console-comics'
import { type ConsoleStage, startConsoleStage } from '#test/console-server'
import { overflowingElements } from '#test/overflow'
import { saveFullPage } from '#test/page-pictures'
import type { RunningServer } from '#test/server'
import { insertSet, insertShowOrder, redeemAtSet } from '#test/settlements'
import type { Db } from '../../src/core/db/schema'
import { consolePages } from '../../src/shared/console'
import { centralDay } from '../../src/shared/statement-ledger'
import { booksTexts } from '../../src/web/console/pages/books-texts'

const host = 'host.books@club.example'

let stage: ConsoleStage
let db: Db
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  stage = await startConsoleStage(host)
  ;({ server, browser, db } = stage)
})

afterAll(async () => {
  await stage?.stop()
})

/** A show two days ago with two comics' sets, a fan's code redeemed in each. */
async function pastShow(): Promise<{ showId: string; rosa: string; sam: string }> {
  const start = new Date(Date.now() - 2 * 24 * 60 * 60_000)
  const showId = 'evt-bookse2e1'
  await db
    .insertInto('events')
    .values({
      id: showId,
      name: 'Thursday Night Laughs',
      description: '',
      starts_at: start,
      source: 'operator',
      created_at: start,
      updated_at: start,
      removed_at: null,
    })
    .execute()
  const rosa = await addComicWithPayout(db, 'Rosa Delgado', 'rosa@example.com')
  const sam = await addComicWithPayout(db, 'Sam Okafor', 'sam@example.com')
  for (const [i, comic] of [rosa, sam].entries()) {
    const from = new Date(start.getTime() + (5 + i * 20) * 60_000)
    const set = await insertSet(db, {
      showId,
      comicId: comic.id,
      from,
      to: new Date(from.getTime() + 15 * 60_000),
    })
    const order = await insertShowOrder(db, {
      showId,
      lines: [['ffr-25', 1]],
      at: new Date(start.getTime() - 60 * 60_000),
    })
    await redeemAtSet(db, {
      code: order.codes[0]?.code ?? '',
      setId: set,
      at: new Date(from.getTime() + 5 * 60_000),
    })
  }
  return { showId, rosa: rosa.id, sam: sam.id }
}

/** Sums of money (and months) drawn on more than one line: a value wrapped in its middle. */
function brokenValues(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.console-money'))
      .filter((element) => element.getClientRects().length > 1)
      .map((element) => element.textContent ?? ''),
  )
}

/** At 320, 375 and 1280 px: nothing past the window's edge, no value broken, then back to 375. */
async function layoutHolds(page: Page): Promise<void> {
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 812 })
    expect(await overflowingElements(page), `at ${width} px`).toEqual([])
    expect(await brokenValues(page), `at ${width} px`).toEqual([])
  }
  await page.setViewportSize({ width: 375, height: 812 })
}

test('on a phone, the host settles a show, records a payout and sends every statement', {
  timeout: 240_000,
}, async () => {
  const { showId, rosa } = await pastShow()
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  })
  context.setDefaultTimeout(20_000)
  const page = await context.newPage()
  await signInByMail(page, server, host, consolePages.books.path)
  await expect.poll(() => page.title()).toBe('Books · Punchline VR console')
  const shows = page.getByRole('region', { name: booksTexts.showsHeading })
  await shows.locator('strong', { hasText: 'Thursday Night Laughs' }).waitFor()
  expect(await axeViolations(page)).toEqual([])
  await layoutHolds(page)

  // Settle the show: the confirmation is the action's preview, with its figure to the cent.
  await shows.getByRole('button', { name: 'Settle Thursday Night Laughs' }).tap()
  const closeQuestion = shows.getByRole('heading', { name: /^Close Thursday Night Laughs: / })
  await closeQuestion.waitFor()
  const sentence = (await closeQuestion.textContent()) ?? ''
  expect(sentence).toMatch(/^Close Thursday Night Laughs: \$\d+\.\d\d to 2 comics\.$/)
  expect(await axeViolations(page)).toEqual([])
  await layoutHolds(page)
  await saveFullPage(page, path.resolve('test-results/screenshots/console-books-settle-375.png'))
  expect(await db.selectFrom('settlements').select('show_id').execute()).toEqual([])
  await shows.getByRole('button', { name: 'Close the show' }).tap()
  await page.getByText(/^Closed 1 show: /).waitFor()
  const closed = await db
    .selectFrom('settlements')
    .select(['show_id', 'comics_cents'])
    .executeTakeFirstOrThrow()
  expect(closed.show_id).toBe(showId)
  expect(sentence).toContain(`$${(closed.comics_cents / 100).toFixed(2)}`)
  await shows.getByText(booksTexts.showsEmpty).waitFor()

  // Record a payout to Rosa: checked first, in words; recorded; the comic is mailed.
  const rosaCard = page.getByRole('listitem').filter({ hasText: 'Rosa Delgado' })
  await rosaCard.getByRole('button', { name: 'Record a payout to Rosa Delgado' }).tap()
  await rosaCard.getByLabel('Amount').fill('5')
  await rosaCard.getByLabel('Method').fill('PayPal')
  await rosaCard.getByLabel('Reference').fill('7XK21')
  expect(await axeViolations(page)).toEqual([])
  await layoutHolds(page)
  await rosaCard.getByRole('button', { name: 'Check the payout' }).tap()
  const today = centralDay(new Date())
  await rosaCard
    .getByRole('heading', {
      name: `Record $5.00 to Rosa Delgado by PayPal, reference 7XK21, paid on ${today}.`,
    })
    .waitFor()
  expect(await axeViolations(page)).toEqual([])
  await layoutHolds(page)
  await rosaCard.getByRole('button', { name: 'Record the payout' }).tap()
  await page.getByText(/^Recorded \$5\.00 paid to Rosa Delgado\. Still owed: /).waitFor()
  const payouts = await db
    .selectFrom('comic_payouts')
    .select(['comic_id', 'amount_cents'])
    .execute()
  expect(payouts).toEqual([{ comic_id: rosa, amount_cents: 500 }])

  // The same reference again: refused in the command line's words; nothing is recorded.
  await rosaCard.getByRole('button', { name: 'Record a payout to Rosa Delgado' }).tap()
  await rosaCard.getByLabel('Amount').fill('1')
  await rosaCard.getByLabel('Reference').fill('7XK21')
  await rosaCard.getByRole('button', { name: 'Check the payout' }).tap()
  await rosaCard.getByRole('heading', { name: booksTexts.refused }).waitFor()
  await rosaCard.getByText(/with the reference "7XK21" was recorded already/).waitFor()
  await rosaCard.getByRole('button', { name: booksTexts.override }).tap()
  await rosaCard.getByRole('heading', { name: booksTexts.forceQuestion }).waitFor()
  expect(await axeViolations(page)).toEqual([])
  await layoutHolds(page)
  await rosaCard.getByRole('button', { name: 'Change it' }).tap()
  await rosaCard.getByRole('button', { name: 'Cancel' }).tap()
  expect(await db.selectFrom('comic_payouts').select('id').execute()).toHaveLength(1)

  // Every statement: the preview says whom, then each comic is mailed a link.
  await page.getByRole('button', { name: 'Send every statement' }).tap()
  await page.getByText('Mail 2 comics a link to their statement.').waitFor()
  expect(await axeViolations(page)).toEqual([])
  await layoutHolds(page)
  await page.getByRole('button', { name: 'Send', exact: true }).tap()
  await page.getByText('Statements mailed to Rosa Delgado, Sam Okafor.').waitFor()
  const links = await db
    .selectFrom('mail_outbox')
    .select('to_address')
    .where('dedupe_key', 'like', 'comic-statement-link:%')
    .orderBy('to_address')
    .execute()
  expect(links.map((row) => row.to_address)).toEqual(['rosa@example.com', 'sam@example.com'])
  expect(await axeViolations(page)).toEqual([])
  await layoutHolds(page)
  await saveFullPage(page, path.resolve('test-results/screenshots/console-books-375.png'))
  await context.close()
})
