/**
 * Show night on a phone (375 px): the host runs a show of three comics from Tonight's bar, the
 * set's timer turning amber then red (the page's clock moved on), sees the wrap-up when the
 * lineup is through, follows "Settle this show" and settles it, records a payout and sends the
 * statements. axe on Tonight in show-night mode and on the wrap-up. The real server on
 * PostgreSQL, Chromium.
 */
import path from 'node:path'
import { sql } from 'kysely'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeViolations } from '#test/axe'
import { addComicWithPayout } from '#test/comic-statement'
import { signInByMail } from '#test/console-comics'
import { type ConsoleStage, startConsoleStage } from '#test/console-server'
import { saveFullPage } from '#test/page-pictures'
import { clearRegularShowsNear } from '#test/schedule'
import { insertShowOrder, redeemAtSet } from '#test/settlements'
import { systemClock } from '../../src/core/clock'
import { runOperatorAction } from '../../src/core/operator/run-action'
import { addEvent } from '../../src/core/schedule/events'
import { consolePages } from '../../src/shared/console'

const host = 'host.night@club.example'
const showName = 'Friday Night Live'
const screenshots = path.resolve('test-results/screenshots')

let stage: ConsoleStage

beforeAll(async () => {
  stage = await startConsoleStage(host)
})

afterAll(async () => {
  await stage?.stop()
})

/** A show on since ten minutes ago, three comics on its bill (10, 10 and 15 minutes), codes sold. */
async function showOnNow() {
  const { db } = stage
  const now = new Date()
  await clearRegularShowsNear(db, { now: () => now })
  const show = await addEvent(
    db,
    { name: showName, description: '', startsAt: new Date(now.getTime() - 10 * 60_000) },
    now,
  )
  const comics = [
    await addComicWithPayout(db, 'Rosa Delgado', 'rosa@example.com'),
    await addComicWithPayout(db, 'Sam Okafor', 'sam@example.com'),
    await addComicWithPayout(db, 'Lee Park', 'lee@example.com'),
  ]
  await runOperatorAction({ db, clock: systemClock }, { who: host, via: 'cli' }, 'lineup.set', {
    show: show.id,
    places: comics.map((comic, i) => ({
      comic: comic.id,
      role: i === 2 ? ('headliner' as const) : ('feature' as const),
      setMinutes: i === 2 ? 15 : 10,
    })),
  })
  const order = await insertShowOrder(db, {
    showId: show.id,
    lines: [
      ['ffr-25', 1],
      ['boosts-5', 1],
    ],
    at: new Date(now.getTime() - 60 * 60_000),
  })
  return { show, codes: order.codes.map((c) => c.code) }
}

/** The code redeemed at the kiosk now, credited to the set on stage. */
async function redeemDuringSet(code: string): Promise<void> {
  const open = await stage.db
    .selectFrom('sets')
    .select('id')
    .where('ended_at', 'is', null)
    .executeTakeFirstOrThrow()
  await redeemAtSet(stage.db, { code, setId: open.id, at: new Date() })
}

/** The show, its sets and its gifts, `ms` earlier: as if that long had passed. */
async function moveShowBack(showId: string, ms: number): Promise<void> {
  const back = (column: string) => sql<Date>`${sql.ref(column)} - ${`${ms} milliseconds`}::interval`
  const { db } = stage
  await db
    .updateTable('events')
    .set({ starts_at: back('starts_at') })
    .where('id', '=', showId)
    .execute()
  await db
    .updateTable('sets')
    .set({ started_at: back('started_at'), ended_at: back('ended_at') })
    .where('show_id', '=', showId)
    .execute()
  await db
    .updateTable('redemptions')
    .set({ redeemed_at: back('redeemed_at') })
    .where('show_id', '=', showId)
    .execute()
}

function timerState(page: Page): Promise<string | null> {
  return page.getByRole('timer').getAttribute('data-state')
}

test('on a phone, the host runs a show from the bar with the timer, sees the wrap-up, settles it, records a payout and sends the statements', {
  timeout: 300_000,
}, async () => {
  const { show, codes } = await showOnNow()
  const context = await stage.browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  })
  context.setDefaultTimeout(20_000)
  const page = await context.newPage()
  // The page's own clock, which the set's timer reads, is moved on by hand below.
  await page.clock.install({ time: new Date() })
  await signInByMail(page, stage.server, host, consolePages.tonight.path)

  // Show-night mode: the bar at the foot of the screen, the lineup folded.
  const next = page.getByRole('button', { name: 'Next: Rosa Delgado' })
  await next.tap()
  await page.getByRole('button', { name: 'Next: Sam Okafor' }).waitFor()
  const bar = page.locator('.console-stage-bar.is-sticky')
  expect(await bar.locator('.console-stage-now strong').textContent()).toBe('Rosa Delgado')
  const barBox = await bar.boundingBox()
  expect((barBox?.y ?? 0) + (barBox?.height ?? 0)).toBeCloseTo(812, -1)
  // Next beside Pause in the bar, still a thumb's width.
  const nextBox = await page.getByRole('button', { name: 'Next: Sam Okafor' }).boundingBox()
  expect(nextBox?.width).toBeGreaterThanOrEqual(240)
  expect(await timerState(page)).toBe('on-time')
  await page.getByText('Edit lineup', { exact: true }).waitFor()
  expect(await page.getByRole('region', { name: /^Lineup: / }).count()).toBe(0)

  // A gift during Rosa's set; eleven minutes on, the timer is past her 10: amber.
  await redeemDuringSet(codes[0] ?? '')
  await page.clock.fastForward('11:00')
  await bar.getByText('10 boosts this set').waitFor()
  await expect.poll(() => timerState(page)).toBe('over')
  expect(await page.getByRole('timer').textContent()).toMatch(/^11:\d\d of 10 min · 1:\d\d over$/)
  expect(await page.getByText(/min ago$/).count()).toBeGreaterThan(0)
  expect(await axeViolations(page)).toEqual([])
  await page.clock.fastForward('02:00')
  await expect.poll(() => timerState(page)).toBe('long-over')
  const comics = page.getByRole('region', { name: 'Boosts by comic tonight' })
  await comics.getByText('Rosa Delgado').waitFor()
  expect(await axeViolations(page)).toEqual([])
  await saveFullPage(page, path.join(screenshots, 'console-show-night-375.png'))

  // Back to the real time (the server's), Sam and Lee in turn, then Pause ends the night.
  await page.clock.setSystemTime(new Date())
  await page.getByRole('button', { name: 'Next: Sam Okafor' }).tap()
  await page.getByRole('button', { name: 'Next: Lee Park' }).waitFor()
  await expect.poll(() => timerState(page)).toBe('on-time')
  await page.getByRole('button', { name: 'Next: Lee Park' }).tap()
  await expect.poll(() => bar.locator('.console-stage-now strong').textContent()).toBe('Lee Park')
  await redeemDuringSet(codes[1] ?? '')
  await page.getByRole('button', { name: 'Pause', exact: true }).tap()

  // The wrap-up: each comic's sets, boosts and money; the codes; the goal; the next steps.
  const wrapUp = page.getByRole('region', { name: `Wrap-up: ${showName}` })
  await wrapUp.waitFor()
  expect(await page.locator('.console-stage-bar.is-sticky').count()).toBe(0)
  const rows = await wrapUp.locator('tbody tr').allTextContents()
  expect(rows).toHaveLength(3)
  expect(rows[0]).toContain('Rosa Delgado')
  expect(rows[2]).toContain('Lee Park')
  expect(await wrapUp.textContent()).toContain('No goal was set.')
  await wrapUp.getByText(/^Its codes still redeem, so it can be settled from /).waitFor()
  expect(await axeViolations(page)).toEqual([])
  await saveFullPage(page, path.join(screenshots, 'console-wrap-up-375.png'))

  // Three hours on, the show rolls over and may be settled. The server's clock is the real one:
  // the show's times move back three hours instead.
  await moveShowBack(show.id, 3 * 60 * 60_000)
  await page.reload()
  await wrapUp.waitFor()
  expect(await wrapUp.getByText(/can be settled from/).count()).toBe(0)

  // Settle this show: the Books page asks to close that show, with the action's own figure.
  await wrapUp.getByRole('link', { name: 'Settle this show' }).tap()
  await page.waitForURL(/\/admin\/books\?show=/)
  const question = page.getByRole('heading', { name: new RegExp(`^Close ${showName}: `) })
  await question.waitFor()
  expect(await question.textContent()).toMatch(/: \$\d+\.\d\d to \d comics?\.$/)
  await page.getByRole('button', { name: 'Close the show' }).tap()
  await page.getByText(/^Closed 1 show: /).waitFor()
  const closed = await stage.db.selectFrom('settlements').select('show_id').execute()
  expect(closed).toHaveLength(1)

  // A payout to Rosa, then every statement.
  const rosa = page.getByRole('listitem').filter({ hasText: 'Rosa Delgado' })
  await rosa.getByRole('button', { name: 'Record a payout to Rosa Delgado' }).tap()
  await rosa.getByLabel('Amount').fill('5')
  await rosa.getByLabel('Method').fill('PayPal')
  await rosa.getByLabel('Reference').fill('NIGHT1')
  await rosa.getByRole('button', { name: 'Check the payout' }).tap()
  await rosa.getByRole('button', { name: 'Record the payout' }).tap()
  await page.getByText(/^Recorded \$5\.00 paid to Rosa Delgado\. Still owed: /).waitFor()
  await page.getByRole('button', { name: 'Send every statement' }).tap()
  await page.getByRole('button', { name: 'Send', exact: true }).tap()
  await page.getByText(/^Statements mailed to /).waitFor()
  const mailed = await stage.db
    .selectFrom('mail_outbox')
    .select('to_address')
    .where('dedupe_key', 'like', 'comic-statement-link:%')
    .execute()
  expect(mailed.length).toBeGreaterThanOrEqual(2)

  // Back on Tonight the wrap-up says the show is settled, until dismissed.
  await page.goto(`${stage.server.url}${consolePages.tonight.path}`)
  await wrapUp.getByText('Settled.').waitFor()
  await wrapUp.getByRole('button', { name: 'Dismiss the wrap-up' }).tap()
  expect(await wrapUp.count()).toBe(0)
  await context.close()
})
