import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { redeemTexts, worldLinkedAttribute } from '../../src/shared/world'
import { axeViolations } from '../support/axe'
import { launchBrowser } from '../support/chromium'
import { buyOverHttp } from '../support/http-store'
import { type RunningServer, startServer } from '../support/server'

// From "Your codes are ready" to the world, in a real browser against a real server: the world's
// link, the setting every fan needs first, and a code redeemed at the kiosk showing as redeemed.

const worldId = 'wrld_4cf4f6a0-3c3b-4b6e-9d3c-6b1a0c2f9e11'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([
    startServer({ VRCHAT_WORLD_ID: worldId, LOCAL_PAYMENT_DELAY_MS: '0' }),
    launchBrowser(),
  ])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function openSuccess(sessionId: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  await page.goto(`${server.url}/success?session_id=${sessionId}`)
  await page.locator('.code-box').first().waitFor()
  return page
}

test('the success page leads into the world and shows a code redeemed at the kiosk', async () => {
  const { sessionId, codes } = await buyOverHttp(server.url, [['boosts-5', 2]])
  const page = await openSuccess(sessionId, 375)

  const worldLinks = page.getByRole('link', { name: redeemTexts.openWorld })
  expect(await worldLinks.count()).toBe(2)
  await worldLinks.first().waitFor({ state: 'visible' })
  expect(await worldLinks.first().getAttribute('href')).toBe('/world')
  const world = await fetch(`${server.url}/world`, { redirect: 'manual' })
  expect(world.headers.get('location')).toBe(`https://vrchat.com/home/launch?worldId=${worldId}`)
  await page.getByText(redeemTexts.untrusted).waitFor({ state: 'visible' })
  const kiosk = page.getByRole('img', { name: redeemTexts.kioskAlt })
  await kiosk.scrollIntoViewIfNeeded()
  await page.waitForFunction(
    (alt) => (document.querySelector(`img[alt="${alt}"]`) as HTMLImageElement | null)?.naturalWidth,
    redeemTexts.kioskAlt,
  )
  expect(await page.getByText(/^Starts in |^On now|^This show is over/).count()).toBe(1)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  )
  expect(await axeViolations(page)).toEqual([])

  // Without the setting (the attribute the server writes), no world link shows.
  await page.evaluate(
    (name) => document.documentElement.removeAttribute(name),
    worldLinkedAttribute,
  )
  await worldLinks.first().waitFor({ state: 'hidden' })

  // Redeemed at the kiosk: the page reads the states again and says so, with no reload.
  const [first] = codes
  const answer = await fetch(`${server.url}/k/${first}`)
  expect(await answer.json()).toMatchObject({ status: 'redeemed' })
  const card = page.locator('li.success-code', { hasText: first ?? '' })
  await card.getByText(/^Redeemed /).waitFor({ timeout: 45_000 })
  await page.context().close()
}, 90_000)
