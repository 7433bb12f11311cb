import type { ScheduleEvent } from '../../shared/schedule'
import { answerOf } from './answer-readers'
import { apiUrl } from './api-client'

export const scheduleFeedUrl = apiUrl('/schedule.ics')

export function eventCalendarUrl(id: string): string {
  return apiUrl(`/schedule/${encodeURIComponent(id)}.ics`)
}

/** GET /api/schedule's answer, by its shared schema. */
export const readSchedule = answerOf((s) => s.ScheduleAnswerSchema)

/** Upcoming events, sorted by start; events whose start cannot be read are left out. */
export async function fetchSchedule(signal?: AbortSignal): Promise<ScheduleEvent[]> {
  const response = await fetch(apiUrl('/schedule'), { signal })
  if (!response.ok) throw new Error(`GET /schedule answered ${response.status}`)
  const events = await readSchedule(await response.json())
  if (!events) throw new Error('GET /schedule answered something else than a list of events')
  return events
    .filter((event) => !Number.isNaN(Date.parse(event.startTime)))
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
}
