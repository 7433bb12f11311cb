import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { saveContactMessage } from '../../core/contact/contact-messages'
import { contactErrorMessage, contactRateLimitedMessage } from '../../core/contact/contact-texts'
import { ContactMessageSchema } from '../../shared/contact'
import { siteConfig } from '../../shared/site-config'

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

  app.post('/contact', { preHandler: contactLimit }, async (request, reply) => {
    if (HoneypotSchema.safeParse(request.body).success) {
      request.log.info('contact form: honeypot filled, message dropped')
      return reply.code(201).send({ ok: true })
    }
    const parsed = ContactMessageSchema.safeParse(request.body)
    if (!parsed.success) {
      return reply.code(400).send({ message: contactErrorMessage(parsed.error) })
    }
    await saveContactMessage(db, parsed.data, {
      to: config.contactTo ?? siteConfig.contactEmail,
      siteUrl: config.publicUrl,
      now: clock.now(),
      clientHash: app.clientOf(request),
    })
    kickMail?.()
    return reply.code(201).send({ ok: true })
  })
}
