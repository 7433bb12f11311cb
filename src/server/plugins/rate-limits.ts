import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { HashClient } from '../../core/client-hash'
import { createWindowCounter, type WindowCounter } from '../adapters/window-counter'

/**
 * A window counter of the app's: shared through Redis when REDIS_URL is set (its keys under the
 * app's namespace), counting in this process alone while Redis fails, which is logged.
 */
export function appWindowCounter(
  app: FastifyInstance,
  name: string,
  windowMs: number,
): WindowCounter {
  const { clock, redis, counterNamespace } = app.deps
  return createWindowCounter({
    name: `${counterNamespace ?? ''}${name}`,
    windowMs,
    clock,
    redis,
    onRedisError: (error) => app.log.warn({ err: error }, `${name}: Redis failed, counting alone`),
  })
}

export interface PerClientLimit {
  counter: WindowCounter
  /** Requests allowed per client in the counter's window. */
  max: number
  /** The sentence a person reads on the 429. */
  message: string
  /** The client's key: a keyed hash of its address, so no store ever holds the bare address. */
  hashClient: HashClient
}

/**
 * A preHandler that answers 429 with Retry-After and `{ message }` once a client (its address as
 * TRUST_PROXY_HOPS lets Fastify read it) has made `max` requests in the window.
 */
export function perClientLimit(limit: PerClientLimit) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { count, resetInMs } = await limit.counter.hit(limit.hashClient(request.ip))
    if (count <= limit.max) return
    await reply
      .status(429)
      .header('retry-after', String(Math.max(1, Math.ceil(resetInMs / 1000))))
      .send({ message: limit.message })
  }
}
