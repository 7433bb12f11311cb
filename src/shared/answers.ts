// zod/mini: see checkout.ts for why. The browser imports these with the answer they read, never
// in a page's first load (src/web/api/api-client.ts).
import * as z from 'zod/mini'

/** `{ message }`: a sentence for a person, the answer of a form sent (a link asked, a sign-up). */
export const MessageAnswerSchema = z.object({ message: z.string().check(z.minLength(1)) })

/**
 * What would let a refused action (a refund) go ahead: `force` it, look again (it changed
 * meanwhile), or choose to refund codes redeemed at the show (`include-redeemed`). The console's API and the local channel send it beside the refusal's sentence;
 * each tool words it its own way.
 */
export const refusalAdvice = ['force', 'look-again', 'include-redeemed'] as const
export type RefusalAdvice = (typeof refusalAdvice)[number]

/**
 * Every refusal of the API (src/server/plugins/errors.ts): its sentence, and for a refused
 * refund what would let it go ahead; advice this reader does not know is left out.
 */
export const RefusalAnswerSchema = z.object({
  message: z.string(),
  advice: z.catch(z.optional(z.enum(refusalAdvice)), undefined),
})
export type RefusalAnswer = z.infer<typeof RefusalAnswerSchema>

/** `{ url }`: the provider's page to send the fan to (a membership's checkout, its billing). */
export const PaymentPageSchema = z.object({ url: z.string().check(z.minLength(1)) })

/** 201 `{ ok: true }`: the message is taken (the contact form). */
export const TakenSchema = z.object({ ok: z.literal(true) })
