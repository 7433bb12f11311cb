// Brings a page's deferred parts into view in a browser test, as a fan scrolling down would.
import type { Page } from 'playwright-core'

/**
 * Brings each deferred part of the page (src/web/components/deferred.tsx) into view in turn and
 * waits until React has hydrated it (or rendered it afresh), then goes back to the top: what a
 * fan scrolling down the page makes happen. Tests that use the parts below the fold start with
 * it. A part gone meanwhile (the page moved on) is skipped.
 */
export async function hydrateDeferredParts(page: Page): Promise<void> {
  // Those React has not hydrated yet (a page rendered in the browser has none of them).
  const waiting = await page
    .locator('[data-deferred]')
    .evaluateAll((parts) =>
      parts
        .filter((part) => !Object.keys(part).some((key) => key.startsWith('__reactFiber')))
        .map((part) => (part as HTMLElement).dataset.deferred ?? ''),
    )
  // At once, not as the site's smooth scrolling glides: each glide is frames that Chromium
  // paints for nothing a test reads: 1.4 s of its CPU per landing page, 0.6 s at once.
  for (const id of waiting) {
    await page.evaluate((partId) => {
      document
        .querySelector(`[data-deferred="${partId}"]`)
        ?.scrollIntoView({ block: 'center', behavior: 'instant' })
    }, id)
    await page.waitForFunction((partId) => {
      const node = document.querySelector(`[data-deferred="${partId}"]`)
      return node === null || Object.keys(node).some((key) => key.startsWith('__reactFiber'))
    }, id)
  }
  if (waiting.length > 0)
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
}
