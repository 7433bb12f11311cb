import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { type RateLimitName, retryAfterSeconds } from '../../core/rate-limits'
import { refuse } from '../../core/refusal'
import { consumeSignInLink } from '../../core/sign-in/links'
import { recordSignInRequest, signInAnswerDelayMs } from '../../core/sign-in/requests'
import { endSession, startSession } from '../../core/sign-in/sessions'
import { isSimpleEmail } from '../../shared/email'
import type { SignedIn, SignInDoor } from './door'
import { fromThisSite, signInSession } from './session'

const SignInSchema = z.object({ email: z.string().trim().max(254).refine(isSimpleEmail) })
const CompleteSchema = z.object({ token: z.string().min(1).max(100) })

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

    app.post(door.api.signIn, { preHandler: [refuseOtherSites, perClient] }, async (request) => {
      const body = SignInSchema.safeParse(request.body)
      if (!body.success) throw refuse.invalid(texts.badEmail)
      const address = `${audience.name}:${body.data.email.toLowerCase()}`
      // A network that used up its share stops here, before it counts against the owner's.
      await perAddressNetwork(hashClient(`${address}:${app.clientOf(request)}`))
      await perAddress(hashClient(address))
      await recordSignInRequest(db, audience.name, body.data.email, clock.now())
      setTimeout(() => kickMail?.(), answerDelayMs()).unref()
      return { message: texts.linkSent }
    })

    app.post(
      door.api.signInComplete,
      { preHandler: [refuseOtherSites, perClient] },
      async (request, reply) => {
        const body = CompleteSchema.safeParse(request.body)
        const now = clock.now()
        const email = body.success
          ? await consumeSignInLink(db, audience.name, body.data.token, now)
          : undefined
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
      },
    )

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
