import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'
import { maskToken } from '../../core/redact'

/** A logger of the app's: pino's, with the request serializer below. */
export type Logger = FastifyBaseLogger

export interface LoggerOptions {
  level: string
  /** json: one JSON line per entry; pretty: readable lines (needs pino-pretty, a dev dependency). */
  format: 'json' | 'pretty'
  /** Where the lines go instead of stdout (tests read them). */
  stream?: NodeJS.WritableStream | undefined
}

/**
 * The one logger of a server process: start-up, requests and shutdown all log through it. Logs
 * travel further than the database: no query values (a session id reads an order's codes), no
 * whole code or session in a path, no client address.
 */
export function createLogger(options: LoggerOptions): Logger {
  const serializers = {
    req: (request: { method: string; url: string }) => ({
      method: request.method,
      url: redactUrl(request.url),
    }),
  }
  if (options.format === 'pretty' && !options.stream) {
    return pino({
      level: options.level,
      serializers,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
      },
    })
  }
  return options.stream
    ? pino({ level: options.level, serializers }, options.stream)
    : pino({ level: options.level, serializers })
}

/**
 * A request's address as logs may show it: query values masked (`?session_id=***` reads an
 * order's codes), and the secrets some paths carry shortened (a code at the kiosk's /k/CODE, a
 * checkout session at /pay/ID). Never throws: a malformed address is logged as far as it parses.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?')
  const pathPart = queryAt === -1 ? url : url.slice(0, queryAt)
  const query =
    queryAt === -1
      ? ''
      : `?${url
          .slice(queryAt + 1)
          .split('&')
          .map((pair) => `${pair.split('=')[0]?.slice(0, 40) ?? ''}=***`)
          .join('&')}`
  const path = pathPart
    .replace(/^\/(k)\/([^/]{0,3})[^/]*/i, (_match, k: string, start: string) => `/${k}/${start}…`)
    .replace(/^\/pay\/([^/]+)/, (_match, id: string) => `/pay/${maskToken(id)}`)
  return `${path.slice(0, 200)}${query.slice(0, 200)}`
}
