import type { FastifyInstance } from 'fastify'
import { emailCodesMessages } from '../../core/checkout/checkout-texts'
import { emailOrderCodes } from '../../core/checkout/email-order-codes'
import { retryAfterSeconds } from '../../core/rate-limits'
import { refuse } from '../../core/refusal'
import { recordResendRequest } from '../../core/resend/resend-requests'
import { resendMessages } from '../../core/resend/resend-texts'
import { MessageAnswerSchema } from '../../shared/answers'
import { EmailCodesSchema, ResendCodesSchema } from '../../shared/resend-codes-api'
import { refusing, type ZodTypeProvider } from '../plugins/route-schemas'

/**
 * POST /api/resend-codes { email }: mails every paid order of the address from the last 30 days
 * with its codes and where each stands. Always the same answer for a well-formed address, given
 * before anything is looked up (the mail worker does that), so neither its words nor its timing
 * tell a buyer from a stranger; rate limited per client and per address, so it can neither find
 * buyers nor flood an inbox.
 */
export async function resendCodesRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, hashClient, kickMail } = app.deps
  const clientLimit = app.perClientLimit('resendCodes', resendMessages.tooMany)
  const perAddress = app.rateLimitCounter('resendCodesPerAddress')
  const maxPerAddress = app.rateLimitMax('resendCodesPerAddress')

  const schema = {
    body: refusing(ResendCodesSchema, resendMessages.badEmail),
    response: { 200: MessageAnswerSchema },
  }

  const api = app.withTypeProvider<ZodTypeProvider>()
  api.post('/resend-codes', { preValidation: clientLimit, schema }, async (request, reply) => {
    const { email } = request.body
    const count = await perAddress.hit(hashClient(`email:${email.toLowerCase()}`))
    if (count.count > maxPerAddress) {
      throw refuse.limited(resendMessages.tooMany, retryAfterSeconds(count))
    }
    await recordResendRequest(db, email, clock.now())
    reply.send({ message: resendMessages.sent })
    // After the answer is on its way: the lookup must not delay it.
    kickMail?.()
    return reply
  })

  // POST /api/email-codes { sessionId, email }: the success page's "Email me these codes", for a
  // purchase made without an address (core/checkout/email-order-codes.ts). Limited as the above.
  const emailSchema = {
    body: refusing(EmailCodesSchema, emailCodesMessages.badInput),
    response: { 200: MessageAnswerSchema },
  }
  api.post('/email-codes', { preValidation: clientLimit, schema: emailSchema }, async (request) => {
    const { sessionId, email } = request.body
    return { message: await emailOrderCodes({ db, clock, kickMail }, sessionId, email) }
  })
}
