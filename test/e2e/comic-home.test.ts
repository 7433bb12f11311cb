/**
 * A comic's own page end to end, at a phone's size (390 px, then 320 px): a comic signs up for an
 * open mic and confirms from the mail, the open-mic page shows their slot instead of the form;
 * they sign in on Backstage from the mailed link, upload a picture, edit their bio and see both
 * on their public page. The real server on PostgreSQL, Chromium; axe on every new page, and
 * nothing scrolls sideways at 320 px.
 */
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeViolations } from '#test/axe'
import { mailedComicLinks } from '#test/comic-statement'
import { mailedOpenMicLink } from '#test/open-mic'
import { systemClock } from '../../src/core/clock'
import type { Db } from '../../src/core/db/schema'
import { runOperatorAction } from '../../src/core/operator/run-action'
import { openDatabase } from '../../src/server/adapters/db/database'
import { comicHomeTexts } from '../../src/shared/comic-home'
import { openMicPath, openMicTexts } from '../../src/shared/open-mic'
import { launchBrowser } from '../support/chromium'
import { createPostgresDatabase, type PostgresDatabase } from '../support/databases'
import { type RunningServer, startServer } from '../support/server'

const comic = { name: 'Rae Backstage', email: 'rae.backstage@example.com', vrchat: 'RaeVR' }

let database: PostgresDatabase
let db: Db
let server: RunningServer
let browser: Browser
let showId = ''

beforeAll(async () => {
  database = await createPostgresDatabase('e2e')
  db = await openDatabase({ databaseUrl: database.url })
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()
  const deps = { db, clock: systemClock }
  const actor = { who: 'test', via: 'cli' } as const
  const { event } = await runOperatorAction(deps, actor, 'events.add', {
    name: 'Backstage Mic',
    startsAt: at(120),
  })
  showId = event.id
  await runOperatorAction(deps, actor, 'openmic.set', {
    show: showId,
    slots: 3,
    setMinutes: 5,
    opensAt: at(-60),
    closesAt: at(60),
    rule: 'first-come',
  })
  ;[server, browser] = await Promise.all([
    startServer({ DATABASE_URL: database.url }),
    launchBrowser(),
  ])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.destroy()
  await database?.drop()
})

/** Axe finds nothing, and at 320 px nothing scrolls sideways; back to the phone's 390 px. */
async function readsWhole(page: Page) {
  expect(await axeViolations(page)).toEqual([])
  await page.setViewportSize({ width: 320, height: 700 })
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true)
  await page.setViewportSize({ width: 390, height: 844 })
}

test('a comic signs up and confirms, sees their slot, signs in, uploads a picture, edits their bio and sees them on their page', {
  timeout: 180_000,
}, async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  context.setDefaultTimeout(20_000)
  const page = await context.newPage()

  // Sign up on the open-mic page: it says how many slots are left.
  await page.goto(`${server.url}${openMicPath(showId)}`)
  await page.getByText(openMicTexts.slotsLeft(3, 3)).waitFor()
  await page.getByLabel(openMicTexts.stageName).fill(comic.name)
  await page.getByLabel(openMicTexts.email).fill(comic.email)
  await page.getByLabel(openMicTexts.vrchatName).fill(comic.vrchat)
  await page.getByLabel(openMicTexts.adult).check()
  await page.getByRole('button', { name: openMicTexts.submit }).click()
  await page.getByText(openMicTexts.sent).waitFor()

  // Confirm from the mail: the page shows their slot, and no blank form below it.
  await expect.poll(() => mailedOpenMicLink(db, comic.email, 'confirm')).toBeTruthy()
  await page.goto((await mailedOpenMicLink(db, comic.email, 'confirm')) as string)
  await page.getByRole('button', { name: openMicTexts.confirmButton }).click()
  const place = page.locator('.open-mic-mine-place')
  await place.waitFor()
  expect(await place.textContent()).toMatch(/^You're in: slot 1, .+ CT\.$/)
  expect(await page.getByLabel(openMicTexts.stageName).count()).toBe(0)
  await page.getByText(openMicTexts.slotsLeft(2, 3)).waitFor()
  await readsWhole(page)

  // Sign in on Backstage with the mailed link.
  await page.goto(`${server.url}/backstage`)
  await page.getByLabel(comicHomeTexts.emailLabel).fill(comic.email)
  await page.getByRole('button', { name: comicHomeTexts.sendLink }).click()
  await page.getByRole('heading', { name: comicHomeTexts.checkMail }).waitFor()
  await expect.poll(() => mailedComicLinks(server).length, { timeout: 15_000 }).toBe(1)
  await page.goto(mailedComicLinks(server)[0] as string)
  await page.getByRole('button', { name: comicHomeTexts.continue }).click()
  await page.getByRole('heading', { name: comicHomeTexts.headingFor(comic.name) }).waitFor()
  expect(await page.locator(`[data-signup="Backstage Mic"]`).innerText()).toContain(
    "You're in: slot 1",
  )
  await readsWhole(page)

  // A picture, then the bio.
  const picture = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#3060a0' },
  })
    .png()
    .toBuffer()
  await page
    .getByLabel(comicHomeTexts.pictureLabel)
    .setInputFiles({ name: 'rae.png', mimeType: 'image/png', buffer: picture })
  await page.getByRole('button', { name: comicHomeTexts.uploadPicture }).click()
  await page.getByText(comicHomeTexts.pictureSaved).waitFor()
  await page.getByLabel('Bio', { exact: true }).fill('Rae tells stories about her cat, in VR.')
  await page.getByRole('button', { name: comicHomeTexts.save }).click()
  await page.getByText(comicHomeTexts.saved).waitFor()
  await readsWhole(page)

  // Their public page shows both, and leads a fan somewhere.
  await page.getByRole('link', { name: comicHomeTexts.publicPageLink }).click()
  await page.getByRole('heading', { level: 1, name: comic.name }).waitFor()
  await page.getByText('Rae tells stories about her cat, in VR.').waitFor()
  expect(await page.locator('img.comic-picture').getAttribute('src')).toMatch(
    /^\/media\/comics\/\w{16}\.webp$/,
  )
  expect(await page.getByRole('link', { name: `Support ${comic.name}` }).count()).toBe(1)
  await readsWhole(page)

  // Signed in, the open-mic page knows them: their place, with Withdraw.
  await page.goto(`${server.url}${openMicPath(showId)}`)
  await page.locator('.open-mic-mine-place').waitFor()
  expect(await page.getByRole('button', { name: comicHomeTexts.withdraw }).count()).toBe(1)
  await context.close()
})
