// zod/mini: see checkout.ts for why.
import * as z from 'zod/mini'
import { isSimpleEmail } from './email'
import { limits } from './limits'
import { hasControlCharacters, stripHiddenFormatting } from './text'

/** The issue message of a field holding control characters (the server words it for people). */
export const controlCharacters = 'control-characters'

export const ContactMessageSchema = z.object({
  // C1 controls and direction overrides are taken out, as from every name a host reads: the
  // name is the subject of the host's mail.
  name: z.string().check(
    z.overwrite(stripHiddenFormatting),
    z.trim(),
    z.minLength(1),
    z.maxLength(limits.contactNameMax),
    z.refine((value) => !hasControlCharacters(value), { message: controlCharacters }),
  ),
  email: z.string().check(z.trim(), z.refine(isSimpleEmail)),
  message: z.string().check(
    z.overwrite(stripHiddenFormatting),
    z.trim(),
    z.minLength(1),
    z.maxLength(limits.contactMessageMax),
    z.refine((value) => !hasControlCharacters(value, true), { message: controlCharacters }),
  ),
  /** Honeypot: people never see or fill it; bots do. */
  website: z.optional(z.string()),
})
export type ContactMessage = z.infer<typeof ContactMessageSchema>
