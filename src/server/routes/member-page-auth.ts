import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { consumeSignInLink, endSession, startSession } from '../../core/console/sign-in'
import { mailMemberSignInLink } from '../../core/memberships/member-sign-in'
import { memberView } from '../../core/memberships/member-view'
import { findMembership } from '../../core/memberships/memberships'
import { retryAfterSeconds } from '../../core/rate-limits'
import { isSimpleEmail } from '../../shared/email'
import { memberApi, memberPageTexts } from '../../shared/member-page'

const SignInSchema = z.object({ email: z.string().trim().max(254).refine(isSimpleEmail) })
const CompleteSchema = z.object({ token: z.string().min(1).max(100) })

/**
 * Signing in to the member page (docs/memberships.md): a one-time link mailed to an address with a
 * membership, used with a POST from /membership/sign-in; the member session's cookie after that.
 * Every answer to a link request is the same, sent before anything is looked up or written, so
 * neither its words nor its timing tell a member from a stranger. Links and sessions are of the
 * `member` audience: the console's never work here, nor these there.
 */
export async function memberPageAuthRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config, kickMail, hashClient, payments } = app.deps
  const perClient = app.perClientLimit('memberSignIn', memberPageTexts.tooManySignIns)
  const perAddress = app.rateLimitCounter('memberSignInPerAddress')
  const maxPerAddress = app.rateLimitMax('memberSignInPerAddress')
  const refuseOtherSites = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!app.fromThisSite(request))
      await reply.status(403).send({ message: memberPageTexts.forbidden })
  }

  app.post(
    memberApi.signIn,
    { preHandler: [refuseOtherSites, perClient] },
    async (request, reply) => {
      const body = SignInSchema.safeParse(request.body)
      if (!body.success) return reply.status(400).send({ message: memberPageTexts.badEmail })
      const email = body.data.email.toLowerCase()
      const count = await perAddress.hit(hashClient(`member:${email}`))
      if (count.count > maxPerAddress) {
        return reply
          .status(429)
          .header('retry-after', String(retryAfterSeconds(count)))
          .send({ message: memberPageTexts.tooManySignIns })
      }
      await reply.send({ message: memberPageTexts.linkSent })
      // After the answer is on its way: its timing must not tell a member from a stranger.
      try {
        if (await mailMemberSignInLink(db, email, config.publicUrl, clock.now())) kickMail?.()
      } catch (error) {
        request.log.error({ err: error }, 'member page: could not make a sign-in link')
      }
      return reply
    },
  )

  app.post(
    memberApi.signInComplete,
    { preHandler: [refuseOtherSites, perClient] },
    async (request, reply) => {
      const body = CompleteSchema.safeParse(request.body)
      const now = clock.now()
      const email = body.success
        ? await consumeSignInLink(db, body.data.token, now, 'member')
        : undefined
      const membership = email ? await findMembership(db, { email }) : undefined
      if (!email || !membership) {
        return reply.status(400).send({ message: memberPageTexts.linkUnusable })
      }
      const session = await startSession(db, email, now, 'member')
      app.memberCookie.set(reply, session.id)
      const view = await memberView(db, membership, { email, csrfToken: session.csrfToken }, now, {
        billing: payments.membershipBillingUrl !== undefined,
      })
      return reply.header('cache-control', 'no-store').send(view)
    },
  )

  app.post(
    memberApi.signOut,
    { preHandler: app.memberGuard({ changes: true }) },
    async (request, reply) => {
      const member = request.member
      if (!member) return reply.status(401).send({ message: memberPageTexts.notSignedIn })
      await endSession(db, member.sessionId, clock.now())
      app.memberCookie.clear(reply)
      return reply.status(204).send()
    },
  )
}
