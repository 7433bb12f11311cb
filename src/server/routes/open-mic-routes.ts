import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { myPlace } from '../../core/open-mic/backstage'
import { openMicPublic, publicOpenMicOrRefuse } from '../../core/open-mic/open-mics'
import type { OpenMicContext } from '../../core/open-mic/places'
import {
  confirmSignup,
  type SignupPlace,
  signUp,
  signupToConfirm,
  withdrawSignup,
} from '../../core/open-mic/signups'
import { retryAfterSeconds } from '../../core/rate-limits'
import { refuse } from '../../core/refusal'
import { MessageAnswerSchema } from '../../shared/answers'
import { openMicTexts } from '../../shared/open-mic'
import {
  ConfirmedAnswerSchema,
  MyPlaceAnswerSchema,
  MyPlaceRequestSchema,
  OpenMicPublicSchema,
  OpenMicSignupSchema,
  OpenMicTokenSchema,
  SignupToConfirmSchema,
} from '../../shared/open-mic-api'
import { formatCentral } from '../../shared/show-time'
import { refusing, type ZodTypeProvider } from '../plugins/route-schemas'
import { comicDoor } from '../sign-in/comic-door'
import { signInSession } from '../sign-in/sign-in-session'

const ShowParams = z.object({ show: z.string().min(1).max(100) })

function placeMessage(place: SignupPlace): string {
  if (place.list === 'slot' && place.plannedAt) {
    return openMicTexts.placeSlot(place.position, formatCentral(place.plannedAt))
  }
  if (place.list === 'waitlist') return openMicTexts.placeWaitlist(place.position)
  return openMicTexts.placePool
}

/**
 * The open mic's public API (docs/comics.md, "Open mics"): its running order, a comic's
 * sign-up, and the confirm (what it confirms, then confirming) and withdraw links of the mails. A sign-up answers the same whether
 * or not the address signed up before (the mail says which); it is limited per client and per
 * address on the shared counters, and the links per client.
 */
export async function openMicRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config, kickMail, hashClient } = app.deps
  const context = (): OpenMicContext => ({ publicUrl: config.publicUrl, now: clock.now() })
  const signUpLimit = app.perClientLimit('openMicSignUp', openMicTexts.tooMany)
  const linksLimit = app.perClientLimit('openMicLinks', openMicTexts.tooMany)
  const perAddress = app.rateLimitCounter('openMicSignUpPerAddress')
  const maxPerAddress = app.rateLimitMax('openMicSignUpPerAddress')
  const comicSession = signInSession(app, comicDoor)
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/open-mic/:show',
    {
      schema: {
        params: refusing(ShowParams, openMicTexts.none),
        response: { 200: OpenMicPublicSchema },
      },
    },
    async (request, reply) => {
      const { show, openMic } = await publicOpenMicOrRefuse(db, request.params.show)
      reply.header('cache-control', 'no-cache')
      return openMicPublic(db, openMic, show, clock.now())
    },
  )

  api.post(
    '/open-mic/:show/sign-up',
    {
      preValidation: signUpLimit,
      schema: {
        params: refusing(ShowParams, openMicTexts.none),
        body: refusing(OpenMicSignupSchema, openMicTexts.badSignup),
        response: { 202: MessageAnswerSchema },
      },
    },
    async (request, reply) => {
      const count = await perAddress.hit(hashClient(`email:${request.body.email.toLowerCase()}`))
      if (count.count > maxPerAddress) {
        throw refuse.limited(openMicTexts.tooMany, retryAfterSeconds(count))
      }
      await signUp(db, request.params.show, request.body, context())
      reply.code(202).send({ message: openMicTexts.sent })
      kickMail?.()
      return reply
    },
  )

  // What a confirm link confirms, for the page to show before it asks: the token in a body, as
  // the confirmation's own, never in an address.
  api.post(
    '/open-mic/confirm/details',
    {
      preValidation: linksLimit,
      schema: {
        body: refusing(OpenMicTokenSchema, openMicTexts.badLink),
        response: { 200: SignupToConfirmSchema },
      },
    },
    async (request, reply) => {
      const details = await signupToConfirm(db, request.body.token)
      // The sign-up's private fields: for this reader only, kept by no cache.
      reply.header('cache-control', 'no-store')
      return details
    },
  )

  api.post(
    '/open-mic/confirm',
    {
      preValidation: linksLimit,
      schema: {
        body: refusing(OpenMicTokenSchema, openMicTexts.badLink),
        response: { 200: ConfirmedAnswerSchema },
      },
    },
    async (request, reply) => {
      const place = await confirmSignup(db, request.body.token, context())
      reply.send({
        message: placeMessage(place),
        list: place.list,
        position: place.position,
        plannedAt: place.plannedAt?.toISOString() ?? null,
      })
      kickMail?.()
      return reply
    },
  )

  // The comic's own place, for the page to show instead of the form: by their comic's session,
  // or by the withdraw link of a place mail the page was opened from. POST: the token in a body.
  api.post(
    '/open-mic/:show/mine',
    {
      preValidation: linksLimit,
      schema: {
        params: refusing(ShowParams, openMicTexts.none),
        body: refusing(MyPlaceRequestSchema, openMicTexts.badLink),
        response: { 200: MyPlaceAnswerSchema },
      },
    },
    async (request, reply) => {
      const { show } = await publicOpenMicOrRefuse(db, request.params.show)
      const signedIn = await comicSession.check(request, {}).catch(() => undefined)
      const place = await myPlace(db, show.id, {
        comic: signedIn?.who,
        withdrawToken: request.body.token,
      })
      reply.header('cache-control', 'no-store')
      return { place: place ?? null, csrfToken: signedIn?.csrfToken ?? null }
    },
  )

  api.post(
    '/open-mic/withdraw',
    {
      preValidation: linksLimit,
      schema: {
        body: refusing(OpenMicTokenSchema, openMicTexts.badLink),
        response: { 200: MessageAnswerSchema },
      },
    },
    async (request, reply) => {
      await withdrawSignup(db, request.body.token, context())
      reply.send({ message: openMicTexts.withdrawn })
      kickMail?.()
      return reply
    },
  )
}
