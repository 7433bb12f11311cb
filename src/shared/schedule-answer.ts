import { isScheduleEvent, type ScheduleComic, type ScheduleEvent } from './schedule'
import { hasFields, ShapeError } from './shape'

// Apart from schedule.ts: every page's first script reads the schedule a page was rendered with
// (isScheduleEvent), but only the landing page fetches one, and only it needs this.

const comicFields = { name: 'string', slug: 'string', role: 'string', url: 'string' } as const

/** A comic of a show's bill, as the server gives it (the role's words are looked up, not trusted). */
export function isScheduleComic(value: unknown): value is ScheduleComic {
  return hasFields(value, comicFields)
}

/** An event and its bill, when it has one. */
function isBilledEvent(value: unknown): value is ScheduleEvent {
  if (!isScheduleEvent(value)) return false
  const { comics } = value as { comics?: unknown }
  return comics === undefined || (Array.isArray(comics) && comics.every(isScheduleComic))
}

/** The body of GET /api/schedule, checked; only the known fields are kept. */
export function parseSchedule(value: unknown): ScheduleEvent[] {
  if (!Array.isArray(value) || !value.every(isBilledEvent)) {
    throw new ShapeError('The schedule is not a list of events (id, name, description, startTime).')
  }
  return value.map(({ id, name, description, startTime, comics }) => ({
    id,
    name,
    description,
    startTime,
    ...(comics
      ? { comics: comics.map(({ name, slug, role, url }) => ({ name, slug, role, url })) }
      : {}),
  }))
}
