/**
 * A show's page as a fan opens it on a 390 px phone: the real server (a comic with a picture put
 * on the next show's bill through the console's API), Chromium, axe.
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
import { schemaOrgProblems } from '#test/schema-org'
import { type RunningServer, startServer } from '#test/server'
import { expectFirstLoadsWithinBudget } from '#test/transfer'
import { consoleApi, csrfHeader } from '../../src/shared/console'
import { landingAnchors } from '../../src/shared/pages'
import { type ScheduleEvent, showPath } from '../../src/shared/schedule'
import { showPageTexts } from '../../src/shared/show-page-view'
import { worldPath } from '../../src/shared/world'

const host = 'host@club.example'
let server: RunningServer
let browser: Browser
let show: ScheduleEvent

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
    name: 'Maximilian Featherstonehaugh-Cholmondeley',
  })
  await action('comics.add', { name: 'Lee Park' })
  const picture = await sharp({
    create: { width: 800, height: 800, channels: 3, background: '#8040c0' },
  })
    .png()
    .toBuffer()
  const uploaded = await fetch(`${server.url}${consoleApi.comicPicture(comic.id)}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'image/png' },
    body: picture,
  })
  expect(uploaded.status).toBe(200)
  await action('lineup.set', {
    places: [
      { comic: 'lee-park', role: 'host' },
      { comic: 'maximilian-featherstonehaugh-cholmondeley', role: 'headliner' },
    ],
  })
  const shows = (await (await fetch(`${server.url}/api/schedule`)).json()) as ScheduleEvent[]
  const [next] = shows
  if (!next) throw new Error('no show')
  show = next
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test("on a 390 px phone a show's page reads whole: the lineup's pictures, the fan's own time, axe finds nothing, nothing scrolls sideways", async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    timezoneId: 'Europe/Berlin',
  })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))

  const response = await page.goto(`${server.url}${showPath(show.id)}`)
  expect(response?.status()).toBe(200)
  expect(response?.headers()['permissions-policy']).toContain('camera=()')
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
  expect(await page.locator('h1').textContent()).toBe(show.name)
  expect(await page.title()).toContain(show.name)
  // The fan's own time, once the page runs in their zone.
  await expect
    .poll(() => page.locator('.show-time .local-time').textContent())
    .toContain('your time')
  expect(await page.locator('.show-comic-name').allTextContents()).toEqual([
    'Lee Park',
    'Maximilian Featherstonehaugh-Cholmondeley',
  ])
  const picture = page.locator('img.show-comic-picture')
  await picture.scrollIntoViewIfNeeded()
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  expect(await page.getByRole('link', { name: showPageTexts.remindMe }).getAttribute('href')).toBe(
    `/remind?show=${encodeURIComponent(show.id)}`,
  )

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
  await saveFullPage(page, path.resolve('test-results/screenshots/show-page-390.png'))
  // Hydration matched the server's HTML: React said nothing.
  expect(errors).toEqual([])
  await context.close()
})

test("the landing page's schedule links each show's page", async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  await page.goto(server.url)
  await hydrateDeferredParts(page)
  const schedule = page.locator(`#${landingAnchors.schedule}`)
  await schedule
    .locator(`a[href="${showPath(show.id)}"]`)
    .first()
    .click()
  await page.waitForURL(`${server.url}${showPath(show.id)}`)
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(show.name)
  await context.close()
})

test("a show's page loads at most 100 KB of JavaScript first, as the browser transfers it", async () => {
  await expectFirstLoadsWithinBudget(browser, server.url, [showPath(show.id)])
})

test('as built and served, the landing page and the store carry valid JSON-LD (Organization, WebSite, ComedyEvents, Products) and no link to a world that is not set', async () => {
  const jsonLd = (html: string) =>
    // A script holds one item, or a list of them (the landing page's shows).
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(
      (match) => [JSON.parse(match[1] ?? 'null')].flat() as { '@type': string }[],
    )
  const landing = await (await fetch(server.url)).text()
  const store = await (await fetch(`${server.url}/store`)).text()
  const landingItems = jsonLd(landing)
  const storeItems = jsonLd(store)
  expect(new Set(landingItems.map((item) => item['@type']))).toEqual(
    new Set(['Organization', 'WebSite', 'ComedyEvent']),
  )
  expect(storeItems.length).toBeGreaterThan(0)
  expect(storeItems.every((item) => item['@type'] === 'Product')).toBe(true)
  for (const item of [...landingItems, ...storeItems]) {
    // Event items of the landing page are its list; each show's own page has the full Event.
    if (item['@type'] === 'ComedyEvent') continue
    expect(schemaOrgProblems(item)).toEqual([])
  }
  expect(JSON.stringify(landingItems)).toContain(`"url":"${server.url}/"`)
  for (const html of [landing, store]) {
    expect(html).toContain('<meta property="og:locale" content="en_US" />')
    expect(html).toMatch(/<meta name="twitter:image:alt" content="[^"]+" \/>/)
    expect(html).not.toContain(`href="${worldPath}"`)
  }
})
