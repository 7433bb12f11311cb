// zod/mini: see checkout.ts for why.
import * as z from 'zod/mini'

/** An event as GET /api/schedule answers it: startTime is ISO-8601 UTC. */
export const ScheduleEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  startTime: z.string(),
})
export type ScheduleEvent = z.infer<typeof ScheduleEventSchema>

export const ScheduleSchema = z.array(ScheduleEventSchema)
