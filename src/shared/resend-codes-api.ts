// zod/mini: see checkout.ts for why.
import * as z from 'zod/mini'
import { isSimpleEmail } from './email'

/** POST /api/resend-codes: the address a fan bought with. */
export const ResendCodesSchema = z.object({
  email: z.string().check(z.trim(), z.refine(isSimpleEmail)),
})

/** POST /api/email-codes: a purchase made without an address, and the address for its codes. */
export const EmailCodesSchema = z.object({
  sessionId: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)),
  email: z.string().check(z.trim(), z.refine(isSimpleEmail)),
})
