import { useEffect, useState } from 'react'
import * as z from 'zod/mini'
import type { ScheduleEvent } from '../../shared/schedule'

/**
 * shared/schedule.ts's ScheduleSchema in zod/mini, which keeps the page's first load small (see
 * api/api-client.ts); the annotation makes the compiler check it parses to the shared type.
 */
const ScheduleSchema: z.ZodMiniType<ScheduleEvent[]> = z.array(
  z.object({ id: z.string(), name: z.string(), description: z.string(), startTime: z.string() }),
)

/** Where the API lives: the site's own /api unless the build says otherwise. */
export const apiBase: string = import.meta.env.VITE_API_BASE ?? '/api'

export const scheduleFeedUrl = `${apiBase}/schedule.ics`

export function eventCalendarUrl(id: string): string {
  return `${apiBase}/schedule/${encodeURIComponent(id)}.ics`
}

/** Upcoming events, sorted by start; events whose start cannot be read are left out. */
export async function fetchSchedule(signal?: AbortSignal): Promise<ScheduleEvent[]> {
  const response = await fetch(`${apiBase}/schedule`, { signal })
  if (!response.ok) throw new Error(`GET /schedule answered ${response.status}`)
  const events = ScheduleSchema.parse(await response.json())
  return events
    .filter((event) => !Number.isNaN(Date.parse(event.startTime)))
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
}

/** The schedule, fetched once on mount. A failure is only logged and leaves it empty (spec 7.3). */
export function useSchedule(): ScheduleEvent[] {
  const [events, setEvents] = useState<ScheduleEvent[]>([])
  useEffect(() => {
    const controller = new AbortController()
    fetchSchedule(controller.signal).then(setEvents, (error: unknown) => {
      if (!controller.signal.aborted) console.error('Could not load the schedule:', error)
    })
    return () => controller.abort()
  }, [])
  return events
}
