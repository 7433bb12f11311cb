import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'
import { maskSessionIds, maskToken } from '../../core/redact'

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
 * whole code or session in a path, no client address; and every line, whatever it quotes (an
 * error's message, a provider's answer), has its checkout session and test subscription ids
 * masked before it is written.
 */
export function createLogger(options: LoggerOptions): Logger {
  const serializers = {
    req: (request: { method: string; url: string }) => ({
      method: request.method,
      url: redactUrl(request.url),
    }),
  }
  const hooks = { streamWrite: maskSessionIds }
  if (options.format === 'pretty' && !options.stream) {
    return pino({
      level: options.level,
      serializers,
      hooks,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
      },
    })
  }
  return options.stream
    ? pino({ level: options.level, serializers, hooks }, options.stream)
    : pino({ level: options.level, serializers, hooks })
}

/**
 * A request's address as logs may show it: query values masked (`?session_id=***` reads an
 * order's codes), and the secrets some paths carry shortened (a code at the kiosk's /k/CODE, a
 * checkout session at /pay/ID, a test subscription anywhere, escaped or not). Never throws: a
 * malformed address is logged as far as it parses.
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
    .replace(
      /^\/pay\/(?!membership(?:\/|$))([^/]+)/,
      (_match, id: string) => `/pay/${maskToken(id)}`,
    )
    .split('/')
    .map(maskEscapedIds)
    .join('/')
  return maskSessionIds(`${path.slice(0, 200)}${query.slice(0, 200)}`)
}

/** A path segment whose id is written escaped (`sub%5Flocal%5F...`) is masked as the id it names. */
function maskEscapedIds(segment: string): string {
  if (!segment.includes('%')) return segment
  try {
    const decoded = decodeURIComponent(segment)
    const masked = maskSessionIds(decoded)
    return masked === decoded ? segment : masked
  } catch {
    return segment
  }
}
