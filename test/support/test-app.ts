// The whole app over a test database, with a hand-moved clock, the test checkout and a recording
// mailer.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import type { PaymentProvider } from '../../src/core/checkout/payment-provider'
import { clientHasher } from '../../src/core/client-hash'
import type { Db } from '../../src/core/db/schema'
import type { Mailer, MailMessage } from '../../src/core/mail/mail-message'
import { runMailWorker } from '../../src/core/mail-worker'
import { answerSignInRequests, type SignInAnswering } from '../../src/core/sign-in/requests'
import { createLocalProvider } from '../../src/server/adapters/payments/local-provider'
import type { Redis } from '../../src/server/adapters/redis'
import { type AppDeps, buildApp } from '../../src/server/app'
import { signInAudiences } from '../../src/server/sign-in/audiences'
import { ManualClock } from './clock'
import type { OpenTestDatabase, TestDatabase } from './databases'
import { queryLog } from './query-log'

/** A mailer that keeps what it was asked to send; `failWith` makes it fail like a dead server. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = []
  failWith: Error | undefined
  async send(message: MailMessage): Promise<void> {
    if (this.failWith) throw this.failWith
    this.sent.push(message)
  }
}

export interface TestApp {
  app: FastifyInstance
  deps: AppDeps
  clock: ManualClock
  mailer: RecordingMailer
  payments: PaymentProvider
  /** How many times the app asked the mail worker to run. */
  mailKicks: { count: number }
  /** Settles once every mail-worker run the app's kicks started is over. */
  mailWorkDone(): Promise<void>
}

export const testPublicUrl = 'http://store.test'

/** The key of client-address hashes in test apps: fixed, so a test can compute a hash itself. */
export const testServerSecret = 'test-secret-test-secret-test-secret'

export type TestConfig = AppDeps['config']

export interface TestAppOptions {
  now?: string
  localPaymentDelayMs?: number
  clientDir?: string
  /** Shared counters in Redis (see redis.ts in this folder) instead of this process's memory. */
  redis?: Redis
  /** Names this app's counters apart from other test apps' in the same Redis. */
  counterNamespace?: string
  /** Proxies trusted to name the client in X-Forwarded-For (the kiosk tests play many players). */
  trustProxyHops?: number
  /**
   * Rate limits other than core/rate-limits.ts's; unset, checkouts, polls and console sign-ins
   * are high enough that a test file's many from one address never meet them
   * (checkout-limits.test.ts and console.test.ts test the real ones).
   */
  rateLimitMax?: AppDeps['rateLimitMax']
  /** Renders request-rendered pages (/) per request, as the built server entry does. */
  renderPage?: AppDeps['renderPage']
  /** Who may sign in to the console (ADMIN_EMAILS). */
  adminEmails?: string[]
  /** The site's address (PUBLIC_URL); testPublicUrl unless said. */
  publicUrl?: string
  /** The store sells memberships (MEMBERSHIPS=open); closed unless said. */
  memberships?: 'open' | 'closed'
  /** Pages carry the test-mode banner, as on a public test site (ALLOW_TEST_CHECKOUT=true). */
  testModeBanner?: boolean
  /** The club's world in VRChat (VRCHAT_WORLD_ID); unset unless said. */
  worldId?: string
  /** Told the SQL of every query the app runs (deps.db), in order, without parameters. */
  onQuery?: (sql: string) => void
  /** Where the app logs (at info); unset, it logs nothing. */
  logStream?: NodeJS.WritableStream
  /**
   * When the mail worker is asked to answer a sign-in link request; right away unless set (the
   * server's random moment: core/sign-in/requests.ts's signInAnswerDelayMs).
   */
  signInAnswerDelayMs?: () => number
  /**
   * Each kick runs the whole mail worker, as a server's does: requests answered, due mail sent
   * through the recording mailer. Unset, a kick only answers sign-in link requests (their links
   * then wait in the outbox, where tests read them) and the tests run the rest themselves.
   */
  runMailWorker?: boolean
  /** Another payment provider than the local test checkout (Stripe's tests). */
  payments?: (deps: {
    config: TestConfig
    db: Db
    clock: ManualClock
    kickMail: () => void
  }) => PaymentProvider
}

/**
 * The whole app over a test database, with a hand-moved clock, the local test checkout and a
 * recording mailer. The local checkout's fulfilment timer is an hour unless asked otherwise, so
 * tests decide when codes appear by moving the clock and polling.
 */
export async function buildTestApp(testDb: Db, options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.onQuery ? testDb.withPlugin(queryLog(options.onQuery)) : testDb
  const clock = new ManualClock(options.now)
  const mailer = new RecordingMailer()
  const mailKicks = { count: 0 }
  let mailWork: Promise<unknown> = Promise.resolve()
  const kickMail = () => {
    mailKicks.count++
    const signIn: SignInAnswering = {
      publicUrl: config.publicUrl,
      audiences: signInAudiences(config),
    }
    // On the database unlogged: onQuery tells the app's queries, not the worker's.
    const run: () => Promise<unknown> = options.runMailWorker
      ? () => runMailWorker(testDb, mailer, clock, { signIn })
      : () => answerSignInRequests(testDb, clock, signIn)
    // One run at a time, as the worker's; a run after the database closed fails quietly.
    mailWork = mailWork.then(run).catch(() => undefined)
  }
  const config: TestConfig = {
    publicUrl: options.publicUrl ?? testPublicUrl,
    adminEmails: options.adminEmails ?? [],
    dataDir: '.',
    localPaymentDelayMs: options.localPaymentDelayMs ?? 3_600_000,
    contactTo: undefined,
    logLevel: options.logStream ? 'info' : 'silent',
    trustProxyHops: options.trustProxyHops ?? 0,
    testModeBanner: options.testModeBanner ?? false,
    memberships: options.memberships ?? 'closed',
    worldId: options.worldId,
  }
  const payments = (options.payments ?? createLocalProvider)({ config, db, clock, kickMail })
  const deps: AppDeps = {
    config,
    db,
    payments,
    mailer,
    clock,
    kickMail,
    signInAnswerDelayMs: options.signInAnswerDelayMs ?? (() => 0),
    clientDir: options.clientDir,
    renderPage: options.renderPage,
    hashClient: clientHasher(testServerSecret),
    redis: options.redis,
    counterNamespace: options.counterNamespace,
    rateLimitMax: options.rateLimitMax ?? {
      checkouts: 1e9,
      sessionPolls: 1e9,
      consoleSignIn: 1e9,
      consoleSignInPerAddressNetwork: 1e9,
      consoleSignInPerAddress: 1e9,
    },
    logStream: options.logStream,
  }
  const app = await buildApp(deps)
  await app.ready()
  return {
    app,
    deps,
    clock,
    mailer,
    payments,
    mailKicks,
    mailWorkDone: async () => {
      await mailWork
    },
  }
}

export interface TestContext extends TestApp {
  db: Db
}

/**
 * Opens `database` and builds the app once before the enclosing block's tests, and closes both
 * after them. The returned object is filled in by then: read it inside tests and hooks only.
 */
export function withTestApp(database: TestDatabase, options: TestAppOptions = {}): TestContext {
  // @ts-expect-error filled in by beforeAll, before any test can read it
  const context: TestContext = {}
  let opened: OpenTestDatabase | undefined
  beforeAll(async () => {
    opened = await database.open()
    Object.assign(context, await buildTestApp(opened.db, options), { db: opened.db })
  })
  afterAll(async () => {
    await context.app?.close()
    await opened?.close()
  })
  return context
}
