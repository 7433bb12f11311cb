// zod/mini: see checkout.ts for why. The page loads these with the answers it reads
// (src/web/api/backstage-calls.ts), never in its first script.
import * as z from 'zod/mini'
import { comicRoles } from './comics'
import { openMicLists, signupStates } from './open-mic'

/** An upcoming show whose bill has the comic. */
export const HomeShowSchema = z.object({
  showId: z.string(),
  showName: z.string(),
  /** ISO-8601 UTC. */
  startsAt: z.string(),
  role: z.enum(comicRoles),
  setMinutes: z.number(),
  /** The show's open-mic page, when it runs one; else null. */
  openMicPath: z.nullable(z.string()),
})
export type HomeShow = z.infer<typeof HomeShowSchema>

/** One of the comic's open-mic sign-ups, for a show not ended. */
export const HomeSignupSchema = z.object({
  id: z.number(),
  showId: z.string(),
  showName: z.string(),
  startsAt: z.string(),
  state: z.enum(signupStates),
  list: z.nullable(z.enum(openMicLists)),
  position: z.nullable(z.number()),
  /** A slot's planned time (ISO-8601 UTC). */
  plannedAt: z.nullable(z.string()),
  openMicPath: z.string(),
})
export type HomeSignup = z.infer<typeof HomeSignupSchema>

/** What the comic edits of their public page (shared/comic-fields.ts, `selfEdit`), as it is now. */
export const OwnPageSchema = z.object({
  name: z.string(),
  pronouns: z.string(),
  bio: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  vrchatPublic: z.boolean(),
  /** Their VRChat name as the host keeps it, shown to them with the checkbox. */
  vrchatName: z.string(),
  pictureUrl: z.nullable(z.string()),
  /** The host locked the page: nothing can be changed from here. */
  locked: z.boolean(),
})
export type OwnPage = z.infer<typeof OwnPageSchema>

/** GET /api/backstage, and the answer of signing in: the signed-in comic's own page. */
export const ComicHomeSchema = z.object({
  csrfToken: z.string(),
  comic: z.object({ id: z.string(), slug: z.string(), name: z.string(), pagePath: z.string() }),
  page: OwnPageSchema,
  shows: z.array(HomeShowSchema),
  signups: z.array(HomeSignupSchema),
  statementPath: z.string(),
})
export type ComicHome = z.infer<typeof ComicHomeSchema>
