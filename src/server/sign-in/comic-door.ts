import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { ComicRow } from '../../core/db/comic-tables'
import { comicHome } from '../../core/open-mic/backstage'
import { comicAudience } from '../../core/settlements/comic-sign-in'
import { comicStatement } from '../../core/settlements/statement'
import { comicHomeApi, comicHomeTexts } from '../../shared/comic-home'
import { ComicHomeSchema } from '../../shared/comic-home-api'
import {
  comicCsrfHeader,
  comicStatementApi,
  comicStatementTexts,
} from '../../shared/comic-statement'
import { SignedInStatementSchema } from '../../shared/comic-statement-api'
import type { SignInDoor } from './door'
import { signInRoutes } from './sign-in-routes'
import { type Guard, type GuardOptions, signInSession } from './sign-in-session'

/** The signed-in comic of a statement request: who they are comes from the session alone. */
export interface SignedInComic {
  email: string
  csrfToken: string
  sessionId: string
  comic: ComicRow
}

declare module 'fastify' {
  interface FastifyRequest {
    comic?: SignedInComic
  }
  interface FastifyInstance {
    /** The statement's guard (sign-in-session.ts): 401 without a comic's session, 403 from elsewhere. */
    comicGuard(options: GuardOptions): Guard
  }
}

/**
 * A comic's door at their statement (docs/comics.md, "Settling with the comics"): the address the
 * club keeps for a comic signs in as that comic for 30 days, with a cookie of its own; signing in
 * here answers their statement (all time) and the session's CSRF token.
 */
export const comicDoor: SignInDoor<ComicRow> = {
  audience: comicAudience,
  cookie: 'punchline-comic',
  cookieOrder: 'max-age-first',
  api: comicStatementApi,
  csrfHeader: comicCsrfHeader,
  texts: comicStatementTexts,
  limits: {
    perClient: 'comicSignIn',
    perAddressNetwork: 'comicSignInPerAddressNetwork',
    perAddress: 'comicSignInPerAddress',
  },
  attach(request, signedIn) {
    const { email, csrfToken, sessionId, who } = signedIn
    request.comic = { email, csrfToken, sessionId, comic: who }
  },
  answer: async (app, signedIn, now) => ({
    csrfToken: signedIn.csrfToken,
    statement: await comicStatement(app.deps.db, signedIn.who, undefined, now),
  }),
  answerSchema: SignedInStatementSchema,
}

/**
 * The same audience and cookie at the comic's own page (/backstage, docs/comics.md, "A comic's
 * own page"): one sign-in for both pages, whichever door it went through; signing in here
 * answers their page.
 */
export const comicHomeDoor: SignInDoor<ComicRow> = {
  ...comicDoor,
  api: comicHomeApi,
  texts: comicHomeTexts,
  answer: async (app, signedIn, now) => ({
    csrfToken: signedIn.csrfToken,
    ...(await comicHome(app.deps.db, signedIn.who, now)),
  }),
  answerSchema: ComicHomeSchema,
}

export const comicSignIn = fp(async (app: FastifyInstance) => {
  app.decorateRequest('comic', undefined)
  app.decorate('comicGuard', signInSession(app, comicDoor).guard)
})

export const comicSignInRoutes = signInRoutes(comicDoor)

export const comicHomeSignInRoutes = signInRoutes(comicHomeDoor)
