import type { FastifyInstance } from 'fastify'
import { sessionMessages } from '../../core/checkout/checkout-texts'
import { saveCodeMessage } from '../../core/checkout/code-messages'
import {
  CodeMessageAnswerSchema,
  CodeMessageRequestSchema,
  codeMessagePath,
} from '../../shared/code-message-api'
import { fanWordsTexts } from '../../shared/fan-words'
import { refusing, type ZodTypeProvider } from '../plugins/route-schemas'

/**
 * POST /api/code-message: the success page saves a code's message for the comic
 * (docs/stage.md, "Names and messages"); 409 once the code is redeemed. Limited as the success
 * page's poll is, per client.
 */
export async function codeMessageRoutes(app: FastifyInstance): Promise<void> {
  const limit = app.perClientLimit('sessionPolls', sessionMessages.tooManyPolls)
  const schema = {
    body: refusing(CodeMessageRequestSchema, (error) =>
      error.issues[0]?.path[0] === 'message'
        ? fanWordsTexts.messageTooLong
        : fanWordsTexts.codeNotFound,
    ),
    response: { 200: CodeMessageAnswerSchema },
  }
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.post(codeMessagePath, { preValidation: limit, schema }, async (request) =>
    saveCodeMessage(app.deps.db, request.body),
  )
}
