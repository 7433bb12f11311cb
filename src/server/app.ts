import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import compress from '@fastify/compress'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify'
import type { PaymentProvider } from '../core/checkout/payment-provider'
import type { HashClient } from '../core/client-hash'
import type { Clock } from '../core/clock'
import type { Db } from '../core/db/schema'
import { within } from '../core/deadline'
import { createLiveFeedCache } from '../core/kiosk/live-feed'
import { invalidAnswer } from '../core/kiosk/redeem'
import { redactUrl } from '../core/redact'
import { seedRegularShows } from '../core/schedule/events'
import type { Mailer } from './adapters/mailer'
import type { Redis } from './adapters/redis'
import type { Config } from './config'
import { pageSources, type RenderPage } from './plugins/pages'
import { createScheduleCache, type ScheduleCache } from './plugins/schedule-cache'
import { apiSecurityHeaders, pageSecurityHeaders } from './plugins/security-headers'
import { type CheckoutLimits, checkoutRoutes } from './routes/checkout'
import { contactRoutes } from './routes/contact'
import { kioskRoutes, liveFeedHeaders } from './routes/kiosk'
import { resendCodesRoutes } from './routes/resend-codes'
import { scheduleRoutes } from './routes/schedule'

export interface AppDeps {
  config: Pick<Config, 'publicUrl' | 'dataDir' | 'localPaymentDelayMs' | 'contactTo' | 'logLevel'> &
    Partial<Pick<Config, 'trustProxyHops' | 'testModeBanner' | 'logFormat'>>
  db: Db
  payments: PaymentProvider
  mailer: Mailer
  clock: Clock
  /** Keyed hash of client addresses (client-hash.ts): what is stored or counted instead of them. */
  hashClient: HashClient
  /** Shared by every server process when REDIS_URL is set (rate-limit counters). */
  redis?: Redis | undefined
  /** Prefixes the names of shared counters, so test apps sharing one Redis count apart. */
  counterNamespace?: string | undefined
  /** Per-client checkout and poll limits other than checkoutLimits' (tests raise them). */
  checkoutLimits?: Partial<CheckoutLimits> | undefined
  /** Asks the mail worker to look at the outbox now (after a mail is queued). */
  kickMail?: () => void
  /** The built browser app; when absent (API tests) no pages are served. */
  clientDir?: string | undefined
  /** Renders request-rendered pages (/) with the server's data; without it they are sent as built. */
  renderPage?: RenderPage | undefined
  logger?: boolean
  /** Where the log goes instead of stdout (tests read it); a logger is made when set. */
  logStream?: NodeJS.WritableStream | undefined
}

/** /healthz answers 503 when the database has not answered within this. */
export const healthCheckTimeoutMs = 1_500

/** The largest JSON body any route accepts. */
export const bodyLimitBytes = 16 * 1024

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
  }
}

/** Builds the whole server from its parts; server.ts alone reads the environment and listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const live = createLiveFeedCache(deps.db, deps.clock, (error) =>
    app.log.error({ err: error }, 'live feed: serving the last copy'),
  )
  const app = Fastify({
    // The live feed's fast path: while its cached copy is fresh, GET /api/live is answered here,
    // before Fastify's request pipeline (logger, hooks), so the hundreds of displays polling it
    // during a show cost no more than a bare route (bench/, "GET /api/live").
    serverFactory: (handler) =>
      http.createServer((request, response) => {
        const json = request.method === 'GET' && request.url === '/api/live' && live.fresh()
        if (!json) return handler(request, response)
        response.writeHead(200, {
          ...apiSecurityHeaders,
          ...liveFeedHeaders,
          'content-length': Buffer.byteLength(json),
        })
        response.end(json)
      }),
    logger:
      deps.logger || deps.logStream
        ? {
            level: deps.config.logLevel,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            // npm run dev: readable lines (pino-pretty is a development dependency).
            ...(!deps.logStream && deps.config.logFormat === 'pretty'
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
                  },
                }
              : {}),
            // Logs travel further than the database: no query values (a session id reads an
            // order's codes), no whole code or session in a path, no client address.
            serializers: {
              req: (request: { method: string; url: string }) => ({
                method: request.method,
                url: redactUrl(request.url),
              }),
            },
          }
        : false,
    bodyLimit: bodyLimitBytes,
    // Only a known number of proxies may name the client: otherwise anyone could claim any IP
    // in X-Forwarded-For and walk past the per-client rate limits.
    trustProxy: trustHops(deps.config.trustProxyHops ?? 0),
    // Errors before routing: a path with a broken %-escape. At the kiosk's short path, a world
    // reads only a 200's text, so it gets the kiosk's answer to what is not a code.
    frameworkErrors(error, request, reply: FastifyReply) {
      reply.headers(apiSecurityHeaders)
      if (error.code === 'FST_ERR_BAD_URL' && isKioskPath(request.url)) {
        return reply.status(200).header('cache-control', 'no-store').send(invalidAnswer)
      }
      if (error.code === 'FST_ERR_BAD_URL') {
        return reply.status(400).send({ message: 'The address is not valid.' })
      }
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        return reply.status(414).send({ message: 'The address is too long.' })
      }
      // The error's message holds the whole address: log its code only (see redactUrl).
      request.log.error({ code: error.code }, 'request failed before routing')
      return reply.status(500).send({ message: 'Internal Server Error' })
    },
  })
  app.decorate('deps', deps)

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.status(500).send({ message: 'Internal Server Error' })
    }
    return reply.status(status).send({ message: friendlyClientError(error) })
  })

  const pageHeaders = pageSecurityHeaders()
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.url) ? apiSecurityHeaders : pageHeaders)
    done()
  })
  await app.register(compress, { global: true, threshold: 1024 })

  await app.register(checkoutRoutes, { prefix: '/api' })
  // One copy of the schedule per process: the API and the landing page's HTML serve it.
  const schedule = createScheduleCache(deps.db, deps.clock, {
    publicUrl: deps.config.publicUrl,
    onError: (error) => app.log.error({ err: error }, 'schedule: serving the last copy'),
  })
  // The regular shows of the coming weeks, so a fresh install never has an empty schedule.
  app.addHook('onReady', async () => {
    await seedRegularShows(deps.db, deps.clock)
  })
  await app.register(scheduleRoutes, { prefix: '/api', cache: schedule })
  await app.register(contactRoutes, { prefix: '/api' })
  await app.register(resendCodesRoutes, { prefix: '/api' })
  await app.register(kioskRoutes, { live })
  await deps.payments.registerRoutes(app)

  // For a load balancer or a supervisor: 200 when the database answers, 503 within 2 s when it
  // does not (down, unreachable, or too slow), never a hang.
  app.get('/healthz', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    try {
      const check = deps.db.selectFrom('orders').select('id').limit(1).execute()
      if ((await within(check, healthCheckTimeoutMs)).done) return reply.send({ status: 'ok' })
      request.log.warn('healthz: the database did not answer in time')
    } catch (error) {
      request.log.warn({ err: error }, 'healthz: the database failed')
    }
    return reply
      .status(503)
      .send({ status: 'unavailable', message: 'The database is not answering.' })
  })

  if (deps.clientDir && fs.existsSync(deps.clientDir)) {
    await registerClient(app, { ...deps, clientDir: deps.clientDir }, schedule)
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found.' }))
  }
  return app
}

/** The built React app: hashed assets cached for a year, pages pre-rendered where they exist. */
async function registerClient(
  app: FastifyInstance,
  deps: AppDeps & { clientDir: string },
  schedule: ScheduleCache,
): Promise<void> {
  const { clientDir } = deps
  const testModeBanner = deps.config.testModeBanner ?? false
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    wildcard: false,
    // scripts/build.mjs writes .br and .gz beside each asset: sent as they are, never recompressed.
    preCompressed: true,
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable')
      }
    },
  })
  const { pages, shell } = pageSources({
    clientDir,
    publicUrl: deps.config.publicUrl,
    schedule,
    renderPage: deps.renderPage,
    decorate: (html) => (testModeBanner ? withTestModeBanner(html) : html),
    log: app.log,
  })
  for (const page of pages) {
    // The not-found page is what the not-found handler below sends.
    if (page.info.path === '*') continue
    app.get(page.info.path, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(page.render ? await page.render() : page.html),
    )
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send({ message: 'Not found.' })
    }
    // Any other page: the app's not-found view, with a real 404 status.
    return reply.status(404).type('text/html; charset=utf-8').send(shell)
  })
}

export const testModeText = 'test mode: no real payments'

/** The banner of a public test site, first in the body and outside React's root. */
function withTestModeBanner(html: string): string {
  return html.replace(
    /<body[^>]*>/,
    (body) => `${body}<p class="test-mode-banner" role="note">${testModeText}</p>`,
  )
}

/** JSON answers: the API and the kiosk's short path. */
function isApi(url: string): boolean {
  return url.startsWith('/api/') || isKioskPath(url)
}

function isKioskPath(url: string): boolean {
  return /^\/k(\/|\?|$)/i.test(url)
}

function trustHops(hops: number): false | ((address: string, hop: number) => boolean) {
  return hops > 0 ? (_address, hop) => hop < hops : false
}

function friendlyClientError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The request is too large (at most ${bodyLimitBytes / 1024} KB).`
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.'
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request as JSON (Content-Type: application/json).'
    default:
      return error.message
  }
}
