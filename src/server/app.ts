import compress from '@fastify/compress'
import Fastify, { type FastifyInstance } from 'fastify'
import type { PaymentProvider } from '../core/checkout/payment-provider'
import type { HashClient } from '../core/client-hash'
import type { Clock } from '../core/clock'
import type { Db } from '../core/db/schema'
import { createGrantEvents, type GrantEvents } from '../core/grants/grant-events'
import type { Mailer } from '../core/mail/mail-message'
import type { RateLimitName } from '../core/rate-limits'
import { readStagePanel } from '../core/stage-stream/stage-panel'
import type { RenderPage } from '../shared/page-rendering'
import { stageApi } from '../shared/stage'
import { createBoardRenderer } from './adapters/board-renderer'
import type { Redis } from './adapters/redis'
import type { Config } from './config'
import { builtPagesPlugin, pagesPlugin } from './plugins/built-pages'
import { bodyLimitBytes, errorsPlugin, frameworkErrors } from './plugins/errors'
import { healthRoutes } from './plugins/health'
import {
  createFeedCache,
  createLiveFeedCache,
  invalidatedTogether,
  liveFeedFastPath,
  liveFeedPlugin,
} from './plugins/live-feed-cache'
import { createLogger, type Logger } from './plugins/logging'
import { rateLimitsPlugin } from './plugins/rate-limit-hooks'
import { routeSchemasPlugin } from './plugins/route-schemas'
import { schedulePlugin } from './plugins/schedule-cache'
import { securityHeadersPlugin } from './plugins/security-headers'
import { type StageOptions, stageBusPlugin } from './plugins/stage-bus'
import { boardFastPath, boardRoutes, createBoardImage } from './routes/board-routes'
import { checkoutRoutes } from './routes/checkout-routes'
import { sessionRoutes } from './routes/checkout-session-routes'
import { codeMessageRoutes } from './routes/code-message-routes'
import { comicHomeRoutes } from './routes/comic-home-routes'
import { comicPictureRoutes } from './routes/comic-picture-routes'
import { comicStatementRoutes } from './routes/comic-statement-routes'
import { consoleApiRoutes } from './routes/console-api-routes'
import { consolePagesRoutes } from './routes/console-page-routes'
import { contactRoutes } from './routes/contact-routes'
import { crawlerRoutes } from './routes/crawler-routes'
import { kioskRoutes } from './routes/kiosk-routes'
import { liveEventsRoutes } from './routes/live-events-routes'
import { liveRoutes } from './routes/live-routes'
import { memberPageRoutes } from './routes/member-page-routes'
import { membershipRoutes } from './routes/membership-routes'
import { openMicRoutes } from './routes/open-mic-routes'
import { overlayPageRoutes } from './routes/overlay-page-routes'
import { reminderRoutes } from './routes/reminder-routes'
import { resendCodesRoutes } from './routes/resend-codes-routes'
import { scheduleRoutes } from './routes/schedule-routes'
import { showCardRoutes } from './routes/show-card-routes'
import { createStagePanelImage, stagePanelRoutes } from './routes/stage-panel-routes'
import { stripeWebhookRoutes } from './routes/stripe-webhook-routes'
import { testCheckoutRoutes } from './routes/test-checkout-routes'
import { worldRoutes } from './routes/world-routes'
import { comicSignIn } from './sign-in/comic-door'
import { consoleSignIn } from './sign-in/console-door'
import { memberSignIn } from './sign-in/member-door'

export interface AppDeps {
  config: Pick<Config, 'publicUrl' | 'dataDir' | 'localPaymentDelayMs' | 'contactTo' | 'logLevel'> &
    Partial<
      Pick<Config, 'trustProxyHops' | 'testModeBanner' | 'memberships' | 'databaseUrl' | 'worldId'>
    > & {
      /** Who may sign in to the console (ADMIN_EMAILS); nobody when absent. */
      adminEmails?: readonly string[] | undefined
    }
  db: Db
  payments: PaymentProvider
  mailer: Mailer
  clock: Clock
  /** Keyed hash of client addresses (core/client-hash.ts): what is stored or counted instead. */
  hashClient: HashClient
  /** Shared by every server process when REDIS_URL is set (rate-limit counters). */
  redis?: Redis | undefined
  /** Prefixes the names of shared counters, so test apps sharing one Redis count apart. */
  counterNamespace?: string | undefined
  /** Rate limits other than core/rate-limits.ts's (tests raise them). */
  rateLimitMax?: Partial<Record<RateLimitName, number>> | undefined
  /** The stage stream's bounds (tests shorten them); on PostgreSQL it listens at config.databaseUrl. */
  stage?: StageOptions | undefined
  /** Asks the mail worker to look at the outbox now (after a mail is queued). */
  kickMail?: () => void
  /**
   * How long after a sign-in link request the mail worker is asked to answer it: a random
   * moment unless set (core/sign-in/requests.ts says why); tests set 0.
   */
  signInAnswerDelayMs?: (() => number) | undefined
  /** The built browser app; when absent (API tests) no pages are served. */
  clientDir?: string | undefined
  /** Renders request-rendered pages (/) with the server's data; without it they are sent as built. */
  renderPage?: RenderPage | undefined
  /** The process's logger (start.ts makes it); unset, the app logs nothing... */
  logger?: Logger | undefined
  /** ...unless tests ask for the lines on a stream of their own. */
  logStream?: NodeJS.WritableStream | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
    /** Each grant at the kiosk, one event: the kiosk publishes, the parts below subscribe. */
    grants: GrantEvents
  }
}

/**
 * Builds the whole server from its parts: the plugins (one concern each), then the routes (one
 * file per HTTP surface), the pages last. start.ts alone reads the environment and listens.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const liveFeed = createLiveFeedCache(deps.db, deps.clock, (error) =>
    app.log.error({ err: error }, 'live feed: serving the last copy'),
  )
  const stageFeed = createFeedCache(
    (now) => readStagePanel(deps.db, now),
    deps.clock,
    (error) => app.log.error({ err: error }, 'stage panel: serving the last copy'),
  )
  // A grant here (the kiosk), or a stage change anywhere, makes both out of date.
  const live = invalidatedTogether(liveFeed, stageFeed)
  const renderer = createBoardRenderer()
  const board = createBoardImage(renderer, (error) =>
    app.log.error({ err: error }, 'board: serving the last picture'),
  )
  const stagePanel = createStagePanelImage(renderer, (error) =>
    app.log.error({ err: error }, 'stage panel: serving the last picture'),
  )
  const logger =
    deps.logger ??
    (deps.logStream
      ? createLogger({ level: deps.config.logLevel, format: 'json', stream: deps.logStream })
      : undefined)
  const app = Fastify({
    serverFactory: boardFastPath(
      [
        { url: stageApi.board, image: board, feed: live },
        { url: stageApi.stage, image: stagePanel, feed: stageFeed },
      ],
      liveFeedFastPath(live),
    ),
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit: bodyLimitBytes,
    // Only a known number of proxies may name the client: otherwise anyone could claim any IP
    // in X-Forwarded-For and walk past the per-client rate limits.
    trustProxy: trustHops(deps.config.trustProxyHops ?? 0),
    frameworkErrors,
  })
  app.decorate('deps', deps)

  await app.register(errorsPlugin)
  await app.register(routeSchemasPlugin)
  await app.register(securityHeadersPlugin)
  await app.register(compress, { global: true, threshold: 1024 })
  await app.register(rateLimitsPlugin)
  await app.register(consoleSignIn)
  await app.register(memberSignIn)
  await app.register(comicSignIn)
  await app.register(liveFeedPlugin, { live })
  await app.register(stageBusPlugin, {
    ...deps.stage,
    databaseUrl: deps.config.databaseUrl,
    onStageChange: () => live.invalidate(),
  })
  // A grant at the kiosk is one event (docs/decisions/040-a-grant-is-one-event.md): the feed and
  // the stage's panel read again, the stream sends its gift. The settlement reads the records.
  const grants = createGrantEvents((error) =>
    app.log.error({ err: error }, 'grant: a subscriber failed'),
  )
  grants.subscribe(() => live.invalidate())
  grants.subscribe((grant) => app.stage.gifted(grant))
  app.decorate('grants', grants)

  await app.register(schedulePlugin)
  await app.register(builtPagesPlugin)
  await app.register(healthRoutes)
  await app.register(crawlerRoutes)

  await app.register(checkoutRoutes, { prefix: '/api' })
  await app.register(sessionRoutes, { prefix: '/api' })
  await app.register(codeMessageRoutes)
  await app.register(scheduleRoutes, { prefix: '/api' })
  await app.register(contactRoutes, { prefix: '/api' })
  await app.register(resendCodesRoutes, { prefix: '/api' })
  await app.register(openMicRoutes, { prefix: '/api' })
  await app.register(reminderRoutes)
  await app.register(membershipRoutes)
  if (deps.config.memberships === 'open') await app.register(memberPageRoutes)
  await app.register(comicStatementRoutes)
  await app.register(comicHomeRoutes)
  if (deps.config.worldId) await app.register(worldRoutes, { worldId: deps.config.worldId })
  await app.register(kioskRoutes)
  await app.register(liveRoutes)
  await app.register(boardRoutes, { board })
  await app.register(stagePanelRoutes, { feed: stageFeed, image: stagePanel })
  await app.register(showCardRoutes, { renderer })
  await app.register(liveEventsRoutes)
  if (deps.payments.readWebhook) {
    await app.register(stripeWebhookRoutes, { readWebhook: deps.payments.readWebhook })
  }
  if (deps.payments.name === 'local') await app.register(testCheckoutRoutes)
  await app.register(consoleApiRoutes)
  await app.register(comicPictureRoutes)
  await app.register(consolePagesRoutes)
  await app.register(overlayPageRoutes)

  await app.register(pagesPlugin)
  return app
}

function trustHops(hops: number): false | ((address: string, hop: number) => boolean) {
  return hops > 0 ? (_address, hop) => hop < hops : false
}
