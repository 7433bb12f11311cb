import path from 'node:path'
import { z } from 'zod'
import { isSimpleEmail } from '../shared/email'
import { defaultPublicUrl } from '../shared/page-rendering'
import { worldIdPattern } from '../shared/world'

const port = z.coerce.number().int().min(0).max(65535)
const optionalUrl = z.url().optional()
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)

/** "host@example.com, Cohost@Example.com": trimmed, lower-cased, once each; a bad one names itself. */
const addressList = z
  .string()
  .default('')
  .transform((value, context) => {
    const addresses = value
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean)
    const bad = addresses.find((address) => !isSimpleEmail(address))
    if (bad !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `${JSON.stringify(bad)} is not a whole address (write them comma-separated, e.g. host@example.com,cohost@example.com)`,
      })
      return z.NEVER
    }
    return [...new Set(addresses)]
  })

const EnvSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
  ),
  PAYMENTS: z.preprocess(emptyAsUndefined, z.enum(['stripe', 'local']).optional()),
  STRIPE_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().startsWith('sk_').optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().startsWith('whsec_').optional()),
  STRIPE_API_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//)
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().optional()),
  CONTACT_TO: z.preprocess(emptyAsUndefined, z.email().optional()),
  LOCAL_PAYMENT_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  SERVER_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  /** Trust X-Forwarded-For from this many proxies in front (0: clients connect directly). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Lets the test checkout (no real payments) serve a public address, e.g. a staging site. */
  ALLOW_TEST_CHECKOUT: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** json: one JSON line per entry; pretty: readable lines. Unset: pretty on a terminal. */
  LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(['json', 'pretty']).optional()),
  /** The hosts who may sign in to the console. */
  ADMIN_EMAILS: addressList,
  /** How often the server backs up into DATA_DIR/backups: 30m, 24h, 7d; unset: never. */
  BACKUP_EVERY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[1-9]\d{0,3}[mhd]$/, 'must be a number and m, h or d, e.g. 24h')
      .optional(),
  ),
  /** How many scheduled backups are kept; the oldest beyond it are removed. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  /** open: the store sells memberships (docs/decisions/017-memberships.md); closed: "Coming Soon". */
  MEMBERSHIPS: z.preprocess(
    emptyAsUndefined,
    z.enum(['open', 'closed'], 'must be open or closed').default('closed'),
  ),
  /** The club's world in VRChat (wrld_...): the pages and the codes mail link to it when set. */
  VRCHAT_WORLD_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(worldIdPattern, 'must be a world id as VRChat shows it: wrld_ and 36 characters')
      .optional(),
  ),
})

export interface Config {
  port: number
  host: string
  publicUrl: string
  dataDir: string
  databaseUrl: string | undefined
  payments: 'stripe' | 'local'
  stripe:
    | { secretKey: string; webhookSecret: string | undefined; apiUrl: string | undefined }
    | undefined
  smtpUrl: string | undefined
  mailFrom: string
  contactTo: string | undefined
  localPaymentDelayMs: number
  /** Shared rate-limit counters for several server processes; unset: each process counts alone. */
  redisUrl: string | undefined
  /** Keys the hashes of client addresses; unset: one is made once and kept in the database. */
  serverSecret: string | undefined
  trustProxyHops: number
  /**
   * The test checkout serves a public address (ALLOW_TEST_CHECKOUT=true): every page then says
   * "test mode: no real payments", so nobody mistakes it for the real store.
   */
  testModeBanner: boolean
  /** PUBLIC_URL was set; unset, links in mail and payment redirects point at localhost. */
  publicUrlSet: boolean
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL']
  logFormat: 'json' | 'pretty'
  /** Who may sign in to the console (ADMIN_EMAILS), lower-cased; empty: nobody. */
  adminEmails: string[]
  /** Whether the store sells memberships (MEMBERSHIPS); closed unless set to open. */
  memberships: 'open' | 'closed'
  /** Scheduled backups (BACKUP_EVERY, BACKUP_KEEP): how often, and how many are kept. */
  backup: { everyMs: number; keep: number } | undefined
  /** The club's world in VRChat (VRCHAT_WORLD_ID); unset, no page or mail links to it. */
  worldId: string | undefined
}

/**
 * The settings the browser may know, and the only ones: switches the server writes on each
 * page's <html> (plugins/built-pages.ts), never a secret nor an id it does not need.
 */
export type BrowserSettings = Pick<Config, 'memberships' | 'testModeBanner'> & {
  /** The world's link (/world) works: its id itself stays on the server. */
  worldLinked: boolean
}

export function browserSettings(
  config: Partial<Pick<Config, 'memberships' | 'testModeBanner' | 'worldId'>>,
): BrowserSettings {
  return {
    memberships: config.memberships ?? 'closed',
    testModeBanner: config.testModeBanner ?? false,
    worldLinked: config.worldId !== undefined,
  }
}

export class ConfigError extends Error {}

/**
 * Reads and checks the environment once, at start-up. A bad value names its variable.
 * `terminal`: stdout is a terminal, where log lines are written to be read, not collected.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, terminal = false): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = issue?.path.join('.') ?? 'environment'
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'bad value'}`)
  }
  const e = parsed.data
  const payments = e.PAYMENTS ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'local')
  if (payments === 'stripe' && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError('Invalid STRIPE_SECRET_KEY: required when PAYMENTS=stripe')
  }
  const publicUrl = (e.PUBLIC_URL ?? defaultPublicUrl(e.PORT)).replace(/\/$/, '')
  // The test checkout runs on its own only where nobody but this machine reaches it: the server
  // listens on loopback, no proxy forwards to it, and its address (if set) is loopback too. A
  // proxy in front or HOST=0.0.0.0 (a container on a laptop) make it reachable from elsewhere.
  const reachedFrom = reachableBeyondThisMachine(e)
  const allowTestCheckout = e.ALLOW_TEST_CHECKOUT === 'true'
  if (payments === 'local' && reachedFrom && !allowTestCheckout) {
    // The test checkout prints its paying card on its page: reachable from elsewhere, anyone
    // would get codes for free. A missing Stripe key must never open that by accident.
    throw new ConfigError(
      `Refusing to start: the test checkout (no real payments) would be reachable ${reachedFrom}. Set PAYMENTS=stripe and STRIPE_SECRET_KEY for real payments, or ALLOW_TEST_CHECKOUT=true for a public test site.`,
    )
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    payments,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiUrl: e.STRIPE_API_URL,
        }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Punchline VR <codes@punchlinevr.club>',
    contactTo: e.CONTACT_TO,
    localPaymentDelayMs: e.LOCAL_PAYMENT_DELAY_MS,
    redisUrl: e.REDIS_URL,
    serverSecret: e.SERVER_SECRET,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    testModeBanner: payments === 'local' && reachedFrom !== undefined,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal ? 'pretty' : 'json'),
    adminEmails: e.ADMIN_EMAILS,
    memberships: e.MEMBERSHIPS,
    backup: e.BACKUP_EVERY
      ? { everyMs: intervalMs(e.BACKUP_EVERY), keep: e.BACKUP_KEEP }
      : undefined,
    worldId: e.VRCHAT_WORLD_ID,
  }
}

/** 30m, 24h, 7d in milliseconds (BACKUP_EVERY, checked by the schema). */
function intervalMs(value: string): number {
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[value.slice(-1) as 'm' | 'h' | 'd']
  return Number(value.slice(0, -1)) * unit
}

/** How the server can be reached from beyond this machine, in words; undefined when it cannot. */
function reachableBeyondThisMachine(
  e: Pick<z.infer<typeof EnvSchema>, 'HOST' | 'PUBLIC_URL' | 'TRUST_PROXY_HOPS'>,
): string | undefined {
  if (e.PUBLIC_URL && !isLoopback(new URL(e.PUBLIC_URL).hostname)) return `at ${e.PUBLIC_URL}`
  if (!isLoopback(e.HOST)) return `on HOST ${e.HOST}`
  if (e.TRUST_PROXY_HOPS > 0) return `through a proxy (TRUST_PROXY_HOPS=${e.TRUST_PROXY_HOPS})`
  return undefined
}

/** localhost, 127.x.x.x and ::1: addresses only this machine reaches. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/** What an operator should fix before fans arrive, though the server can run: one line each. */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = []
  if (!config.publicUrlSet && !isLoopback(config.host)) {
    warnings.push(
      `warning: PUBLIC_URL is not set, so payment redirects and links in mail point at ${config.publicUrl}; set it to the address fans use.`,
    )
  }
  if (!config.smtpUrl) {
    warnings.push(
      `warning: SMTP_URL is not set, so mail (codes, contact messages) is only written to files in ${config.dataDir}/mail and nobody receives it.`,
    )
  }
  if (config.testModeBanner) {
    warnings.push(
      'warning: ALLOW_TEST_CHECKOUT=true: the test checkout serves a public address; every page says "test mode: no real payments".',
    )
  }
  return warnings
}
