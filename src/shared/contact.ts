// zod/mini: see checkout.ts for why.
import * as z from 'zod/mini'
import { isSimpleEmail } from './email'
import { limits } from './limits'

export const ContactMessageSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(limits.contactNameMax)),
  email: z.string().check(z.trim(), z.refine(isSimpleEmail)),
  message: z.string().check(z.trim(), z.minLength(1), z.maxLength(limits.contactMessageMax)),
  /** Honeypot: people never see or fill it; bots do. */
  website: z.optional(z.string()),
})
export type ContactMessage = z.infer<typeof ContactMessageSchema>
