import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  consumeSignInLink,
  endSession,
  mailSignInLink,
  mayUseConsole,
  startSession,
} from '../../core/console/sign-in'
import { recordAudit } from '../../core/operator/audit'
import { retryAfterSeconds } from '../../core/rate-limits'
import { type ConsoleSessionInfo, consoleApi, consoleMessages } from '../../shared/console'
import { isSimpleEmail } from '../../shared/email'

const SignInSchema = z.object({ email: z.string().trim().max(254).refine(isSimpleEmail) })
const CompleteSchema = z.object({ token: z.string().min(1).max(100) })

/**
 * Signing in to the console (docs/console.md): a one-time link mailed to an address in
 * ADMIN_EMAILS, used with a POST from the sign-in page; the session's cookie after that. Every
 * answer to a link request is the same, sent before anything is looked up or written, so neither
 * its words nor its timing tell who may sign in.
 */
export async function consoleAuthRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config, kickMail } = app.deps
  const adminEmails = config.adminEmails ?? []
  const perClient = app.perClientLimit('consoleSignIn', consoleMessages.tooManySignIns)
  const perAddress = app.rateLimitCounter('consoleSignInPerAddress')
  const maxPerAddress = app.rateLimitMax('consoleSignInPerAddress')
  const refuseOtherSites = async (
    request: Parameters<typeof perClient>[0],
    reply: Parameters<typeof perClient>[1],
  ) => {
    if (!app.fromThisSite(request))
      await reply.status(403).send({ message: consoleMessages.forbidden })
  }

  app.get(consoleApi.session, { preHandler: app.consoleGuard({}) }, async (request, reply) => {
    const host = request.consoleHost
    if (!host) return reply.status(401).send({ message: consoleMessages.notSignedIn })
    const info: ConsoleSessionInfo = {
      email: host.email,
      csrfToken: host.csrfToken,
      expiresAt: host.expiresAt.toISOString(),
    }
    return reply.header('cache-control', 'no-store').send(info)
  })

  app.post(
    consoleApi.signIn,
    { preHandler: [refuseOtherSites, perClient] },
    async (request, reply) => {
      const body = SignInSchema.safeParse(request.body)
      if (!body.success) return reply.status(400).send({ message: consoleMessages.badEmail })
      const email = body.data.email.toLowerCase()
      const count = await perAddress.hit(app.deps.hashClient(`console:${email}`))
      if (count.count > maxPerAddress) {
        return reply
          .status(429)
          .header('retry-after', String(retryAfterSeconds(count)))
          .send({ message: consoleMessages.tooManySignIns })
      }
      await reply.send({ message: consoleMessages.linkSent })
      if (!mayUseConsole(adminEmails, email)) return reply
      // After the answer is on its way: its timing must not tell a host from a stranger.
      try {
        await mailSignInLink(db, email, config.publicUrl, clock.now())
        kickMail?.()
      } catch (error) {
        request.log.error({ err: error }, 'console: could not make a sign-in link')
      }
      return reply
    },
  )

  app.post(
    consoleApi.signInComplete,
    { preHandler: [refuseOtherSites, perClient] },
    async (request, reply) => {
      const body = CompleteSchema.safeParse(request.body)
      const now = clock.now()
      const email = body.success
        ? await consumeSignInLink(db, body.data.token, now, 'console')
        : undefined
      if (!email || !mayUseConsole(adminEmails, email)) {
        return reply.status(400).send({ message: consoleMessages.linkUnusable })
      }
      const session = await startSession(db, email, now, 'console')
      await recordAudit(
        db,
        { who: email, via: 'console' },
        { action: 'console.sign-in', summary: `Signed in to the console` },
        now,
      )
      app.consoleCookie.set(reply, session.id)
      const info: ConsoleSessionInfo = {
        email,
        csrfToken: session.csrfToken,
        expiresAt: session.expiresAt.toISOString(),
      }
      return reply.header('cache-control', 'no-store').send(info)
    },
  )

  app.post(
    consoleApi.signOut,
    { preHandler: app.consoleGuard({ changes: true }) },
    async (request, reply) => {
      const host = request.consoleHost
      if (!host) return reply.status(401).send({ message: consoleMessages.notSignedIn })
      const now = clock.now()
      await endSession(db, host.sessionId, now)
      await recordAudit(
        db,
        { who: host.email, via: 'console' },
        { action: 'console.sign-out', summary: 'Signed out of the console' },
        now,
      )
      app.consoleCookie.clear(reply)
      return reply.status(204).send()
    },
  )
}
