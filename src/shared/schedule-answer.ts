// zod/mini: see checkout.ts for why. Apart from schedule.ts: every page's first script reads the
// schedule a page was rendered with (schedule.ts's checks), but only the landing page fetches
// one, after its first paint, and only then is this loaded.
import * as z from 'zod/mini'
import { comicRoles } from './comics'

/** A comic on a show's bill, as fans see it: never more than this (docs/comics.md). */
export const ScheduleComicSchema = z.object({
  name: z.string(),
  slug: z.string(),
  role: z.enum(comicRoles),
  /** The comic's page on this site: /comics/<slug>. */
  url: z.string(),
})
export type ScheduleComic = z.infer<typeof ScheduleComicSchema>

/**
 * A show run as an open mic, as fans see it (docs/comics.md, "Open mics"): its page, whether it
 * takes sign-ups now, and the public running order (stage names and planned times, nothing else).
 */
export const ScheduleOpenMicSchema = z.object({
  /** The open-mic page on this site: /open-mic/<show>. */
  url: z.string(),
  open: z.boolean(),
  slots: z.number(),
  runningOrder: z.array(z.object({ name: z.string(), plannedAt: z.string() })),
})
export type ScheduleOpenMic = z.infer<typeof ScheduleOpenMicSchema>

/** An event as GET /api/schedule answers it: startTime is ISO-8601 UTC. */
export const ScheduleEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  startTime: z.string(),
  /** The show's bill in running order; the server always says it (empty: no lineup yet). */
  comics: z.optional(z.array(ScheduleComicSchema)),
  /** Only for a show run as an open mic. */
  openMic: z.optional(ScheduleOpenMicSchema),
})
export type ScheduleEvent = z.infer<typeof ScheduleEventSchema>

/** GET /api/schedule: the upcoming events. */
export const ScheduleAnswerSchema = z.array(ScheduleEventSchema)
