// The real server, Chromium and a database for the console's browser tests.
import type { Browser } from 'playwright-core'
import type { Db } from '../../src/core/db/schema'
import { openDatabase } from '../../src/server/adapters/db/database'
import { launchBrowser } from './chromium'
import { createPostgresDatabase } from './databases'
import { type RunningServer, startServer } from './server'

/** The real server with one host who may sign in, Chromium, and the server's database open. */
export interface ConsoleStage {
  server: RunningServer
  browser: Browser
  /** For the test to write what members did and read back what the host did. */
  db: Db
  stop(): Promise<void>
}

/** A console's browser test starts here: its own PostgreSQL database, dropped by `stop`. */
export async function startConsoleStage(host: string): Promise<ConsoleStage> {
  const database = await createPostgresDatabase('e2e', { migrated: true })
  const [server, browser] = await Promise.all([
    startServer({ DATABASE_URL: database.url, ADMIN_EMAILS: host }),
    launchBrowser(),
  ])
  // The server has migrated the database by now.
  const db = await openDatabase({ databaseUrl: database.url })
  return {
    server,
    browser,
    db,
    async stop() {
      await browser.close()
      await server.stop()
      await db.destroy()
      await database.drop()
    },
  }
}
