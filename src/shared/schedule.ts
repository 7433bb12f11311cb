import type { ScheduleComic, ScheduleEvent } from './schedule-answer'
import { hasFields } from './shape'

// The schedule's shapes are declared once, with GET /api/schedule's answer (schedule-answer.ts).
export type { ScheduleComic, ScheduleEvent, ScheduleOpenMic } from './schedule-answer'

/** The prefix of every show's own page. */
export const showPagePrefix = '/shows/'

/** A show's own page, /shows/<id>: every place that names a show links to it. */
export function showPath(showId: string): string {
  return `${showPagePrefix}${encodeURIComponent(showId)}`
}

// The page's own JSON is checked by hand here: every page's first script reads it, and zod would
// add 6 KB to each (docs/decisions/039-route-contracts.md).

const eventFields = {
  id: 'string',
  name: 'string',
  description: 'string',
  startTime: 'string',
} as const

/**
 * An event's own fields, in the schedule a page was rendered with. Its bill is checked where it
 * is shown (the landing page's ShowBill): only the landing page shows a bill.
 */
export function isScheduleEvent(value: unknown): value is ScheduleEvent {
  return hasFields(value, eventFields)
}

const comicFields = { name: 'string', slug: 'string', role: 'string', url: 'string' } as const

/** A comic of a rendered show's bill (the role's words are looked up, not trusted). */
export function isScheduleComic(value: unknown): value is ScheduleComic {
  return hasFields(value, comicFields)
}
