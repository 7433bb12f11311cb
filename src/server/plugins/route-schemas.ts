import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { refuse } from '../../core/refusal'

// The ecosystem's type provider: a handler reads `request.body` and `request.query` as its
// route's zod schemas give them, and what it answers is typed by its `response` schemas.
export type { ZodTypeProvider } from 'fastify-type-provider-zod'

/** What a route answers (400) when its schema refuses the input: one sentence, or one per issue. */
export type RefusalSentence = string | ((error: z.core.$ZodError, input: unknown) => string)

const sentences = new WeakMap<z.core.$ZodType, RefusalSentence>()

/**
 * `schema` as a route's `schema: { body }` or `{ querystring }`, answering `sentence` when it
 * refuses the input. A copy: a shared schema keeps no route's words. A route schema given without
 * a sentence must never fail (each field `.catch`es): if one does, that is a bug (500, logged).
 */
export function refusing<S extends z.core.$ZodType>(schema: S, sentence: RefusalSentence): S {
  const copy = z.clone(schema)
  sentences.set(copy, sentence)
  return copy
}

/**
 * Route schemas are zod's (zod or zod/mini: the shared schemas the browser reads are used as
 * they are). Requests go through our validator compiler: parsed before the handler (after the
 * `preValidation` hooks: rate limits, guards), what it gives replaces the raw input, and a refusal
 * is the route's own sentence, thrown as a `Refusal` the error plugin answers; the provider's own
 * validator answers Fastify's generic validation error, which has no room for the sentence
 * (docs/decisions/039-route-contracts.md). Answers go through the provider's serializer: an
 * object answer is encoded with its status's `response` schema (fields it does not declare are
 * left out) and one that does not match it is a fault (500, logged); an answer sent as a
 * ready string (the schedule, the live feed, the codes) is sent as it is.
 */
export const routeSchemasPlugin = fp(async (app: FastifyInstance) => {
  app.setSerializerCompiler(serializerCompiler)
  app.setValidatorCompiler<unknown>(({ schema, method, url, httpPart }) => {
    if (!(schema instanceof z.core.$ZodType)) {
      throw new Error(`${method} ${url}: its ${httpPart ?? 'input'} schema is not a zod schema`)
    }
    const sentence = sentences.get(schema)
    return (input: unknown) => {
      const parsed = z.safeParse(schema, input)
      if (parsed.success) return { value: parsed.data }
      if (sentence === undefined) {
        throw new Error(`${method} ${url}: its ${httpPart ?? 'input'} schema has no sentence`)
      }
      const message = typeof sentence === 'string' ? sentence : sentence(parsed.error, input)
      return { error: refuse.invalid(message) }
    }
  })
})
