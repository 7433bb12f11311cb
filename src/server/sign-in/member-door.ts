import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Membership } from '../../core/db/membership-tables'
import { memberAudience } from '../../core/memberships/member-sign-in'
import { memberView } from '../../core/memberships/member-view'
import { memberApi, memberCsrfHeader, memberPageTexts } from '../../shared/member-page'
import { MemberViewSchema } from '../../shared/member-page-api'
import type { SignInDoor } from './door'
import { signInRoutes } from './sign-in-routes'
import { type Guard, type GuardOptions, signInSession } from './sign-in-session'

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
    /** The member page's guard (sign-in-session.ts): 401 without a member session, 403 from elsewhere. */
    memberGuard(options: GuardOptions): Guard
  }
}

/**
 * The member page's door (docs/memberships.md): an address a membership uses signs in for 30
 * days, with a cookie of its own; signing in answers the member's view.
 */
export const memberDoor: SignInDoor<Membership> = {
  audience: memberAudience,
  cookie: 'punchline-member',
  cookieOrder: 'max-age-first',
  api: memberApi,
  csrfHeader: memberCsrfHeader,
  texts: memberPageTexts,
  limits: {
    perClient: 'memberSignIn',
    perAddressNetwork: 'memberSignInPerAddressNetwork',
    perAddress: 'memberSignInPerAddress',
  },
  attach(request, signedIn) {
    const { email, csrfToken, sessionId, who } = signedIn
    request.member = { email, csrfToken, sessionId, membership: who }
  },
  answer: (app, signedIn, now) =>
    memberView(app.deps.db, signedIn.who, signedIn, now, {
      billing: app.deps.payments.membershipBillingUrl !== undefined,
    }),
  answerSchema: MemberViewSchema,
}

/** The member page's guard, for the page's API (registered while memberships are open). */
export const memberSignIn = fp(async (app: FastifyInstance) => {
  app.decorateRequest('member', undefined)
  app.decorate('memberGuard', signInSession(app, memberDoor).guard)
})

/** The member page's sign-in routes, registered with the page's API. */
export const memberSignInRoutes = signInRoutes(memberDoor)
