import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { invalidAnswer } from '../../core/kiosk/redeem'
import { Refusal, type RefusalKind, refuse } from '../../core/refusal'
import { httpTexts } from '../http-texts'
import { apiSecurityHeaders, isKioskPath } from './security-headers'

/** The largest JSON body any route accepts. */
export const bodyLimitBytes = 16 * 1024

/** The one place a domain refusal becomes an HTTP status. */
export const refusalStatus: Record<RefusalKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  limited: 429,
  unavailable: 503,
  upstream: 502,
}

/** Answers a refusal: its status, `{ message }` (and `advice` when it has one), Retry-After. */
export function sendRefusal(reply: FastifyReply, refusal: Refusal): FastifyReply {
  const { retryAfterSeconds, advice } = refusal.details
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds))
  return reply
    .status(refusalStatus[refusal.kind])
    .send({ message: refusal.message, ...(advice ? { advice } : {}) })
}

/**
 * One error handler for the whole app: a refusal from the domain is answered with its kind's
 * status and its sentence; any other 4xx passes its message on (in words a person reads); a 5xx
 * says "Internal Server Error" and logs the context.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | Refusal, request, reply) => {
    if (error instanceof Refusal) return sendRefusal(reply, error)
    const status = error.statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.status(500).send({ message: 'Internal Server Error' })
    }
    // A route may take larger bodies than JSON's (a comic's picture): its own limit is the one to name.
    const limit = request.routeOptions.bodyLimit ?? bodyLimitBytes
    return reply.status(status).send({ message: friendlyClientError(error, limit) })
  })
})

/**
 * Errors before routing (Fastify's `frameworkErrors`): a path with a broken %-escape or an
 * over-long parameter. At the kiosk's short path, a world reads only a 200's text, so it gets
 * the kiosk's answer to what is not a code.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.headers(apiSecurityHeaders)
  if (error.code === 'FST_ERR_BAD_URL' && isKioskPath(request.url)) {
    reply.status(200).header('cache-control', 'no-store').send(invalidAnswer)
    return
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    sendRefusal(reply, refuse.invalid(httpTexts.badAddress))
    return
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send({ message: httpTexts.addressTooLong })
    return
  }
  // The error's message holds the whole address: log its code only (see redactUrl).
  request.log.error({ code: error.code }, 'request failed before routing')
  reply.status(500).send({ message: 'Internal Server Error' })
}

function friendlyClientError(error: FastifyError, bodyLimit: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return httpTexts.tooLarge(Math.floor(bodyLimit / 1024))
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return httpTexts.notJson
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return httpTexts.sendJson
    default:
      return error.message
  }
}
