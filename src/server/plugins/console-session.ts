import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import {
  consoleSessionLifetimeMs,
  endSession,
  findSession,
  mayUseConsole,
} from '../../core/console/sign-in'
import { consoleMessages, consolePages, csrfHeader } from '../../shared/console'

/** The signed-in host of a console request. */
export interface ConsoleHost {
  email: string
  csrfToken: string
  expiresAt: Date
  /** The cookie's value (the session id); the database holds its hash. */
  sessionId: string
}

declare module 'fastify' {
  interface FastifyRequest {
    consoleHost?: ConsoleHost
  }
  interface FastifyInstance {
    /**
     * A preHandler for the console: a request from another site is refused (403); without a
     * live session of an address still in ADMIN_EMAILS, an API request is 401 and a page
     * redirects to sign-in; a change (`changes`) must carry the session's CSRF token (403).
     */
    consoleGuard(options: {
      page?: boolean
      changes?: boolean
    }): (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** 403 unless the request comes from this site's own pages (or from no browser at all). */
    fromThisSite(request: FastifyRequest): boolean
    consoleCookie: {
      set(reply: FastifyReply, sessionId: string): void
      clear(reply: FastifyReply): void
    }
  }
}

/** The cookie's value in a Cookie header, or undefined (the member page's session reads it too). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return undefined
}

/** Compares a sent CSRF token with the session's in constant time. */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * The console's session: a cookie (HttpOnly, SameSite=Strict, Secure and `__Host-` whenever
 * PUBLIC_URL is https, 12 hours) naming a session kept in the database, so every server process
 * knows it. Every request is checked against the database and ADMIN_EMAILS: "Sign out" and
 * removing an address end its sessions at once. Changes carry a CSRF token as well; SameSite
 * already keeps the cookie off other sites' requests, and the Origin check refuses them outright.
 */
export const consoleSessionPlugin = fp(async (app: FastifyInstance) => {
  const { db, clock, config } = app.deps
  const secure = config.publicUrl.startsWith('https:')
  const cookieName = secure ? '__Host-punchline-console' : 'punchline-console'
  const ownOrigin = new URL(config.publicUrl).origin
  const adminEmails = config.adminEmails ?? []

  app.decorateRequest('consoleHost', undefined)
  app.decorate('consoleCookie', {
    set(reply: FastifyReply, sessionId: string) {
      const maxAge = Math.floor(consoleSessionLifetimeMs / 1000)
      reply.header(
        'set-cookie',
        `${cookieName}=${sessionId}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
      )
    },
    clear(reply: FastifyReply) {
      reply.header(
        'set-cookie',
        `${cookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
      )
    },
  })

  app.decorate('fromThisSite', (request: FastifyRequest) => {
    const origin = request.headers.origin
    if (origin !== undefined) {
      // The site's own address, or the address the browser used (a development proxy).
      const host = request.headers.host
      return (
        origin === ownOrigin || (host !== undefined && origin === `${request.protocol}://${host}`)
      )
    }
    const site = request.headers['sec-fetch-site']
    return site === undefined || site === 'same-origin' || site === 'none'
  })

  app.decorate('consoleGuard', (options: { page?: boolean; changes?: boolean }) => {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      if (!app.fromThisSite(request)) {
        await reply.status(403).send({ message: consoleMessages.forbidden })
        return
      }
      const sessionId = readCookie(request.headers.cookie, cookieName)
      const now = clock.now()
      const session = sessionId ? await findSession(db, sessionId, now, 'console') : undefined
      if (!sessionId || !session || !mayUseConsole(adminEmails, session.email)) {
        // An address taken out of ADMIN_EMAILS: its session ends for good.
        if (sessionId && session) await endSession(db, sessionId, now)
        if (options.page) {
          const next = encodeURIComponent(request.url)
          await reply.redirect(`${consolePages.signIn.path}?next=${next}`, 303)
          return
        }
        await reply.status(401).send({ message: consoleMessages.notSignedIn })
        return
      }
      if (options.changes) {
        const token = request.headers[csrfHeader]
        if (typeof token !== 'string' || !sameToken(token, session.csrf_token)) {
          await reply.status(403).send({ message: consoleMessages.forbidden })
          return
        }
      }
      request.consoleHost = {
        email: session.email,
        csrfToken: session.csrf_token,
        expiresAt: session.expires_at,
        sessionId,
      }
    }
  })
})
