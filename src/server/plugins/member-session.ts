import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { endSession, findSession, memberSessionLifetimeMs } from '../../core/console/sign-in'
import type { Membership } from '../../core/db/membership-tables'
import { findMembership } from '../../core/memberships/memberships'
import { memberCsrfHeader, memberPageTexts } from '../../shared/member-page'
import { readCookie, sameToken } from './console-session'

/** The signed-in member of a member-page request, and their membership. */
export interface SignedInMember {
  email: string
  csrfToken: string
  /** The cookie's value (the session id); the database holds its hash. */
  sessionId: string
  membership: Membership
}

declare module 'fastify' {
  interface FastifyRequest {
    member?: SignedInMember
  }
  interface FastifyInstance {
    /**
     * A preHandler for the member page's API: a request from another site is refused (403);
     * without a live member session whose address still has a membership, 401; a change
     * (`changes`) must carry the session's CSRF token (403).
     */
    memberGuard(options: {
      changes?: boolean
    }): (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    memberCookie: {
      set(reply: FastifyReply, sessionId: string): void
      clear(reply: FastifyReply): void
    }
  }
}

/**
 * The member page's session: its own cookie (HttpOnly, SameSite=Strict, Secure and `__Host-`
 * whenever PUBLIC_URL is https, 30 days), apart from the console's, naming a session of the
 * `member` audience kept in the database, so every server process knows it and "Sign out" ends it
 * at once. The member is whoever's membership uses the session's address (the one not ended
 * first). Changes carry a CSRF token as well, as the console's do. Registered after the console's
 * plugin, whose `fromThisSite` it uses.
 */
export const memberSessionPlugin = fp(async (app: FastifyInstance) => {
  const { db, clock, config } = app.deps
  const secure = config.publicUrl.startsWith('https:')
  const cookieName = secure ? '__Host-punchline-member' : 'punchline-member'
  const attributes = `Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`

  app.decorateRequest('member', undefined)
  app.decorate('memberCookie', {
    set(reply: FastifyReply, sessionId: string) {
      const maxAge = Math.floor(memberSessionLifetimeMs / 1000)
      reply.header('set-cookie', `${cookieName}=${sessionId}; Max-Age=${maxAge}; ${attributes}`)
    },
    clear(reply: FastifyReply) {
      reply.header('set-cookie', `${cookieName}=; Max-Age=0; ${attributes}`)
    },
  })

  app.decorate('memberGuard', (options: { changes?: boolean }) => {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      if (!app.fromThisSite(request)) {
        await reply.status(403).send({ message: memberPageTexts.forbidden })
        return
      }
      const sessionId = readCookie(request.headers.cookie, cookieName)
      const now = clock.now()
      const session = sessionId ? await findSession(db, sessionId, now, 'member') : undefined
      const membership = session ? await findMembership(db, { email: session.email }) : undefined
      if (!sessionId || !session || !membership) {
        // No membership behind the address any more: its session ends for good.
        if (sessionId && session) await endSession(db, sessionId, now)
        await reply.status(401).send({ message: memberPageTexts.notSignedIn })
        return
      }
      if (options.changes) {
        const token = request.headers[memberCsrfHeader]
        if (typeof token !== 'string' || !sameToken(token, session.csrf_token)) {
          await reply.status(403).send({ message: memberPageTexts.forbidden })
          return
        }
      }
      request.member = {
        email: session.email,
        csrfToken: session.csrf_token,
        sessionId,
        membership,
      }
    }
  })
})
