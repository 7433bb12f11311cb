import path from 'node:path'
import { fulfilPaidOrders } from '../core/checkout/fulfil'
import { clientHasher, loadServerSecret } from '../core/client-hash'
import { systemClock } from '../core/clock'
import { housekeep, housekeepingIntervalMs } from '../core/housekeeping'
import { describeSendFailure } from '../core/mail/outbox'
import { startMailWorker } from '../core/mail-worker'
import { drawCheckIntervalMs, drawDueOpenMics } from '../core/open-mic/host-list'
import { distPaths } from '../shared/page-rendering'
import { backupAction, startBackupSchedule } from './adapters/backup-schedule'
import { claimDataFolder, DataFolderUnsafeError } from './adapters/data-folder'
import { openDatabase } from './adapters/db/database'
import { createMailer } from './adapters/mailer'
import { startOperatorChannel } from './adapters/operator-channel'
import { createPaymentProvider } from './adapters/payments/create-provider'
import { openRedis, redisReady } from './adapters/redis'
import { buildApp } from './app'
import { ConfigError, loadConfig, startupWarnings } from './config'
import { loadBuiltRenderer } from './plugins/built-pages'
import { createLogger } from './plugins/logging'
import { signInAudiences } from './sign-in/audiences'

/** From SIGTERM to exit, at most; systemd's default stop timeout is 90 s, Docker's 10 s. */
const shutdownDeadlineMs = 9_000
/** How long a mail send in progress may delay the shutdown. */
const mailStopDeadlineMs = 4_000

/** The one place that reads the environment, opens connections and listens. */
async function main(): Promise<void> {
  // React picks its build by NODE_ENV when the pages' renderer first loads it (nothing before
  // does): unset, its development build, which renders a page several times slower
  // (bench/results.md). Only React reads it; the app's own choices are its configuration's.
  process.env.NODE_ENV ??= 'production'
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig(process.env, process.stdout.isTTY === true)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  // Every line from here on goes through this one logger: readable lines on a terminal, JSON
  // lines otherwise (LOG_FORMAT decides when set).
  const log = createLogger({ level: config.logLevel, format: config.logFormat })
  for (const warning of startupWarnings(config)) log.warn(warning)

  // Before anything is written there: the database, mail files and the channel's token.
  try {
    claimDataFolder(config.dataDir)
  } catch (error) {
    if (!(error instanceof DataFolderUnsafeError)) throw error
    console.error(error.message)
    process.exit(1)
  }

  const clock = systemClock
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) => log.error(`database: a connection failed: ${error.message}`),
  })
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailDir: path.join(config.dataDir, 'mail'),
    log: (line) => log.info(line),
  })
  const hashClient = clientHasher(await loadServerSecret(db, config.serverSecret))
  const redis = config.redisUrl
    ? openRedis(config.redisUrl, (error) => log.error(`redis: ${error.message}`))
    : undefined
  if (redis && !(await redisReady(redis))) {
    log.error('redis: not reachable at start-up; each process counts on its own until it is')
  }
  const mailWorker = startMailWorker(db, mailer, clock, {
    signIn: { publicUrl: config.publicUrl, audiences: signInAudiences(config) },
    publicUrl: config.publicUrl,
    onError: (error) => log.error({ err: error }, 'mail worker failed'),
    onFailure: (failure) => {
      const { level, line } = describeSendFailure(failure)
      log[level](line)
    },
  })
  const payments = createPaymentProvider({ config, clock })
  // Orders paid before a crash or restart get their codes now: nothing paid is lost.
  // One order that cannot be fulfilled is logged and skipped (and tried again at the next start):
  // it must not keep the whole store down.
  const fulfilled = await fulfilPaidOrders({
    db,
    clock,
    kickMail: mailWorker.kick,
    onError: (orderId, error) =>
      log.error(
        `start-up: paid order ${orderId} could not be fulfilled and is skipped: ${error instanceof Error ? error.message : String(error)}`,
      ),
  })
  if (fulfilled > 0)
    log.info(`start-up: fulfilled ${fulfilled} order(s) paid while the server was down`)
  const runHousekeeping = () =>
    housekeep(db, clock, path.join(config.dataDir, 'mail'), config.publicUrl).catch((error) =>
      log.error(`housekeeping: ${error instanceof Error ? error.message : error}`),
    )
  await runHousekeeping()
  const housekeeping = setInterval(runHousekeeping, housekeepingIntervalMs)
  housekeeping.unref()
  // Open mics drawn by lottery are drawn at their draw time, within half a minute.
  const runDraws = () =>
    drawDueOpenMics(db, { publicUrl: config.publicUrl, now: clock.now() })
      .then((drawn) => {
        if (drawn > 0) mailWorker.kick()
      })
      .catch((error) =>
        log.error(`open-mic draws: ${error instanceof Error ? error.message : error}`),
      )
  const draws = setInterval(runDraws, drawCheckIntervalMs)
  draws.unref()
  const clientDir = path.resolve(distPaths.client)
  const app = await buildApp({
    config,
    db,
    payments,
    mailer,
    clock,
    hashClient,
    redis,
    kickMail: mailWorker.kick,
    clientDir,
    renderPage: await loadBuiltRenderer(clientDir),
    logger: log,
  })

  // The embedded database is this process's alone: operator commands run here, sent by
  // `npm run admin` over a socket only the data folder's owner can open. Without it the store
  // still runs; commands then need the server stopped.
  const channel = config.databaseUrl
    ? undefined
    : await startOperatorChannel({
        dataDir: config.dataDir,
        deps: {
          db,
          clock,
          payments: () => payments,
          kickMail: mailWorker.kick,
          console: { publicUrl: config.publicUrl, adminEmails: config.adminEmails },
        },
        log: {
          info: (line) => log.info(line),
          warn: (line) => log.warn(line),
          error: (line, error) => log.error({ err: error }, line),
        },
        // `npm run admin -- backup` while the server runs: a snapshot between two transactions.
        serverActions: { 'data.backup': backupAction(db, config.dataDir) },
      }).catch((error) => {
        log.error(
          `operator channel: not started (${error instanceof Error ? error.message : String(error)}); admin commands need the server stopped`,
        )
        return undefined
      })

  const backups =
    config.backup &&
    startBackupSchedule({
      db,
      clock,
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      ...config.backup,
      hostEmail: config.adminEmails[0],
      kickMail: mailWorker.kick,
      log: { info: (line) => log.info(line), error: (line) => log.error(line) },
    })

  // SIGTERM (a deploy, systemd stop): stop taking requests, let those in flight finish, give the
  // mail worker a few seconds to finish a send (an unsent mail stays in the outbox and goes out
  // from the next process), close the database, and exit 0 well within a supervisor's patience.
  let closing = false
  const close = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: closing`)
    const last = setTimeout(() => {
      log.error(`${signal}: still closing after ${shutdownDeadlineMs / 1000} s; exiting now`)
      process.exit(1)
    }, shutdownDeadlineMs)
    last.unref()
    clearInterval(housekeeping)
    clearInterval(draws)
    backups?.stop()
    try {
      // The local channel's commands in flight finish too, before the database closes.
      await Promise.all([app.close(), channel?.close()])
      if (!(await mailWorker.stop(mailStopDeadlineMs))) {
        log.warn(`${signal}: a mail send was still running; it stays queued for the next start`)
      }
      redis?.disconnect()
      await db.destroy()
    } catch (error) {
      log.error(`${signal}: ${error instanceof Error ? error.message : String(error)}`)
    }
    process.exit(0)
  }
  process.on('SIGINT', () => void close('SIGINT'))
  process.on('SIGTERM', () => void close('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  log.info(
    `Punchline VR is up at ${config.publicUrl} (database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}, payments: ${config.payments}, mail: ${config.smtpUrl ? 'SMTP' : `files in ${path.join(config.dataDir, 'mail')}`})`,
  )
}

// Before the logger exists (a bad setting) or when start-up fails (the database is held by
// another process): one plain line, the same whatever the log format.
main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
