import type { ScheduleEvent } from '../../shared/schedule'
import { parseSchedule } from '../../shared/schedule-answer'
import { apiUrl } from './api-client'

export const scheduleFeedUrl = apiUrl('/schedule.ics')

export function eventCalendarUrl(id: string): string {
  return apiUrl(`/schedule/${encodeURIComponent(id)}.ics`)
}

/** Upcoming events, sorted by start; events whose start cannot be read are left out. */
export async function fetchSchedule(signal?: AbortSignal): Promise<ScheduleEvent[]> {
  const response = await fetch(apiUrl('/schedule'), { signal })
  if (!response.ok) throw new Error(`GET /schedule answered ${response.status}`)
  const events = parseSchedule(await response.json())
  return events
    .filter((event) => !Number.isNaN(Date.parse(event.startTime)))
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
}
