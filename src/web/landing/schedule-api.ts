import { useEffect, useState } from 'react'
import { type ScheduleEvent, ScheduleSchema } from '../../shared/schedule'
import { apiUrl } from '../api/api-client'

export const scheduleFeedUrl = apiUrl('/schedule.ics')

export function eventCalendarUrl(id: string): string {
  return apiUrl(`/schedule/${encodeURIComponent(id)}.ics`)
}

/** Upcoming events, sorted by start; events whose start cannot be read are left out. */
export async function fetchSchedule(signal?: AbortSignal): Promise<ScheduleEvent[]> {
  const response = await fetch(apiUrl('/schedule'), { signal })
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
