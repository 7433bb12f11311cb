/**
 * A comics night end to end, on a phone (390 px): the host adds two comics and tonight's lineup
 * in the console and taps Next; a fan redeems a code at the world's kiosk (the simulator); the
 * overlay says who is on and shows the gift for that comic; the comic's page lists the show; the
 * comic signs in from the mailed link and sees the boosts. The real server on PostgreSQL,
 * Chromium.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeOn } from '#test/axe'
import { mailedComicLinks } from '#test/comic-statement'
import {
  addComicInConsole,
  openFromMenu,
  openLineupEditor,
  signInByMail,
} from '#test/console-comics'
import { buyOverHttp } from '#test/http-store'
import { KioskSimulator } from '#test/kiosk-simulator'
import { addEvent } from '../../src/core/schedule/events'
import { readStageKey } from '../../src/core/stage-stream/stage-key'
import { openDatabase } from '../../src/server/adapters/db/database'
import { comicHomeTexts } from '../../src/shared/comic-home'
import { comicStatementTexts } from '../../src/shared/comic-statement'
import { onStageWords } from '../../src/shared/comics'
import { consolePages } from '../../src/shared/console'
import { giftSentence } from '../../src/shared/gift-sentence'
import { stageApi } from '../../src/shared/stage'
import { comicConsoleTexts } from '../../src/web/console/pages/comics-texts'
import { launchBrowser } from '../support/chromium'
import { createPostgresDatabase, type PostgresDatabase } from '../support/databases'
import { clearRegularShowsNear } from '../support/schedule'
import { type RunningServer, startServer } from '../support/server'

const host = 'host@club.example'
const showName = 'Comics Night Live'
const sam = { name: 'Sam Stone', slug: 'sam-stone', payout: 'sam.pay@example.com' }
const lee = { name: 'Lee Park', payout: 'lee.pay@example.com' }
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

let database: PostgresDatabase
let server: RunningServer
let browser: Browser
let stageKey = ''

beforeAll(async () => {
  database = await createPostgresDatabase('e2e', { migrated: true })
  const db = await openDatabase({ databaseUrl: database.url })
  const now = new Date()
  // Tonight's show is on now, whatever the hour.
  await clearRegularShowsNear(db, { now: () => now })
  await addEvent(
    db,
    { name: showName, description: '', startsAt: new Date(now.getTime() - 20 * 60_000) },
    now,
  )
  stageKey = await readStageKey(db)
  await db.destroy()
  ;[server, browser] = await Promise.all([
    startServer({ DATABASE_URL: database.url, ADMIN_EMAILS: host, LOCAL_PAYMENT_DELAY_MS: '0' }),
    launchBrowser(),
  ])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await database?.drop()
})

async function phonePage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(phone)
  context.setDefaultTimeout(20_000)
  return { context, page: await context.newPage() }
}

async function readsWhole(page: Page): Promise<void> {
  const axe = await axeOn(page).analyze()
  expect(
    axe.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)),
  ).toEqual([])
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    ),
  ).toBe(false)
}

test("a comics night: lineup and Next on a phone, a kiosk gift for the comic on the overlay, the comic's page and statement", {
  timeout: 240_000,
}, async () => {
  // The host signs in on a phone and adds two comics.
  const { context: hostContext, page: hostPage } = await phonePage()
  await signInByMail(hostPage, server, host, consolePages.comics.path)
  await addComicInConsole(hostPage, sam, comicConsoleTexts.added)
  await addComicInConsole(hostPage, lee, comicConsoleTexts.added)
  await expect.poll(() => hostPage.locator('main tbody tr').count()).toBe(2)

  // Tonight's lineup: Sam hosts, Lee headlines.
  await openFromMenu(hostPage, 'Tonight')
  await openLineupEditor(hostPage)
  const lineup = hostPage.getByRole('region', { name: new RegExp(`^Lineup: ${showName}`) })
  const addForm = lineup.locator('form')
  await addForm.getByLabel('Comic').selectOption({ label: sam.name })
  await addForm.getByLabel('Role').selectOption({ label: 'Host/MC' })
  await addForm.getByRole('button', { name: 'Add to the lineup' }).tap()
  await addForm.getByLabel('Comic').selectOption({ label: lee.name })
  await addForm.getByLabel('Role').selectOption({ label: 'Headliner' })
  await addForm.getByRole('button', { name: 'Add to the lineup' }).tap()
  await lineup.getByRole('button', { name: 'Save the lineup' }).tap()
  await lineup.getByText(/^Saved the lineup of /).waitFor()

  // The overlay, as OBS shows it, is open before the show's first comic walks on.
  const overlayContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } })
  const overlay = await overlayContext.newPage()
  overlay.setDefaultTimeout(10_000)
  // Its stream is open (the corner shows no total until the first gift).
  const streamOpen = overlay.waitForResponse(
    (response) => new URL(response.url()).pathname === stageApi.events,
  )
  await overlay.goto(`${server.url}/overlay?min=1&key=${stageKey}`)
  await streamOpen

  // Next: Sam is on, and the overlay's lower third says so within 2 s.
  await hostPage
    .getByRole('region', { name: 'On stage' })
    .getByRole('button', { name: `Next: ${sam.name}` })
    .tap()
  await overlay
    .locator('#overlay-onstage')
    .getByText(onStageWords.line(sam.name))
    .waitFor({ timeout: 2000 })
  await readsWhole(hostPage)

  // A fan redeems an FFR 10 at the kiosk: the answer and the overlay's alert name Sam.
  const { codes } = await buyOverHttp(server.url, [['ffr-10', 1]], { email: 'fan@example.com' })
  const kiosk = new KioskSimulator({ baseUrl: server.url, playerAddress: '127.0.0.1' })
  const answer = await kiosk.redeem(codes[0] as string)
  expect(answer.ok && answer.json).toMatchObject({ status: 'redeemed', comic: sam.name })
  expect(answer.ok && String(answer.json.message)).toContain(`for ${sam.name}!`)
  await overlay
    .locator('#overlay-alerts')
    .getByText(giftSentence({ name: '', from: 'a fan', boosts: 5, comic: sam.name, message: '' }))
    .waitFor({ timeout: 2000 })
  await overlayContext.close()
  await hostContext.close()

  // Sam's page lists tonight's show.
  const { context: fanContext, page: fan } = await phonePage()
  await fan.goto(`${server.url}/comics/${sam.slug}`)
  await fan.getByRole('heading', { name: sam.name }).first().waitFor()
  expect(await fan.locator('main').innerText()).toContain(showName)
  expect(await fan.locator('body').innerText()).not.toContain(sam.payout)
  await readsWhole(fan)
  await fanContext.close()

  // Sam signs in from the mailed link and sees the boosts given during the set.
  const { context: comicContext, page: statement } = await phonePage()
  const texts = comicStatementTexts
  await statement.goto(`${server.url}/statement`)
  await statement.getByLabel(texts.emailLabel).fill(sam.payout)
  await statement.getByRole('button', { name: texts.sendLink }).click()
  await statement.getByRole('heading', { name: texts.checkMail }).waitFor()
  await expect.poll(() => mailedComicLinks(server).length, { timeout: 15_000 }).toBe(1)
  await statement.goto(mailedComicLinks(server)[0] as string)
  await statement.getByRole('button', { name: comicHomeTexts.continue }).click()
  await statement.getByRole('link', { name: comicHomeTexts.statementLink }).click()
  await statement.getByRole('heading', { name: `${texts.heading}: ${sam.name}` }).waitFor()
  const night = statement.locator(`[data-show="${showName}"]`)
  expect(await night.innerText()).toContain('5 show-code boosts during your set, worth')
  expect(await statement.locator('body').innerText()).not.toContain(lee.name)
  await readsWhole(statement)
  await comicContext.close()
})
