/**
 * What the browser test files share, started once by globalSetup when a browser project runs:
 * a build of the current sources, and one Chromium that every file connects to.
 */
import { execFileSync } from 'node:child_process'
import { buildIsStale } from '../../scripts/build-freshness'
import { browserServer, chromiumEndpointVariable } from './chromium'

export async function startBrowserTests(started: Array<() => Promise<void>>): Promise<void> {
  // `npm test` has just built; a run of the browser files alone after an edit builds here, once,
  // before any file starts a server. No file then finds the build stale and rebuilds it (npm
  // start does, in start-up.test.ts) while another file's server serves it.
  if (buildIsStale()) {
    console.log('The build is older than the sources: building before the browser tests')
    // As `npm run build` runs it: not in Vitest's NODE_ENV=test, which builds for development.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !/^VITEST/.test(name)),
    )
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      stdio: 'inherit',
      env,
    })
  }
  const browser = await browserServer()
  // Workers start after this and inherit it (chromium.ts's launchBrowser reads it).
  process.env[chromiumEndpointVariable] = browser.wsEndpoint()
  started.push(async () => {
    delete process.env[chromiumEndpointVariable]
    await browser.close()
  })
}
