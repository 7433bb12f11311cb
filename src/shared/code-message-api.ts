// zod/mini: see checkout.ts for why.
import * as z from 'zod/mini'
import { fanMessageMax, fitsFanWords } from './fan-words'
import { hasControlCharacters } from './text'

/** Where the success page saves a code's message for the comic. */
export const codeMessagePath = '/api/code-message'

/**
 * POST /api/code-message: the message for the comic that goes with one code of the order the
 * success page shows (its checkout session), up to 140 characters once cleaned; empty removes it.
 * Editable until the code is redeemed.
 */
export const CodeMessageRequestSchema = z.object({
  sessionId: z.string().check(
    z.minLength(1),
    z.maxLength(255),
    z.refine((id) => !hasControlCharacters(id)),
  ),
  /** As the page shows it ("ABCDE-FGHJK"); read as the kiosk reads a code. */
  code: z.string().check(z.minLength(1), z.maxLength(64)),
  message: z.string().check(z.refine((value) => fitsFanWords(value, fanMessageMax))),
})

/** The message as kept (cleaned; empty: none) and the sentence to show. */
export const CodeMessageAnswerSchema = z.object({
  message: z.string(),
  said: z.string(),
})
export type CodeMessageAnswer = z.infer<typeof CodeMessageAnswerSchema>
