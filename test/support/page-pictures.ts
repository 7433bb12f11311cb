// Saves a whole page as a PNG for a person to look at.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'

/**
 * Saves the whole page, past the window, as a PNG for a person to look at, one pixel per CSS
 * pixel. Chromium's own capture with its encoder set for speed: a long landing page at 1280 px
 * costs Chromium 0.7 s of CPU where Playwright's `fullPage` costs 1.5 s, and the browser files take
 * about 70 of these (docs/decisions/033-less-work-per-test-file.md).
 */
export async function saveFullPage(page: Page, file: string): Promise<void> {
  // As Playwright's own waits for them: the fonts in.
  const size = await page.evaluate(async () => {
    await document.fonts.ready
    const root = document.documentElement
    return {
      width: Math.max(root.scrollWidth, root.clientWidth),
      height: Math.max(root.scrollHeight, document.body?.scrollHeight ?? 0),
    }
  })
  const session = await page.context().newCDPSession(page)
  try {
    const { data } = await session.send('Page.captureScreenshot', {
      format: 'png',
      captureBeyondViewport: true,
      clip: { x: 0, y: 0, ...size, scale: 1 },
      optimizeForSpeed: true,
    })
    await fs.mkdir(path.dirname(file), { recursive: true })
    await fs.writeFile(file, Buffer.from(data, 'base64'))
  } finally {
    await session.detach()
  }
}
