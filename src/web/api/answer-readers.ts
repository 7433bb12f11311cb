import type { ZodMiniType } from 'zod/mini'
import type * as AnswerSchemas from './answer-schemas'
import type * as PeopleAnswerSchemas from './people-answer-schemas'

/**
 * A reader of answers by their route's schema (src/shared, zod/mini), imported with the first
 * answer read: zod would add 6 KB to first loads each already close to the budget
 * (docs/decisions/039-route-contracts.md). It gives the parsed answer (only the fields the
 * schema declares), or undefined when the body has another shape.
 */
export function answerOf<T>(
  schema: (schemas: typeof AnswerSchemas) => ZodMiniType<T>,
): (body: unknown) => Promise<T | undefined> {
  return readerOf(() => import('./answer-schemas'), schema)
}

/** answerOf for the answers about people, whose schemas are a chunk of their own. */
export function peopleAnswerOf<T>(
  schema: (schemas: typeof PeopleAnswerSchemas) => ZodMiniType<T>,
): (body: unknown) => Promise<T | undefined> {
  return readerOf(() => import('./people-answer-schemas'), schema)
}

function readerOf<Schemas, T>(
  load: () => Promise<Schemas>,
  schema: (schemas: Schemas) => ZodMiniType<T>,
): (body: unknown) => Promise<T | undefined> {
  return async (body) => {
    const parsed = schema(await load()).safeParse(body)
    return parsed.success ? parsed.data : undefined
  }
}

/** Every refusal's answer (`{ message, advice? }`). */
export const readRefusal = answerOf((s) => s.RefusalAnswerSchema)

const readMessageAnswer = answerOf((s) => s.MessageAnswerSchema)

/** A form's answer, `{ message }`: the sentence the server wrote for the person. */
export const readMessage = async (body: unknown) => (await readMessageAnswer(body))?.message

/** `{ url }`: the provider's page to go to. */
export const readPaymentPage = answerOf((s) => s.PaymentPageSchema)
