import path from 'node:path'
import { buildApp } from './app'
import { fulfilPaidOrders } from './checkout/fulfil'
import { clientHasher, loadServerSecret } from './client-hash'
import { systemClock } from './clock'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/database'
import { createMailer } from './mail/mailer'
import { startMailWorker } from './mail/outbox'
import { createPaymentProvider } from './payments/create-provider'
import { openRedis, redisReady } from './redis'
import { seedRegularShows } from './schedule/events'

/** The one place that reads the environment, opens connections and listens. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  const clock = systemClock
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) => console.error(`database: an idle connection failed: ${error.message}`),
  })
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailDir: path.join(config.dataDir, 'mail'),
    log: (line) => console.log(line),
  })
  const hashClient = clientHasher(await loadServerSecret(db, config.serverSecret))
  const redis = config.redisUrl
    ? openRedis(config.redisUrl, (error) => console.error(`redis: ${error.message}`))
    : undefined
  if (redis && !(await redisReady(redis))) {
    console.error('redis: not reachable at start-up; each process counts on its own until it is')
  }
  // The regular shows of the coming weeks, so a fresh install never has an empty schedule.
  await seedRegularShows(db, clock)
  const mailWorker = startMailWorker(db, mailer, clock, {
    onError: (error) => console.error('mail worker:', error),
  })
  const payments = createPaymentProvider({ config, db, clock, kickMail: mailWorker.kick })
  // Orders paid before a crash or restart get their codes now: nothing paid is lost.
  await fulfilPaidOrders({ db, clock, kickMail: mailWorker.kick })
  const app = await buildApp({
    config,
    db,
    payments,
    mailer,
    clock,
    hashClient,
    redis,
    kickMail: mailWorker.kick,
    clientDir: path.resolve('dist/client'),
    logger: true,
  })

  let closing = false
  const close = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: closing`)
    await app.close()
    await mailWorker.stop()
    redis?.disconnect()
    await db.destroy()
    process.exit(0)
  }
  process.on('SIGINT', () => void close('SIGINT'))
  process.on('SIGTERM', () => void close('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  console.log(
    `Punchline VR is up at ${config.publicUrl} (database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}, payments: ${config.payments}, mail: ${config.smtpUrl ? 'SMTP' : `files in ${path.join(config.dataDir, 'mail')}`})`,
  )
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
