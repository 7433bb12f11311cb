import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { consoleAudience } from '../../core/console/console-sign-in'
import { recordAudit } from '../../core/operator/audit'
import { refuse } from '../../core/refusal'
import {
  type ConsoleSessionInfo,
  consoleApi,
  consoleMessages,
  consolePages,
  csrfHeader,
} from '../../shared/console'
import { ConsoleSessionInfoSchema } from '../../shared/sign-in-api'
import type { SignedIn, SignInDoor } from './door'
import { signInRoutes } from './sign-in-routes'
import { type Guard, type GuardOptions, signInSession } from './sign-in-session'

/** The signed-in host of a console request: who they are is their address. */
export type ConsoleHost = SignedIn<string>

declare module 'fastify' {
  interface FastifyRequest {
    consoleHost?: ConsoleHost
  }
  interface FastifyInstance {
    /** The console's guard (sign-in-session.ts): pages send to sign-in, the API answers 401 or 403. */
    consoleGuard(options: GuardOptions): Guard
  }
}

function sessionInfo(host: ConsoleHost): ConsoleSessionInfo {
  return { email: host.email, csrfToken: host.csrfToken, expiresAt: host.expiresAt.toISOString() }
}

/**
 * The console's door (docs/console.md): an address in ADMIN_EMAILS signs in for 12 hours; its
 * pages send a visitor without a session to /admin/sign-in; signing in and out are written to
 * the audit log, and signing in answers who is signed in.
 */
export function consoleDoor(adminEmails: readonly string[]): SignInDoor<string> {
  return {
    audience: consoleAudience(adminEmails),
    cookie: 'punchline-console',
    cookieOrder: 'path-first',
    api: consoleApi,
    csrfHeader,
    texts: consoleMessages,
    limits: {
      perClient: 'consoleSignIn',
      perAddressNetwork: 'consoleSignInPerAddressNetwork',
      perAddress: 'consoleSignInPerAddress',
    },
    signInPage: consolePages.signIn.path,
    attach(request, host) {
      request.consoleHost = host
    },
    async answer(app, host, now) {
      const actor = { who: host.email, via: 'console' } as const
      const record = { action: 'console.sign-in', summary: 'Signed in to the console' }
      await recordAudit(app.deps.db, actor, record, now)
      return sessionInfo(host)
    },
    answerSchema: ConsoleSessionInfoSchema,
    async onSignOut(app, host, now) {
      const actor = { who: host.email, via: 'console' } as const
      const record = { action: 'console.sign-out', summary: 'Signed out of the console' }
      await recordAudit(app.deps.db, actor, record, now)
    },
  }
}

/** The console's guard, its sign-in routes, and GET session: who is signed in, or 401. */
export const consoleSignIn = fp(async (app: FastifyInstance) => {
  const door = consoleDoor(app.deps.config.adminEmails ?? [])
  app.decorateRequest('consoleHost', undefined)
  app.decorate('consoleGuard', signInSession(app, door).guard)
  await app.register(signInRoutes(door))
  const session = {
    preHandler: app.consoleGuard({}),
    schema: { response: { 200: ConsoleSessionInfoSchema } },
  }
  app.get(consoleApi.session, session, async (request, reply) => {
    const host = request.consoleHost
    if (!host) throw refuse.unauthorized(consoleMessages.notSignedIn)
    return reply.header('cache-control', 'no-store').send(sessionInfo(host))
  })
})
