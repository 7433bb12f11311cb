import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { type AppDeps, buildApp } from '../app'
import { ManualClock } from '../clock'
import { type Db, openDatabase } from '../db/database'
import type { Mailer, MailMessage } from '../mail/mailer'
import { createLocalProvider } from '../payments/local-provider'
import type { PaymentProvider } from '../payments/provider'

/** One database a server test runs against, opened once per test file (beforeAll). */
export interface TestDatabase {
  name: string
  open(): Promise<OpenTestDatabase>
}

export interface OpenTestDatabase {
  db: Db
  /** Closes the connection and removes whatever the database left behind. */
  close(): Promise<void>
}

export const testDatabaseUrl =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

const pglite: TestDatabase = {
  name: 'PGlite',
  async open() {
    const db = await openDatabase({})
    return { db, close: () => db.destroy() }
  },
}

/** A fresh, uniquely named database on the test server, dropped again at the end of the file. */
const postgres: TestDatabase = {
  name: 'PostgreSQL',
  async open() {
    const name = `test_${randomBytes(6).toString('hex')}`
    await admin(`create database ${name}`)
    const url = new URL(testDatabaseUrl)
    url.pathname = `/${name}`
    const db = await openDatabase({ databaseUrl: url.toString() })
    return {
      db,
      async close() {
        await db.destroy()
        // The pool's clients may still be saying goodbye: killing them mid-way would surface as
        // an unhandled error in the test run. Wait for them to leave, then drop.
        for (let i = 0; i < 50 && (await connectionsTo(name)) > 0; i++) await sleep(100)
        await admin(`drop database if exists ${name} with (force)`)
      },
    }
  },
}

async function connectionsTo(database: string): Promise<number> {
  const client = new pg.Client({ connectionString: testDatabaseUrl })
  await client.connect()
  try {
    const result = await client.query(
      'select count(*) as n from pg_stat_activity where datname = $1',
      [database],
    )
    return Number(result.rows[0]?.n ?? 0)
  } finally {
    await client.end()
  }
}

/** Runs one statement on the test server's admin database. */
export async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Every server test runs against both: `describe.each(testDatabases)('$name', ...)`. */
export const testDatabases: readonly TestDatabase[] = [pglite, postgres]

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
}

export const testPublicUrl = 'http://store.test'

export type TestConfig = AppDeps['config']

export interface TestAppOptions {
  now?: string
  localPaymentDelayMs?: number
  clientDir?: string
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
export async function buildTestApp(db: Db, options: TestAppOptions = {}): Promise<TestApp> {
  const clock = new ManualClock(options.now)
  const mailer = new RecordingMailer()
  const mailKicks = { count: 0 }
  const kickMail = () => {
    mailKicks.count++
  }
  const config: TestConfig = {
    publicUrl: testPublicUrl,
    dataDir: '.',
    localPaymentDelayMs: options.localPaymentDelayMs ?? 3_600_000,
    contactTo: undefined,
    logLevel: 'silent',
  }
  const payments = (options.payments ?? createLocalProvider)({ config, db, clock, kickMail })
  const deps: AppDeps = {
    config,
    db,
    payments,
    mailer,
    clock,
    kickMail,
    clientDir: options.clientDir,
  }
  const app = await buildApp(deps)
  await app.ready()
  return { app, deps, clock, mailer, payments, mailKicks }
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
