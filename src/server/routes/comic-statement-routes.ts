import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { refuse } from '../../core/refusal'
import { comicStatement } from '../../core/settlements/statement'
import { comicStatementApi, comicStatementTexts } from '../../shared/comic-statement'
import { SignedInStatementSchema } from '../../shared/comic-statement-api'
import { monthPattern } from '../../shared/settlements'
import { refusing, type ZodTypeProvider } from '../plugins/route-schemas'
import { comicSignInRoutes } from '../sign-in/comic-door'

const StatementQuerySchema = refusing(
  z.object({ month: z.string().regex(monthPattern).optional() }),
  comicStatementTexts.badMonth,
)

/**
 * A comic's own statement (docs/comics.md, "Settling with the comics"): the signed-in comic's
 * shows, boosts, what is owed and paid, of a month or of all time. The comic is the session's,
 * never one the request names: nothing of another comic's can be asked for. Answers no-store.
 */
export async function comicStatementRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock } = app.deps
  await app.register(comicSignInRoutes)
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.get(
    comicStatementApi.view,
    {
      preValidation: app.comicGuard({}),
      schema: { querystring: StatementQuerySchema, response: { 200: SignedInStatementSchema } },
    },
    async (request, reply) => {
      const signedIn = request.comic
      if (!signedIn) throw refuse.unauthorized(comicStatementTexts.notSignedIn)
      const statement = await comicStatement(db, signedIn.comic, request.query.month, clock.now())
      return reply
        .header('cache-control', 'no-store')
        .send({ csrfToken: signedIn.csrfToken, statement })
    },
  )
}
