// zod/mini: see checkout.ts for why. Apart from sign-in.ts, which every sign-in page's first
// script loads.
import * as z from 'zod/mini'
import { isSimpleEmail } from './email'

/** POST an audience's sign-in { email }: where its link goes. */
export const SignInLinkRequestSchema = z.object({
  email: z.string().check(z.trim(), z.maxLength(254), z.refine(isSimpleEmail)),
})

/** POST an audience's sign-in/complete { token }: the mailed link's token. */
export const SignInCompleteRequestSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(100)),
})

/** Who is signed in to the console: its sign-in's answer and GET /admin/api/session. */
export const ConsoleSessionInfoSchema = z.object({
  email: z.string(),
  csrfToken: z.string(),
  /** ISO-8601 UTC. */
  expiresAt: z.string(),
})
export type ConsoleSessionInfo = z.infer<typeof ConsoleSessionInfoSchema>
