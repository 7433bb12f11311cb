// Several test apps over one database, listening on real ports, for the stage stream's tests.
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { clientHasher } from '../../src/core/client-hash'
import type { Db } from '../../src/core/db/schema'
import { openDatabase } from '../../src/server/adapters/db/database'
import { createLocalProvider } from '../../src/server/adapters/payments/local-provider'
import { type AppDeps, buildApp } from '../../src/server/app'
import { ManualClock } from './clock'
import { createPostgresDatabase, postgresConfigured } from './databases'
import { RecordingMailer, type TestConfig, testPublicUrl, testServerSecret } from './test-app'

/** One app of a stage test, listening on a real port (streams are read with fetch). */
export interface StageApp {
  app: FastifyInstance
  deps: AppDeps
  url: string
}

export interface StageApps {
  db: Db
  clock: ManualClock
  /** The database's address on PostgreSQL (the command line opens it itself); unset on PGlite. */
  databaseUrl: string | undefined
  apps: StageApp[]
}

export const stageDatabases = postgresConfigured
  ? (['PGlite', 'PostgreSQL'] as const)
  : (['PGlite'] as const)

/**
 * `count` apps over one database, as `count` server processes would run (on PostgreSQL each
 * listens with a connection of its own; on PGlite they share the one process's bus, so use
 * one), with one hand-moved clock. Opened before the block's tests, closed after them.
 */
export function withStageApps(
  kind: (typeof stageDatabases)[number],
  count: number,
  options: {
    now: string
    stage?: AppDeps['stage']
    /** Where the apps log (at info); unset, they log nothing. */
    logStream?: NodeJS.WritableStream
  },
): StageApps {
  // @ts-expect-error filled in by beforeAll
  const context: StageApps = { apps: [] }
  let drop: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const clock = new ManualClock(options.now)
    let databaseUrl: string | undefined
    if (kind === 'PostgreSQL') {
      const database = await createPostgresDatabase('stage', { migrated: true })
      databaseUrl = database.url
      drop = () => database.drop()
    }
    const dbs: Db[] = []
    for (let i = 0; i < (databaseUrl ? count : 1); i++)
      dbs.push(await openDatabase({ databaseUrl }))
    Object.assign(context, { db: dbs[0], clock, databaseUrl })
    for (let i = 0; i < count; i++) {
      const db = dbs[i] ?? (dbs[0] as Db)
      const config: TestConfig = {
        publicUrl: testPublicUrl,
        dataDir: '.',
        localPaymentDelayMs: 3_600_000,
        contactTo: undefined,
        logLevel: options.logStream ? 'info' : 'silent',
        trustProxyHops: 1,
        databaseUrl,
      }
      const kickMail = () => undefined
      const deps: AppDeps = {
        config,
        db,
        payments: createLocalProvider({ config, clock }),
        mailer: new RecordingMailer(),
        clock,
        kickMail,
        hashClient: clientHasher(testServerSecret),
        rateLimitMax: { checkouts: 1e9, sessionPolls: 1e9 },
        stage: options.stage,
        logStream: options.logStream,
      }
      const app = await buildApp(deps)
      await app.listen({ port: 0, host: '127.0.0.1' })
      await app.stage.ready
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
      context.apps.push({ app, deps, url })
    }
  })
  afterAll(async () => {
    for (const { app } of context.apps) {
      // Keep-alive connections of the tests' fetches would hold the close for seconds.
      app.server.closeAllConnections()
      await app.close()
    }
    const dbs = new Set(context.apps.map((entry) => entry.deps.db))
    for (const db of dbs) await db.destroy()
    await drop?.()
  })
  return context
}
