// zod/mini: see checkout.ts for why.
import * as z from 'zod/mini'
import { isSimpleEmail } from './email'

/** POST /api/resend-codes: the address a fan bought with. */
export const ResendCodesSchema = z.object({
  email: z.string().check(z.trim(), z.refine(isSimpleEmail)),
})
