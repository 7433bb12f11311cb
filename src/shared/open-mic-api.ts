// zod/mini, as the store's schemas (checkout.ts): the server reads these; the page does not.
import * as z from 'zod/mini'
import { isSimpleEmail } from './email'

/** The open mic's API (docs/comics.md, "Open mics"): what its routes read. */

// Lengths are checked once the text is cleaned (core), with a sentence naming the field; this
// only keeps a body from being huge.
const field = z.string().check(z.maxLength(2000))

/** POST /api/open-mic/:show/sign-up. */
export const OpenMicSignupSchema = z.object({
  stageName: field,
  email: z.string().check(z.trim(), z.refine(isSimpleEmail)),
  vrchatName: field,
  note: z.optional(field),
  /** The browser's time zone, for the comic's own time in their mails. */
  timeZone: z.optional(z.string().check(z.maxLength(64))),
  /** "I am 18 or older": required, true. */
  adult: z.optional(z.boolean()),
})
export type OpenMicSignup = z.infer<typeof OpenMicSignupSchema>

/** POST /api/open-mic/confirm, /confirm/details and /withdraw: the token from the mailed link. */
export const OpenMicTokenSchema = z.object({ token: z.string().check(z.maxLength(100)) })
