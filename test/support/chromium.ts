// The browser the tests, benchmarks and scripts drive: Debian's Chromium through playwright-core,
// one per run for the browser test files (globalSetup starts it, each file connects).
import fs from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

/** Headless, and off the network: this machine's closed network refuses Chromium's own calls. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * CHROME_PATH, else the first of `paths` installed. The tests take Debian's headless shell first
 * (the same engine, half the time: docs/decisions/037-the-test-harness.md), Lighthouse the whole
 * browser a fan runs.
 */
export function chromiumPath(
  paths = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'],
): string {
  const found = [process.env.CHROME_PATH, ...paths].find((file) => file && fs.existsSync(file))
  if (found) return found
  throw new Error(
    "No Chromium: install Debian's (apt-get install chromium-headless-shell) or set CHROME_PATH",
  )
}

const endpointVariable = 'TEST_CHROMIUM_ENDPOINT'

/** In a test run, the run's Chromium (a file's pages live in contexts of its own); else a new one. */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = process.env[endpointVariable]
  if (endpoint) return chromium.connect(endpoint)
  return chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
}

/** For globalSetup: the run's one Chromium, which the browser files' workers inherit. */
export async function startSharedChromium(): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: chromiumPath(), args: chromiumArgs })
  process.env[endpointVariable] = server.wsEndpoint()
  return async () => {
    delete process.env[endpointVariable]
    await server.close()
  }
}
