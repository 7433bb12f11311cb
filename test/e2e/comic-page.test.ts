/**
 * A comic's page as a fan opens it on a 390 px phone: the real server (the comic added, given a
 * picture and put on the next show's bill through the console's API), Chromium, axe.
 */
import path from 'node:path'
import type { Browser } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeOn } from '#test/axe'
import { launchBrowser } from '#test/chromium'
import { consoleActionOverHttp, signInOverHttp } from '#test/console'
import { hydrateDeferredParts } from '#test/deferred-parts'
import { saveFullPage } from '#test/page-pictures'
import { type RunningServer, startServer } from '#test/server'
import { expectFirstLoadsWithinBudget } from '#test/transfer'
import { consoleApi, csrfHeader } from '../../src/shared/console'
import { landingAnchors } from '../../src/shared/pages'

const host = 'host@club.example'
let server: RunningServer
let browser: Browser

// A long name, a long unbroken VRChat name and link: on a narrow phone they must wrap.
const name = 'Maximilian Featherstonehaugh-Cholmondeley'
const slug = 'maximilian-featherstonehaugh-cholmondeley'

beforeAll(async () => {
  ;[server, browser] = await Promise.all([
    startServer({ ADMIN_EMAILS: host, LOCAL_PAYMENT_DELAY_MS: '0' }),
    launchBrowser(),
  ])
  const signedIn = await signInOverHttp(server, host)
  const headers = { cookie: signedIn.cookie, [csrfHeader]: signedIn.csrfToken, origin: server.url }
  const action = (actionName: Parameters<typeof consoleApi.action>[0], input: unknown) =>
    consoleActionOverHttp(server, signedIn, actionName, input)
  const { comic } = await action('comics.add', {
    name,
    pronouns: 'he/him',
    bio: 'Grew up in a lighthouse, now tells jokes to avatars.\nAsk about the seagulls.',
    vrchatName: 'TheLighthouseKeeperWhoNeverSleepsAtAll',
    links: [
      { label: 'Instagram', url: 'https://instagram.com/featherstonehaugh' },
      { label: 'YouTube', url: 'https://youtube.com/@featherstonehaugh-cholmondeley-comedy' },
    ],
    payoutEmail: 'max.pay@example.com',
  })
  const picture = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: '#8040c0' },
  })
    .png()
    .toBuffer()
  const uploaded = await fetch(`${server.url}${consoleApi.comicPicture(comic.id)}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'image/png' },
    body: picture,
  })
  expect(uploaded.status).toBe(200)
  await action('lineup.set', { places: [{ comic: slug, role: 'headliner' }] })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test("on a 390 px phone a comic's page reads whole: axe finds nothing, nothing scrolls sideways", async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))

  const response = await page.goto(`${server.url}/comics/${slug}`)
  expect(response?.status()).toBe(200)
  await page.waitForLoadState('load')
  await expect
    .poll(() =>
      page.evaluate(() => {
        const root = document.getElementById('root')
        return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'))
      }),
    )
    .toBe(true)
  await hydrateDeferredParts(page)
  await expect(page.getByRole('heading', { level: 1, name })).toBeDefined()
  // The pronouns after the name, as the server rendered them and hydration kept them.
  expect(await page.locator('h1').textContent()).toBe(`${name} (he/him)`)
  expect(await page.title()).toContain(name)
  // The picture is the server's 480 px square.
  const picture = page.locator('img.comic-picture')
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(480)
  expect(await page.locator('.comic-show-role').allTextContents()).toEqual(['Headliner'])
  expect(await page.content()).not.toContain('max.pay@example.com')

  const results = await axeOn(page).analyze()
  expect(
    results.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
    ),
  ).toEqual([])
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true)
  await saveFullPage(page, path.resolve('test-results/screenshots/comic-page-390.png'))
  // Hydration matched the server's HTML: React said nothing.
  expect(errors).toEqual([])
  await context.close()
})

test("the landing page's schedule links the comic's page from the show's bill", async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  await page.goto(server.url)
  await hydrateDeferredParts(page)
  const schedule = page.locator(`#${landingAnchors.schedule}`)
  await schedule.getByRole('link', { name }).first().click()
  await page.waitForURL(`${server.url}/comics/${slug}`)
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`${name} (he/him)`)
  await context.close()
})

test("a comic's page loads at most 100 KB of JavaScript first, as the browser transfers it", async () => {
  await expectFirstLoadsWithinBudget(browser, server.url, [`/comics/${slug}`])
})
