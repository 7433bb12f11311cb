import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type RateLimitName, retryAfterSeconds } from '../../core/rate-limits'
import { refuse } from '../../core/refusal'
import { consumeSignInLink } from '../../core/sign-in/links'
import { recordSignInRequest, signInAnswerDelayMs } from '../../core/sign-in/requests'
import { endSession, startSession } from '../../core/sign-in/sessions'
import { MessageAnswerSchema } from '../../shared/answers'
import { SignInCompleteRequestSchema, SignInLinkRequestSchema } from '../../shared/sign-in-api'
import { refusing, type ZodTypeProvider } from '../plugins/route-schemas'
import type { SignedIn, SignInDoor } from './door'
import { fromThisSite, signInSession } from './sign-in-session'

/**
 * A door's three routes (docs/console.md, docs/memberships.md): ask for a link, use it with a
 * POST from the page it opens, sign out. Asking answers the same for every well-formed address
 * after the same work (one row for the mail worker, which decides whether the address may sign
 * in), so neither the answer nor its timing tells who may; it is limited per client, per
 * address and client network, and per address. Using a link is limited per client.
 */
export function signInRoutes<Who>(door: SignInDoor<Who>) {
  return async (app: FastifyInstance): Promise<void> => {
    const { db, clock, config, kickMail, hashClient } = app.deps
    const { audience, texts, limits } = door
    const session = signInSession(app, door)
    const perClient = app.perClientLimit(limits.perClient, texts.tooManySignIns)
    const perAddressNetwork = addressLimit(app, limits.perAddressNetwork, texts.tooManySignIns)
    const perAddress = addressLimit(app, limits.perAddress, texts.tooManySignIns)
    const answerDelayMs = app.deps.signInAnswerDelayMs ?? signInAnswerDelayMs
    const ownOrigin = new URL(config.publicUrl).origin
    const refuseOtherSites = async (request: FastifyRequest) => {
      if (!fromThisSite(request, ownOrigin)) throw refuse.forbidden(texts.forbidden)
    }

    // Who may ask comes before what they send: the hooks run before the body's schema.
    const api = app.withTypeProvider<ZodTypeProvider>()
    const signIn = {
      preValidation: [refuseOtherSites, perClient],
      schema: {
        body: refusing(SignInLinkRequestSchema, texts.badEmail),
        response: { 200: MessageAnswerSchema },
      },
    }
    api.post(door.api.signIn, signIn, async (request) => {
      const { email } = request.body
      const address = `${audience.name}:${email.toLowerCase()}`
      // A network that used up its share stops here, before it counts against the owner's.
      await perAddressNetwork(hashClient(`${address}:${app.clientOf(request)}`))
      await perAddress(hashClient(address))
      await recordSignInRequest(db, audience.name, email, clock.now())
      setTimeout(() => kickMail?.(), answerDelayMs()).unref()
      return { message: texts.linkSent }
    })

    const complete = {
      preValidation: [refuseOtherSites, perClient],
      schema: {
        body: refusing(SignInCompleteRequestSchema, texts.linkUnusable),
        response: { 200: door.answerSchema },
      },
    }
    api.post(door.api.signInComplete, complete, async (request, reply) => {
      const now = clock.now()
      const email = await consumeSignInLink(db, audience.name, request.body.token, now)
      const who = email ? await audience.who(db, email) : undefined
      if (!email || who === undefined) throw refuse.invalid(texts.linkUnusable)
      const started = await startSession(db, audience, email, now)
      const signedIn: SignedIn<Who> = {
        email,
        csrfToken: started.csrfToken,
        expiresAt: started.expiresAt,
        sessionId: started.id,
        who,
      }
      session.setCookie(reply, started.id)
      const answer = await door.answer(app, signedIn, now)
      return reply.header('cache-control', 'no-store').send(answer)
    })

    app.post(door.api.signOut, async (request, reply) => {
      const signedIn = await session.check(request, { changes: true })
      const now = clock.now()
      await endSession(db, signedIn.sessionId, now)
      await door.onSignOut?.(app, signedIn, now)
      session.clearCookie(reply)
      return reply.status(204).send()
    })
  }
}

/** Counts a hit on `name`'s counter for `key`, and refuses (429, Retry-After) past its most. */
function addressLimit(app: FastifyInstance, name: RateLimitName, message: string) {
  const counter = app.rateLimitCounter(name)
  const max = app.rateLimitMax(name)
  return async (key: string): Promise<void> => {
    const count = await counter.hit(key)
    if (count.count > max) throw refuse.limited(message, retryAfterSeconds(count))
  }
}
