import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { saveFullPage } from '#test/page-pictures'
import { launchBrowser } from '../support/chromium'
import { overflowingElements } from '../support/overflow'
import { asSent, sampleMails } from '../support/sample-mails'

// Every mail's HTML as a phone shows it (Chromium at 320 and 375 px, as a mail app's web view):
// nothing scrolls sideways, nothing sticks out; and as a desktop shows it, at most 600 px wide.
// The codes mail's pictures are saved beside the pages' (test-results/screenshots).

const screenshotDir = path.resolve('test-results/screenshots')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

test.each(Object.keys(sampleMails))(
  'the %s mail reads on a phone without sideways scrolling, and at most 600 px wide',
  async (name) => {
    const html = asSent(sampleMails[name] ?? { to: '', subject: '', text: '' }).html ?? ''
    expect(html).toContain('<meta name="viewport"')
    for (const width of [320, 375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } })
      const page = await context.newPage()
      await page.setContent(html)
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true)
      expect(await overflowingElements(page)).toEqual([])
      const sheet = await page.evaluate(
        () => document.querySelector('table table')?.getBoundingClientRect().width ?? 0,
      )
      expect(sheet).toBeGreaterThan(width >= 616 ? 599 : width - 17)
      expect(sheet).toBeLessThanOrEqual(600)
      if (name === 'codes' && width !== 320) {
        await saveFullPage(page, path.join(screenshotDir, `mail-codes-${width}.png`))
      }
      await context.close()
    }
  },
)
