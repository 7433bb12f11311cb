import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { comicRefusalTexts } from '../../core/comics/comic-texts'
import { comicHome, withdrawOwnSignup } from '../../core/open-mic/backstage'
import { editOwnPage } from '../../core/operator/comic-own-page'
import { refuse } from '../../core/refusal'
import { markEventsChanged } from '../../core/schedule/events'
import { comicFields } from '../../shared/comic-fields'
import { comicHomeApi, comicHomeTexts } from '../../shared/comic-home'
import { ComicHomeSchema } from '../../shared/comic-home-api'
import { selfEditShape } from '../../shared/entity-schemas'
import { refusing, type ZodTypeProvider } from '../plugins/route-schemas'
import { comicHomeSignInRoutes, type SignedInComic } from '../sign-in/comic-door'

const SignupParams = refusing(
  z.object({
    id: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1),
  }),
  comicHomeTexts.noSignup,
)

/** The sentence of a refused edit: the host's fields named, or the field that is not right. */
function ownPageRefusal(error: z.core.$ZodError): string {
  const issue = error.issues[0]
  if (issue?.code === 'unrecognized_keys') return comicRefusalTexts.notYours(issue.keys.join(', '))
  const key = issue?.path[0]
  const declared =
    typeof key === 'string' ? comicFields[key as keyof typeof comicFields] : undefined
  return comicHomeTexts.fieldRefused(declared?.label ?? 'Your page')
}

function signedInOrRefuse(comic: SignedInComic | undefined): SignedInComic {
  if (!comic) throw refuse.unauthorized(comicHomeTexts.notSignedIn)
  return comic
}

/**
 * A comic's own page (docs/comics.md, "A comic's own page"), behind the comics' sign-in: their
 * shows, their open-mic sign-ups and withdrawing one. The comic is the session's, never one the
 * request names. Answers no-store.
 */
export async function comicHomeRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config } = app.deps
  await app.register(comicHomeSignInRoutes)
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.get(
    comicHomeApi.view,
    {
      preValidation: app.comicGuard({}),
      schema: { response: { 200: ComicHomeSchema } },
    },
    async (request, reply) => {
      const signedIn = signedInOrRefuse(request.comic)
      const home = await comicHome(db, signedIn.comic, clock.now())
      return reply
        .header('cache-control', 'no-store')
        .send({ csrfToken: signedIn.csrfToken, ...home })
    },
  )
  api.post(
    comicHomeApi.page,
    {
      preValidation: app.comicGuard({ changes: true }),
      schema: {
        body: refusing(z.strictObject(selfEditShape(comicFields)), ownPageRefusal),
        response: { 200: ComicHomeSchema },
      },
    },
    async (request, reply) => {
      const signedIn = signedInOrRefuse(request.comic)
      const now = clock.now()
      const comic = await editOwnPage(db, signedIn, request.body, now)
      markEventsChanged()
      const home = await comicHome(db, comic, now)
      return reply
        .header('cache-control', 'no-store')
        .send({ csrfToken: signedIn.csrfToken, ...home })
    },
  )
  api.post(
    comicHomeApi.withdraw(':id'),
    {
      preValidation: app.comicGuard({ changes: true }),
      schema: { params: SignupParams, response: { 200: ComicHomeSchema } },
    },
    async (request, reply) => {
      const signedIn = signedInOrRefuse(request.comic)
      const now = clock.now()
      await withdrawOwnSignup(db, signedIn.comic, request.params.id, {
        publicUrl: config.publicUrl,
        now,
      })
      const home = await comicHome(db, signedIn.comic, now)
      return reply
        .header('cache-control', 'no-store')
        .send({ csrfToken: signedIn.csrfToken, ...home })
    },
  )
}
