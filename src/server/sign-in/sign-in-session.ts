import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { Refusal, refuse } from '../../core/refusal'
import { endSession, findSession } from '../../core/sign-in/sessions'
import type { SignedIn, SignInDoor } from './door'

export interface GuardOptions {
  /** A page: without a session it sends its visitor to the door's sign-in page (else 401). */
  page?: boolean
  /** A change: it must carry the session's CSRF token (else 403). */
  changes?: boolean
  /**
   * A change a plain HTML form posts (it cannot set a header): without the header, the token
   * may come as the form's `csrfFormField`, checked the same way.
   */
  formToken?: boolean
}

/** The hidden field of a plain HTML form that carries the session's CSRF token. */
export const csrfFormField = 'csrf_token'

const FormTokenSchema = z.object({ [csrfFormField]: z.string() })

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>

/**
 * True when a request comes from this site's own pages, or from no browser at all: its Origin is
 * the site's (or the address the browser used: a development proxy), or, without an Origin, its
 * Sec-Fetch-Site is same-origin or none.
 */
export function fromThisSite(request: FastifyRequest, ownOrigin: string): boolean {
  const origin = request.headers.origin
  if (origin !== undefined) {
    const host = request.headers.host
    return (
      origin === ownOrigin || (host !== undefined && origin === `${request.protocol}://${host}`)
    )
  }
  const site = request.headers['sec-fetch-site']
  return site === undefined || site === 'same-origin' || site === 'none'
}

/** The cookie's value in a Cookie header, or undefined. */
function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return undefined
}

/** Compares a sent CSRF token with the session's in constant time. */
function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * A door's session: a cookie (HttpOnly, SameSite=Strict, Secure and `__Host-` whenever
 * PUBLIC_URL is https, as long as the audience's sessions) naming a session kept in the
 * database, so every server process knows it and "Sign out" ends it everywhere at once. Every
 * request is checked against the database and the audience's `who`: an address taken away
 * (out of ADMIN_EMAILS, no membership any more) ends its sessions for good. Changes carry a CSRF
 * token as well; SameSite already keeps the cookie off other sites' requests, and the origin
 * check refuses them outright.
 */
export function signInSession<Who>(app: FastifyInstance, door: SignInDoor<Who>) {
  const { db, clock, config } = app.deps
  const ownOrigin = new URL(config.publicUrl).origin
  const secure = config.publicUrl.startsWith('https:')
  const name = secure ? `__Host-${door.cookie}` : door.cookie
  const flags = `HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
  const cookie = (value: string, maxAge: number) =>
    door.cookieOrder === 'path-first'
      ? `${name}=${value}; Path=/; Max-Age=${maxAge}; ${flags}`
      : `${name}=${value}; Max-Age=${maxAge}; Path=/; ${flags}`

  /** The request's live session of this audience, or the refusal it meets. */
  const check = async (request: FastifyRequest, options: GuardOptions): Promise<SignedIn<Who>> => {
    if (!fromThisSite(request, ownOrigin)) throw refuse.forbidden(door.texts.forbidden)
    const sessionId = readCookie(request.headers.cookie, name)
    const now = clock.now()
    const session = sessionId
      ? await findSession(db, door.audience.name, sessionId, now)
      : undefined
    const who = session ? await door.audience.who(db, session.email) : undefined
    if (!sessionId || !session || who === undefined) {
      // An address its audience no longer lets in: its session ends for good.
      if (sessionId && session) await endSession(db, sessionId, now)
      throw refuse.unauthorized(door.texts.notSignedIn)
    }
    if (options.changes) {
      const header = request.headers[door.csrfHeader]
      const form = options.formToken ? FormTokenSchema.safeParse(request.body) : undefined
      const token = header ?? (form?.success ? form.data[csrfFormField] : undefined)
      if (typeof token !== 'string' || !sameToken(token, session.csrf_token)) {
        throw refuse.forbidden(door.texts.forbidden)
      }
    }
    return {
      email: session.email,
      csrfToken: session.csrf_token,
      expiresAt: session.expires_at,
      sessionId,
      who,
    }
  }

  return {
    check,
    /**
     * A preHandler: a request from another site is refused (403); without a live session, an
     * API request is 401 and a page is sent to sign in; a change without the session's CSRF
     * token is 403. Otherwise the session is left on the request (door.attach).
     */
    guard(options: GuardOptions): Guard {
      return async (request, reply) => {
        try {
          door.attach(request, await check(request, options))
        } catch (error) {
          const signIn = door.signInPage
          if (
            !(options.page && signIn && error instanceof Refusal && error.kind === 'unauthorized')
          )
            throw error
          return reply.redirect(`${signIn}?next=${encodeURIComponent(request.url)}`, 303)
        }
      }
    },
    setCookie(reply: FastifyReply, sessionId: string): void {
      reply.header(
        'set-cookie',
        cookie(sessionId, Math.floor(door.audience.sessionLifetimeMs / 1000)),
      )
    },
    clearCookie(reply: FastifyReply): void {
      reply.header('set-cookie', cookie('', 0))
    },
  }
}
