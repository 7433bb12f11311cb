import path from 'node:path'
import { z } from 'zod'

const port = z.coerce.number().int().min(0).max(65535)
const optionalUrl = z.url().optional()
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL']
}

export class ConfigError extends Error {}

/** Reads and checks the environment once, at start-up. A bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
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
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
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
    logLevel: e.LOG_LEVEL,
  }
}
