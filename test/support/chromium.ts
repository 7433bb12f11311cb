// The browser the tests, benchmarks and scripts drive: Debian's Chromium through playwright-core.
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

/** A Chromium of its own for a test file, a benchmark or a script. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
}
