import { type Browser, chromium } from 'playwright-core'

/** Debian's chromium unless CHROME_PATH names another. */
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium'

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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
}
