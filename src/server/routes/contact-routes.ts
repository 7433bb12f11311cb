import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { saveContactMessage } from '../../core/contact/contact-messages'
import { contactErrorMessage, contactRateLimitedMessage } from '../../core/contact/contact-texts'
import { TakenSchema } from '../../shared/answers'
import { ContactMessageSchema } from '../../shared/contact'
import { siteConfig } from '../../shared/site-config'
import { refusing, type ZodTypeProvider } from '../plugins/route-schemas'

/** Bots fill every field; a person never sees this one. */
const HoneypotSchema = z.object({ website: z.string().trim().min(1) })

/**
 * POST /contact: stores the message, queues its mail, answers 201 { ok: true }. A filled-in
 * honeypot gets the same answer and nothing is stored, so bots learn nothing.
 */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config, kickMail } = app.deps
  // Per client, on the shared counters like every other limit (core/rate-limits.ts).
  const contactLimit = app.perClientLimit('contact', contactRateLimitedMessage)
  // Before the message's schema: a bot's message, well-formed or not, gets the usual answer.
  const dropBots = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!HoneypotSchema.safeParse(request.body).success) return
    request.log.info('contact form: honeypot filled, message dropped')
    await reply.code(201).send({ ok: true })
  }
  const schema = {
    body: refusing(ContactMessageSchema, contactErrorMessage),
    response: { 201: TakenSchema },
  }

  const api = app.withTypeProvider<ZodTypeProvider>()
  api.post(
    '/contact',
    { preValidation: [contactLimit, dropBots], schema },
    async (request, reply) => {
      await saveContactMessage(db, request.body, {
        to: config.contactTo ?? siteConfig.contactEmail,
        siteUrl: config.publicUrl,
        now: clock.now(),
        clientHash: app.clientOf(request),
      })
      kickMail?.()
      return reply.code(201).send({ ok: true })
    },
  )
}
