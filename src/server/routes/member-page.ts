import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Membership } from '../../core/db/membership-tables'
import { submitJoke } from '../../core/memberships/jokes'
import { memberView, renewsAt } from '../../core/memberships/member-view'
import { findMembership, rotateMemberCode } from '../../core/memberships/memberships'
import { jokeLimitSentence, jokeTexts } from '../../shared/jokes'
import { memberApi, memberPageTexts } from '../../shared/member-page'
import { paths } from '../../shared/pages'
import { memberSignInRoutes, type SignedInMember } from '../sign-in/member-door'

// Long enough for any joke and its line breaks; the length rule itself is submitJoke's.
const JokeSchema = z.object({ text: z.string().max(4000) })

/** What each refusal of submitJoke answers, with its status. */
function jokeRefusal(
  reason: 'empty' | 'too_long' | 'limit' | 'not_member',
  membership: Membership,
): { status: number; message: string } {
  switch (reason) {
    case 'empty':
      return { status: 400, message: jokeTexts.empty }
    case 'too_long':
      return { status: 400, message: jokeTexts.tooLong }
    case 'limit':
      return { status: 409, message: jokeLimitSentence(membership.tier, renewsAt(membership)) }
    case 'not_member':
      return { status: 403, message: jokeTexts.notMember }
  }
}

/**
 * The member page's API (issue 18), registered only while MEMBERSHIPS=open: the signed-in
 * member's view, a new member code, a joke for the host and the way to the provider's billing
 * page. Each answers no-store: it is one member's.
 */
export async function memberPageRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config, payments } = app.deps
  await app.register(memberSignInRoutes)
  const billing = payments.membershipBillingUrl !== undefined

  /** The member's view now, read afresh (after a change, the membership as it is now). */
  const sendView = async (reply: FastifyReply, member: SignedInMember, status = 200) => {
    const membership = (await findMembership(db, { id: member.membership.id })) ?? member.membership
    const view = await memberView(db, membership, member, clock.now(), { billing })
    return reply.status(status).header('cache-control', 'no-store').send(view)
  }
  const signedIn = (request: FastifyRequest) => request.member

  app.get(memberApi.view, { preHandler: app.memberGuard({}) }, async (request, reply) => {
    const member = signedIn(request)
    if (!member) return reply.status(401).send({ message: memberPageTexts.notSignedIn })
    return sendView(reply, member)
  })

  app.post(
    memberApi.rotateCode,
    { preHandler: app.memberGuard({ changes: true }) },
    async (request, reply) => {
      const member = signedIn(request)
      if (!member) return reply.status(401).send({ message: memberPageTexts.notSignedIn })
      await rotateMemberCode(db, member.membership.id, clock.now())
      return sendView(reply, member)
    },
  )

  app.post(
    memberApi.jokes,
    { preHandler: app.memberGuard({ changes: true }) },
    async (request, reply) => {
      const member = signedIn(request)
      if (!member) return reply.status(401).send({ message: memberPageTexts.notSignedIn })
      const body = JokeSchema.safeParse(request.body)
      if (!body.success) return reply.status(400).send({ message: jokeTexts.tooLong })
      const result = await submitJoke(db, member.membership, body.data.text, clock.now())
      if (!result.ok) {
        const refusal = jokeRefusal(result.reason, member.membership)
        return reply.status(refusal.status).send({ message: refusal.message })
      }
      return sendView(reply, member, 201)
    },
  )

  app.post(
    memberApi.billing,
    { preHandler: app.memberGuard({ changes: true }) },
    async (request, reply) => {
      const member = signedIn(request)
      if (!member) return reply.status(401).send({ message: memberPageTexts.notSignedIn })
      const membership = member.membership
      if (!payments.membershipBillingUrl || membership.status === 'ended') {
        return reply.status(404).send({ message: memberPageTexts.billingUnavailable })
      }
      const returnUrl = `${config.publicUrl}${paths.membership}`
      try {
        const url = await payments.membershipBillingUrl(membership, returnUrl)
        return reply.header('cache-control', 'no-store').send({ url })
      } catch (error) {
        // No customer at the provider yet (its first payment's events still on their way):
        // nothing is broken, the page opens once they arrive.
        if (!membership.provider_customer) {
          request.log.warn(
            { err: error },
            'member page: no billing page before the provider customer',
          )
          return reply.status(409).send({ message: memberPageTexts.billingNotReady })
        }
        request.log.error({ err: error }, 'member page: no billing page from the provider')
        return reply.status(502).send({ message: memberPageTexts.billingUnreachable })
      }
    },
  )
}
