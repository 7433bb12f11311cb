/**
 * The comics in the console as a host runs them from a phone (390 px): the roster, tonight's
 * lineup reordered with buttons, and "Next" on the stage. The real server on PostgreSQL (the
 * test reads back what the host did), Chromium.
 */
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeOn } from '#test/axe'
import {
  addComicInConsole,
  openFromMenu,
  openLineupEditor,
  signInByMail,
} from '#test/console-comics'
import { type ConsoleStage, startConsoleStage } from '#test/console-server'
import { saveFullPage } from '#test/page-pictures'
import type { RunningServer } from '#test/server'
import type { Db } from '../../src/core/db/schema'
import { consolePages } from '../../src/shared/console'
import { comicConsoleTexts } from '../../src/web/console/pages/comics-texts'

const host = 'host@club.example'

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

function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  )
}

/** The lineup of the show as the database keeps it: comic names in running order. */
async function savedLineup(): Promise<string[]> {
  const rows = await db
    .selectFrom('lineups')
    .innerJoin('comics', 'comics.id', 'lineups.comic_id')
    .select(['comics.name', 'lineups.role'])
    .orderBy('lineups.position')
    .execute()
  return rows.map((row) => `${row.name} (${row.role})`)
}

test('on a phone, a host adds two comics, sets a lineup with a reorder and taps Next', {
  timeout: 180_000,
}, async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  context.setDefaultTimeout(20_000)
  const page = await context.newPage()
  await signInByMail(page, server, host, consolePages.comics.path)
  await expect.poll(() => page.title()).toBe('Comics · Punchline VR console')
  await page.getByText(comicConsoleTexts.empty).waitFor()

  await addComicInConsole(
    page,
    { name: 'Sam Stone', bio: 'Tells the truth, slowly.', payout: 'sam.private@example.com' },
    comicConsoleTexts.added,
  )
  await addComicInConsole(page, { name: 'Lee Park' }, comicConsoleTexts.added)
  const rows = page.locator('main tbody tr')
  await expect.poll(() => rows.count()).toBe(2)
  expect(await page.locator('main').textContent()).toContain('/comics/sam-stone')
  expect(await scrollsSideways(page)).toBe(false)
  expect(
    await axeOn(page)
      .analyze()
      .then((r) => r.violations),
  ).toEqual([])
  // The form open, with its links and picture control, passes too.
  await rows.nth(1).getByRole('button', { name: /^Edit/ }).click()
  await page.getByRole('button', { name: 'Add a link' }).click()
  await page.getByLabel('Image file').waitFor()
  expect(
    await axeOn(page)
      .analyze()
      .then((r) => r.violations),
  ).toEqual([])
  expect(await scrollsSideways(page)).toBe(false)
  await saveFullPage(page, path.resolve('test-results/screenshots/console-comics-390.png'))
  await page.getByRole('button', { name: 'Cancel' }).click()

  // Tonight: Sam as host, Lee as headliner, then Lee moved up; nothing is saved before Save.
  await openFromMenu(page, 'Tonight')
  await openLineupEditor(page)
  const lineup = page.getByRole('region', { name: /^Lineup: / })
  await lineup.getByText(comicConsoleTexts.lineupEmpty).waitFor()
  const addForm = lineup.locator('form')
  await addForm.getByLabel('Comic').selectOption({ label: 'Sam Stone' })
  await addForm.getByLabel('Role').selectOption({ label: 'Host/MC' })
  await addForm.getByLabel('Minutes').fill('5')
  await addForm.getByRole('button', { name: 'Add to the lineup' }).tap()
  await addForm.getByLabel('Comic').selectOption({ label: 'Lee Park' })
  await addForm.getByLabel('Role').selectOption({ label: 'Headliner' })
  await addForm.getByRole('button', { name: 'Add to the lineup' }).tap()
  const names = lineup.locator('.console-lineup-name')
  await expect.poll(() => names.allTextContents()).toEqual(['1 Sam Stone', '2 Lee Park'])
  await lineup.getByRole('button', { name: /^Up.*Lee Park/ }).tap()
  await expect.poll(() => names.allTextContents()).toEqual(['1 Lee Park', '2 Sam Stone'])
  expect(await savedLineup()).toEqual([])
  expect(await scrollsSideways(page)).toBe(false)
  await lineup.getByRole('button', { name: 'Save the lineup' }).tap()
  await lineup.getByText(/^Saved the lineup of /).waitFor()
  expect(await savedLineup()).toEqual(['Lee Park (headliner)', 'Sam Stone (host)'])

  // The stage control: Next puts on the first in running order, then offers the second.
  const onStage = page.getByRole('region', { name: 'On stage' })
  const next = onStage.getByRole('button', { name: 'Next: Lee Park' })
  await next.waitFor()
  const box = await next.boundingBox()
  // Big: before the show is on, a row of its own above Pause (on show night, beside it in the bar).
  expect(box?.height).toBeGreaterThanOrEqual(64)
  expect(box?.width).toBeGreaterThanOrEqual(240)
  await next.tap()
  await onStage.getByRole('button', { name: 'Next: Sam Stone' }).waitFor()
  expect(await onStage.locator('.console-stage-now strong').textContent()).toBe('Lee Park')
  const open = await db
    .selectFrom('sets')
    .innerJoin('comics', 'comics.id', 'sets.comic_id')
    .select('comics.name')
    .where('sets.ended_at', 'is', null)
    .execute()
  expect(open).toEqual([{ name: 'Lee Park' }])
  expect(await scrollsSideways(page)).toBe(false)
  expect(
    await axeOn(page)
      .analyze()
      .then((r) => r.violations),
  ).toEqual([])
  // One stage control and one lineup, however often the page reads tonight's show again.
  expect(await page.getByRole('region', { name: 'On stage' }).count()).toBe(1)
  await saveFullPage(page, path.resolve('test-results/screenshots/console-tonight-stage-390.png'))
  // The payout address never leaves the Comics page.
  expect(await page.locator('main').textContent()).not.toContain('sam.private')

  await openFromMenu(page, 'Audit log')
  await page.getByText('Put Lee Park on stage').first().waitFor()
  await context.close()
})
