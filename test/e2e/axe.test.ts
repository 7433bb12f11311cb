/**
 * axe as every browser test runs it (test/support/axe.ts): in the page itself, with Lighthouse's
 * extra rule. A check that cannot fail checks nothing: here it must find what is wrong, in the
 * page and inside a frame of the same origin.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { axeViolations } from '#test/axe'
import { launchBrowser } from '#test/chromium'

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  page = await browser.newPage()
})

afterAll(async () => {
  await browser?.close()
})

const fine = '<!doctype html><html lang="en"><head><title>Fine</title></head><body><main>'

test('a page with nothing wrong has no findings', async () => {
  await page.setContent(`${fine}<h1>Tonight</h1><p>Doors at eight.</p></main></body></html>`)
  expect(await axeViolations(page)).toEqual([])
})

test('an image without a text and a button whose name leaves out its words are found', async () => {
  await page.setContent(
    `${fine}<h1>Tonight</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">` +
      '<button aria-label="Submit order">Buy codes</button></main></body></html>',
  )
  const found = await axeViolations(page)
  expect(found.map((line) => line.split(' ')[0])).toEqual([
    'image-alt',
    'label-content-name-mismatch',
  ])
})

test("what is wrong inside a frame of the page's own origin is found too", async () => {
  // Served from one http origin (a page of setContent has none to share with its frame).
  const origin = 'http://club.test'
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: route.request().url().endsWith('/bill')
        ? '<!doctype html><html lang="en"><title>Bill</title><h2>The bill</h2>' +
          '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></html>'
        : `${fine}<h1>Tonight</h1><iframe title="The bill" src="/bill"></iframe></main></body></html>`,
    }),
  )
  await page.goto(`${origin}/`)
  await page.frameLocator('iframe').locator('img').waitFor({ state: 'attached' })
  const found = await axeViolations(page)
  expect(
    found.map((line) => line.split(': ')[0]),
    found.join('\n'),
  ).toEqual(['image-alt (critical)'])
  expect(found[0]).toContain('iframe')
})
