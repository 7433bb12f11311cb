import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { RateLimitName } from '../../core/rate-limits'
import type { SignInAudience } from '../../core/sign-in/audience'
import type { SignInApi, SignInTexts } from '../../shared/sign-in'

/** A signed-in session of an audience, as its guard finds it on a request. */
export interface SignedIn<Who> {
  email: string
  csrfToken: string
  expiresAt: Date
  /** The cookie's value (the session id); the database holds its hash. */
  sessionId: string
  /** Who the audience says the address is: a host's address, a member's membership. */
  who: Who
}

/**
 * An audience's door into the site: core's audience (who may sign in, its link, its mail, how
 * long a session lasts) and what HTTP adds to it. From a door, sign-in-session.ts makes its cookie and
 * its guard, and sign-in-routes.ts its three routes and their limits; console-door.ts and member-door.ts
 * are the two there are.
 */
export interface SignInDoor<Who> {
  audience: SignInAudience<Who>
  /** The session cookie's name; `__Host-` goes before it whenever PUBLIC_URL is https. */
  cookie: string
  /**
   * Set-Cookie's attributes in the order this audience's cookie has always had them: browsers
   * ignore the order, but clients and tests that read the header whole do not.
   */
  cookieOrder: 'path-first' | 'max-age-first'
  api: SignInApi
  /** The header every change carries: the session's CSRF token. */
  csrfHeader: string
  texts: SignInTexts
  /**
   * Link requests and uses per client; links asked for one address from one client network; and
   * for one address from every network (core/rate-limits.ts says why both).
   */
  limits: { perClient: RateLimitName; perAddressNetwork: RateLimitName; perAddress: RateLimitName }
  /** A page (guard option `page`) without a session is sent here, `?next=` itself. */
  signInPage?: string
  /** Leaves the session on the request under the audience's own name (consoleHost, member). */
  attach(request: FastifyRequest, signedIn: SignedIn<Who>): void
  /** What using a link answers, once its session is made and its cookie set... */
  answer(app: FastifyInstance, signedIn: SignedIn<Who>, now: Date): Promise<unknown>
  /** ...of this shape (src/shared), its route's response schema. */
  answerSchema: z.core.$ZodType
  /** Told of "Sign out", once the session has ended. */
  onSignOut?(app: FastifyInstance, signedIn: SignedIn<Who>, now: Date): Promise<void>
}
