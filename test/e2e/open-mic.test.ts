/**
 * An open mic at phone size (390 px), as issue "The open-mic list" says it is done: two comics
 * sign up on the open-mic page and confirm from their mailed links, the host draws in the
 * console, both see their places, one withdraws from their mail, the next moves up, and the host
 * makes that running order the lineup and opens the show with it. The real server on PostgreSQL,
 * Chromium; axe on every new page.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeOn } from '#test/axe'
import { signInByMail } from '#test/console-comics'
import { type ConsoleStage, startConsoleStage } from '#test/console-server'
import { mailedOpenMicLink, newestMail } from '#test/open-mic'
import type { RunningServer } from '#test/server'
import { expectFirstLoadsWithinBudget } from '#test/transfer'
import { systemClock } from '../../src/core/clock'
import type { Db } from '../../src/core/db/schema'
import { runOperatorAction } from '../../src/core/operator/run-action'
import { consolePages } from '../../src/shared/console'
import { openMicPath, openMicTexts } from '../../src/shared/open-mic'
import { openMicConsoleTexts } from '../../src/web/console/pages/open-mic-console-texts'

const host = 'host@club.example'
const comics = [
  { name: 'Ann Lot', email: 'ann.private@example.com', vrchat: 'AnnVR' },
  { name: 'Bo Draw', email: 'bo.private@example.com', vrchat: 'BoVR' },
] as const

let stage: ConsoleStage
let db: Db
let server: RunningServer
let browser: Browser
let showId = ''
let laterShowId = ''

beforeAll(async () => {
  stage = await startConsoleStage(host)
  ;({ server, browser, db } = stage)
  // A show in two hours: tonight's, with sign-up open now and its draw after sign-up closes.
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()
  const deps = { db, clock: systemClock }
  const actor = { who: 'test', via: 'cli' } as const
  const { event } = await runOperatorAction(deps, actor, 'events.add', {
    name: 'Open Mic Night',
    startsAt: at(120),
  })
  showId = event.id
  const later = await runOperatorAction(deps, actor, 'events.add', {
    name: 'Later Mic',
    startsAt: '2027-01-05T02:00:00Z',
  })
  laterShowId = later.event.id
  await runOperatorAction(deps, actor, 'openmic.set', {
    show: showId,
    slots: 1,
    setMinutes: 5,
    opensAt: at(-60),
    closesAt: at(60),
    rule: 'lottery',
    drawAt: at(90),
  })
})

afterAll(async () => {
  await stage?.stop()
})

const phone = () =>
  browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  )
}

async function axe(page: Page) {
  return (await axeOn(page).analyze()).violations
}

/** The link's page, its button pressed: the sentence it answers with. */
async function pressLink(page: Page, link: string, button: string): Promise<string> {
  await page.goto(link)
  await page.getByRole('button', { name: button }).click()
  const answer = page.locator('.open-mic-link [role="status"]')
  await answer.waitFor()
  return (await answer.textContent()) ?? ''
}

async function runningOrder(page: Page): Promise<string[]> {
  await page.goto(`${server.url}${openMicPath(showId)}`)
  return page.locator('.open-mic-order .open-mic-name').allTextContents()
}

test('two comics sign up and confirm, the host draws, one withdraws, the next moves up and opens the show', {
  timeout: 240_000,
}, async () => {
  const contexts: BrowserContext[] = []
  const pages: Page[] = []
  for (const comic of comics) {
    const context = await phone()
    context.setDefaultTimeout(20_000)
    contexts.push(context)
    const page = await context.newPage()
    pages.push(page)
    await page.goto(`${server.url}${openMicPath(showId)}`)
    await page
      .getByRole('heading', { level: 1, name: openMicTexts.heading('Open Mic Night') })
      .waitFor()
    expect(await axe(page)).toEqual([])
    expect(await scrollsSideways(page)).toBe(false)
    await page.getByLabel(openMicTexts.stageName).fill(comic.name)
    await page.getByLabel(openMicTexts.email).fill(comic.email)
    await page.getByLabel(openMicTexts.vrchatName).fill(comic.vrchat)
    await page.getByLabel(/A note for the host/).fill('New ten minutes, clean.')
    // Without the 18+ confirmation, the server refuses with its sentence.
    await page.getByRole('button', { name: openMicTexts.submit }).click()
    await page.getByText(openMicTexts.notAdult).waitFor()
    await page.getByLabel(openMicTexts.adult).check()
    await page.getByRole('button', { name: openMicTexts.submit }).click()
    await page.getByText(openMicTexts.sent).waitFor()
    await expect.poll(() => mailedOpenMicLink(db, comic.email, 'confirm')).toBeTruthy()
    const confirm = await mailedOpenMicLink(db, comic.email, 'confirm')
    await page.goto(confirm as string)
    await page.getByRole('button', { name: openMicTexts.confirmButton }).waitFor()
    // The link shows what it confirms, as this comic typed it, before it is pressed.
    const names = page.locator('.open-mic-confirm-names')
    expect(await names.textContent()).toContain(comic.name)
    expect(await names.textContent()).toContain(comic.vrchat)
    expect(await axe(page)).toEqual([])
    expect(await pressLink(page, confirm as string, openMicTexts.confirmButton)).toBe(
      openMicTexts.placePool,
    )
  }

  // The host draws from a phone, in the console.
  const hostContext = await phone()
  hostContext.setDefaultTimeout(20_000)
  contexts.push(hostContext)
  const console = await hostContext.newPage()
  await signInByMail(console, server, host, consolePages.shows.path)
  const openPanel = async () => {
    await console.getByRole('button', { name: /^Open mic Open Mic Night/ }).click()
    await console.getByRole('heading', { name: /^Open mic: Open Mic Night/ }).waitFor()
  }
  // Another show made an open mic from the show's own form, times typed in Central time: a
  // regular show's row has no open-mic button.
  expect(await console.getByRole('button', { name: /^Open mic Later Mic/ }).count()).toBe(0)
  await console.getByRole('button', { name: /^Edit Later Mic/ }).click()
  await console.getByRole('button', { name: 'Make it an open mic' }).click()
  await console.getByText(openMicConsoleTexts.notYet).waitFor()
  await console.getByLabel('Slots').fill('8')
  await console.getByLabel('Minutes per set').fill('7')
  await console.getByLabel('Sign-up opens (Central time)').fill('2026-12-20 12:00')
  await console.getByLabel('Sign-up closes (Central time)').fill('2027-01-04 18:00')
  await console.getByRole('button', { name: 'Make it an open mic' }).click()
  await console.getByText(openMicConsoleTexts.saved).waitFor()
  const saved = await db
    .selectFrom('open_mics')
    .selectAll()
    .where('show_id', '=', laterShowId)
    .executeTakeFirstOrThrow()
  expect([saved.slots, saved.set_minutes, saved.rule, saved.closes_at.toISOString()]).toEqual([
    8,
    7,
    'first-come',
    '2027-01-05T00:00:00.000Z',
  ])
  await console.getByRole('button', { name: 'Hide the open-mic panel' }).click()

  await openPanel()
  // "Draw now" asks first, saying how long sign-up stays open.
  await console.getByRole('button', { name: 'Draw now…' }).click()
  await console.getByRole('heading', { name: openMicConsoleTexts.drawAsk }).waitFor()
  await console.getByText(/^Sign-up is still open for \d+ (day|hour|minute)s?/).waitFor()
  await console.getByRole('button', { name: 'Draw now', exact: true }).click()
  await console.getByText(/^Drawn\. The seed [0-9a-f]{32}/).waitFor()
  expect(await axe(console)).toEqual([])
  expect(await scrollsSideways(console)).toBe(false)

  // Both see their places: in their mails, and on the page everyone reads.
  const placed = await Promise.all(comics.map((c) => newestMail(db, c.email)))
  const onList = comics.findIndex((_, i) => placed[i]?.text.includes('You have slot 1'))
  expect(onList).toBeGreaterThanOrEqual(0)
  const waiting = 1 - onList
  expect(placed[waiting]?.text).toContain('You are number 1 on the waitlist')
  const [listPage, waitPage] = [pages[onList] as Page, pages[waiting] as Page]
  expect(await runningOrder(waitPage)).toEqual([comics[onList]?.name])
  await waitPage.getByText(openMicTexts.waitlist(1)).waitFor()
  await waitPage.getByRole('heading', { name: openMicTexts.drawHeading }).waitFor()
  // Nothing private is public.
  const pageText = (await waitPage.locator('main').textContent()) ?? ''
  for (const comic of comics) {
    expect(pageText).not.toContain(comic.email)
    expect(pageText).not.toContain(comic.vrchat)
  }
  expect(pageText).not.toContain('New ten minutes')

  // The comic on the list withdraws from their mail; the next moves up and is told.
  const withdraw = await mailedOpenMicLink(db, comics[onList]?.email ?? '', 'withdraw')
  expect(await pressLink(listPage, withdraw as string, openMicTexts.withdrawButton)).toBe(
    openMicTexts.withdrawn,
  )
  expect((await newestMail(db, comics[waiting]?.email ?? ''))?.subject).toBe(
    'You moved up: a slot at Open Mic Night',
  )
  expect(await runningOrder(waitPage)).toEqual([comics[waiting]?.name])

  // On the night, from Tonight: the host checks the comic in, makes the running order the lineup
  // and opens the show with it.
  await console.goto(`${server.url}${consolePages.tonight.path}`)
  await console.getByRole('heading', { name: /^Open mic: Open Mic Night/ }).waitFor()
  await console.getByRole('button', { name: `Check in ${comics[waiting]?.name}` }).click()
  await console.getByText(`${comics[waiting]?.name}: checked in.`).waitFor()
  await console.getByRole('button', { name: 'Use as the lineup' }).click()
  await console.getByText(openMicConsoleTexts.lineupMade).waitFor()
  expect(await axe(console)).toEqual([])
  expect(await scrollsSideways(console)).toBe(false)
  await console.getByRole('button', { name: `Next: ${comics[waiting]?.name}` }).click()
  await expect
    .poll(async () => {
      const open = await db
        .selectFrom('sets')
        .innerJoin('comics', 'comics.id', 'sets.comic_id')
        .select('comics.name')
        .where('sets.show_id', '=', showId)
        .where('sets.ended_at', 'is', null)
        .executeTakeFirst()
      return open?.name
    })
    .toBe(comics[waiting]?.name)
  for (const context of contexts) await context.close()
})

test("an open mic's page loads at most 100 KB of JavaScript first, as the browser transfers it", async () => {
  await expectFirstLoadsWithinBudget(browser, server.url, [
    openMicPath(laterShowId),
    openMicPath(showId),
  ])
})
