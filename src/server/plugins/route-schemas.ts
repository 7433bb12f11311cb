import type { FastifyInstance, FastifyTypeProvider } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { refuse } from '../../core/refusal'

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
 * Fastify's type-provider pattern: a handler reads `request.body` and `request.query` as its
 * route's zod schemas give them, parsed. `app.withTypeProvider<ZodTypeProvider>()`.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.core.$ZodType ? z.output<this['schema']> : unknown
  serializer: this['schema'] extends z.core.$ZodType ? z.input<this['schema']> : unknown
}

/**
 * The one validator compiler: every route schema is a zod schema, parsed before the handler
 * (after the `preValidation` hooks: rate limits, guards); what it gives replaces the raw input,
 * and a refusal is the route's own sentence, thrown as a `Refusal` the error plugin answers.
 */
export const routeSchemasPlugin = fp(async (app: FastifyInstance) => {
  app.setValidatorCompiler<unknown>(({ schema, method, url, httpPart }) => {
    // zod or zod/mini (the schemas the browser shares): both are core schemas.
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
