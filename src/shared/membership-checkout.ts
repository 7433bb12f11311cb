// zod/mini: see checkout.ts for why.
import * as z from 'zod/mini'
import { isSimpleEmail } from './email'
import { tierIds } from './memberships'

/** POST /api/memberships/checkout: the tier to join and where the member code is mailed. */
export const MembershipCheckoutSchema = z.object({
  tier: z.enum(tierIds),
  email: z.string().check(z.trim(), z.refine(isSimpleEmail)),
})
export type MembershipCheckoutRequest = z.infer<typeof MembershipCheckoutSchema>
