import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  memberBillingUrl,
  saveMemberWords,
  sendMemberJoke,
} from '../../core/memberships/member-requests'
import { memberView } from '../../core/memberships/member-view'
import { findMembership, rotateMemberCode } from '../../core/memberships/membership-lifecycle'
import { refuse } from '../../core/refusal'
import { PaymentPageSchema } from '../../shared/answers'
import { fanWordsTexts } from '../../shared/fan-words'
import { jokeTexts } from '../../shared/jokes'
import { memberApi, memberPageTexts } from '../../shared/member-page'
import { MemberViewSchema, MemberWordsSchema } from '../../shared/member-page-api'
import { paths } from '../../shared/pages'
import { refusing, type ZodTypeProvider } from '../plugins/route-schemas'
import { memberSignInRoutes, type SignedInMember } from '../sign-in/member-door'

// Long enough for any joke and its line breaks; the length rule itself is submitJoke's.
const JokeSchema = refusing(z.object({ text: z.string().max(4000) }), jokeTexts.tooLong)

/**
 * The member page's API (docs/memberships.md), registered only while MEMBERSHIPS=open: the signed-in
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
  /** The member the guard let in (the guard has answered 401 already when there is none). */
  const signedIn = (request: FastifyRequest): SignedInMember => {
    if (!request.member) throw refuse.unauthorized(memberPageTexts.notSignedIn)
    return request.member
  }

  // Every answer but billing's is the member's view.
  const view = { response: { 200: MemberViewSchema } }
  app.get(
    memberApi.view,
    { preHandler: app.memberGuard({}), schema: view },
    async (request, reply) => sendView(reply, signedIn(request)),
  )

  app.post(
    memberApi.rotateCode,
    { preHandler: app.memberGuard({ changes: true }), schema: view },
    async (request, reply) => {
      const member = signedIn(request)
      await rotateMemberCode(db, member.membership.id, clock.now())
      return sendView(reply, member)
    },
  )

  // The guard before the body's schema: who is asking is answered first.
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.post(
    memberApi.jokes,
    {
      preValidation: app.memberGuard({ changes: true }),
      schema: { body: JokeSchema, response: { 201: MemberViewSchema } },
    },
    async (request, reply) => {
      const member = signedIn(request)
      await sendMemberJoke(db, member.membership, request.body.text, clock.now())
      return sendView(reply, member, 201)
    },
  )

  api.post(
    memberApi.words,
    {
      preValidation: app.memberGuard({ changes: true }),
      schema: {
        body: refusing(MemberWordsSchema, (error) =>
          error.issues[0]?.path[0] === 'name'
            ? fanWordsTexts.nameTooLong
            : fanWordsTexts.messageTooLong,
        ),
        ...view,
      },
    },
    async (request, reply) => {
      const member = signedIn(request)
      await saveMemberWords(db, member.membership.id, request.body)
      return sendView(reply, member)
    },
  )

  app.post(
    memberApi.billing,
    {
      preHandler: app.memberGuard({ changes: true }),
      schema: { response: { 200: PaymentPageSchema } },
    },
    async (request, reply) => {
      const { membership } = signedIn(request)
      const returnUrl = `${config.publicUrl}${paths.membership}`
      const url = await memberBillingUrl(payments, membership, returnUrl, (error, known) => {
        if (known) {
          request.log.error({ err: error }, 'member page: no billing page from the provider')
        } else {
          // Nothing is broken: the page opens once the provider's events arrive.
          const words = 'member page: no billing page before the provider customer'
          request.log.warn({ err: error }, words)
        }
      })
      return reply.header('cache-control', 'no-store').send({ url })
    },
  )
}
