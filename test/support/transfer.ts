// What a page's first visit transfers in scripts, as Chromium counts it, for the JavaScript budget.
import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'
import { scriptBudgetBytes } from '../../scripts/page-scripts'

/** What a page's first visit transferred in scripts. */
export interface ScriptTransfer {
  /** Every script's bytes as they crossed the network: the compressed body and the headers. */
  bytes: number
  /** Each script's path and bytes, for a failure's message. */
  scripts: string[]
}

/**
 * Opens `url` in `page` with an empty cache and adds up every script it loads until the network
 * is quiet after its load event, without scrolling, as Chromium counts each one's bytes received
 * (the response's headers and its compressed body): the first-load JavaScript as Lighthouse
 * counts it (its trace runs until the network is quiet). Parts that load only when scrolled near
 * are not in it, for Lighthouse does not scroll either.
 */
export async function scriptsTransferred(page: Page, url: string): Promise<ScriptTransfer> {
  const cdp = await page.context().newCDPSession(page)
  const scriptUrls = new Map<string, string>()
  const received = new Map<string, number>()
  // Playwright's 'networkidle' fires once per navigation: a page that asks for its scripts after
  // it fired would be counted before they arrived. The quiet is counted here instead.
  const inFlight = new Set<string>()
  let lastActivity = Date.now()
  const settled = (requestId: string) => {
    inFlight.delete(requestId)
    lastActivity = Date.now()
  }
  cdp.on('Network.requestWillBeSent', ({ requestId }) => {
    inFlight.add(requestId)
    lastActivity = Date.now()
  })
  cdp.on('Network.responseReceived', ({ type, requestId, response }) => {
    if (type === 'Script' || /javascript/.test(response.mimeType)) {
      scriptUrls.set(requestId, response.url)
    }
  })
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    received.set(requestId, encodedDataLength)
    settled(requestId)
  })
  cdp.on('Network.loadingFailed', ({ requestId }) => settled(requestId))
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await page.goto(url, { waitUntil: 'load' })
  // A pre-rendered page asks for its scripts two frames after its load (start-script.ts): on a
  // busy machine those frames can come after half a second of quiet.
  await page.waitForFunction(
    () =>
      !document.querySelector('#root[data-entry]') ||
      document.querySelector('head script[type="module"][src]') !== null,
  )
  await networkQuiet(() => inFlight.size === 0 && Date.now() - lastActivity >= quietMs)
  await cdp.detach()
  const scripts: string[] = []
  let bytes = 0
  for (const [requestId, scriptUrl] of scriptUrls) {
    const done = received.get(requestId)
    if (done === undefined) continue
    bytes += done
    scripts.push(`${new URL(scriptUrl).pathname} ${done}`)
  }
  return { bytes, scripts }
}

/** The quiet that ends a load, as Playwright's 'networkidle' and Lighthouse's trace count it. */
const quietMs = 500

async function networkQuiet(isQuiet: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!isQuiet()) {
    if (Date.now() > deadline) throw new Error(`the network was not quiet within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The phone Lighthouse emulates: its window, so what loads without scrolling is the same. */
const lighthousePhone = { width: 412, height: 823 }

/** scriptsTransferred for `url` in a fresh context of Lighthouse's phone. */
export async function firstLoadTransferred(browser: Browser, url: string): Promise<ScriptTransfer> {
  const context = await browser.newContext({ viewport: lighthousePhone })
  try {
    return await scriptsTransferred(await context.newPage(), url)
  } finally {
    await context.close()
  }
}

/**
 * Each of `paths` on the server at `base` loads at most the budget's JavaScript as the browser
 * transfers it (test/e2e/first-load.test.ts holds the build's own count of the same pages).
 */
export async function expectFirstLoadsWithinBudget(
  browser: Browser,
  base: string,
  paths: readonly string[],
): Promise<void> {
  for (const path of paths) {
    const { bytes, scripts } = await firstLoadTransferred(browser, `${base}${path}`)
    const detail = `${path}: ${(bytes / 1024).toFixed(1)} KB in ${scripts.join(', ')}`
    console.log(`first load of ${path} as transferred: ${(bytes / 1024).toFixed(1)} KB`)
    // The app's entry, main and the page's own chunk at least: a page that loads nothing is no pass.
    expect(scripts.length, detail).toBeGreaterThanOrEqual(3)
    expect(bytes, detail).toBeLessThanOrEqual(scriptBudgetBytes)
  }
}
