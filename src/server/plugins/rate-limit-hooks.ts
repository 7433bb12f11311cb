import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { clientNetwork } from '../../core/client-hash'
import {
  type RateLimitName,
  rateLimits,
  retryAfterSeconds,
  type WindowCounter,
} from '../../core/rate-limits'
import { refuse } from '../../core/refusal'
import { createWindowCounter } from '../adapters/window-counter'

declare module 'fastify' {
  interface FastifyInstance {
    /** The counter of one of the store's rate limits (core/rate-limits.ts). */
    rateLimitCounter(name: RateLimitName): WindowCounter
    /**
     * Who the request's client is, as limits count and records keep it: the keyed hash of its
     * network (its IPv4 address, or its IPv6 /64), its address as TRUST_PROXY_HOPS lets Fastify
     * read it.
     */
    clientOf(request: FastifyRequest): string
    /** The most `name` allows (the table's, or a test's override). */
    rateLimitMax(name: RateLimitName): number
    /**
     * A hook refusing with `message` (`refuse.limited`: 429 and Retry-After) once a client (its
     * address as TRUST_PROXY_HOPS lets Fastify read it) has used up `name`'s limit. Routes with a
     * schema run it as `preValidation`, so a refused input still counts.
     */
    perClientLimit(
      name: RateLimitName,
      message: string,
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
}

/**
 * The counters behind every rate limit: one per limit and process, shared through Redis when
 * REDIS_URL is set (their keys under the app's namespace), counting in this process alone while
 * Redis fails, which is logged. Clients are counted by the keyed hash of their address, so no
 * store ever holds the bare address.
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  const { clock, redis, counterNamespace, hashClient, rateLimitMax } = app.deps
  const counters = new Map<RateLimitName, WindowCounter>()
  app.decorate('rateLimitCounter', (name: RateLimitName) => {
    let counter = counters.get(name)
    if (!counter) {
      counter = createWindowCounter({
        name: `${counterNamespace ?? ''}${counterNames[name]}`,
        windowMs: rateLimits[name].windowMs,
        clock,
        redis,
        onRedisError: (error) =>
          app.log.warn({ err: error }, `${name}: Redis failed, counting alone`),
      })
      counters.set(name, counter)
    }
    return counter
  })
  app.decorate('clientOf', (request: FastifyRequest) => hashClient(clientNetwork(request.ip)))
  app.decorate(
    'rateLimitMax',
    (name: RateLimitName) => rateLimitMax?.[name] ?? rateLimits[name].max,
  )
  app.decorate('perClientLimit', (name: RateLimitName, message: string) => {
    const counter = app.rateLimitCounter(name)
    const max = app.rateLimitMax(name)
    return async (request: FastifyRequest, _reply: FastifyReply) => {
      const count = await counter.hit(app.clientOf(request))
      if (count.count > max) throw refuse.limited(message, retryAfterSeconds(count))
    }
  })
})

/** Redis key names of the counters, kept as they were so a rolling upgrade keeps its counts. */
const counterNames: Record<RateLimitName, string> = {
  checkouts: 'checkouts',
  sessionPolls: 'session-polls',
  resendCodes: 'resend-codes',
  resendCodesPerAddress: 'resend-codes-address',
  contact: 'contact',
  kioskFailures: 'kiosk-failures',
  consoleSignIn: 'console-sign-in',
  consoleSignInPerAddressNetwork: 'console-sign-in-address-network',
  consoleSignInPerAddress: 'console-sign-in-address',
  memberSignIn: 'member-sign-in',
  memberSignInPerAddressNetwork: 'member-sign-in-address-network',
  memberSignInPerAddress: 'member-sign-in-address',
  comicSignIn: 'comic-sign-in',
  comicSignInPerAddressNetwork: 'comic-sign-in-address-network',
  comicSignInPerAddress: 'comic-sign-in-address',
  openMicSignUp: 'open-mic-sign-up',
  openMicSignUpPerAddress: 'open-mic-sign-up-address',
  openMicLinks: 'open-mic-links',
  reminderAsks: 'reminder-asks',
}
