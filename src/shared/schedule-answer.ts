import {
  isScheduleEvent,
  type ScheduleComic,
  type ScheduleEvent,
  type ScheduleOpenMic,
} from './schedule'
import { hasFields, ShapeError } from './shape'

// Apart from schedule.ts: every page's first script reads the schedule a page was rendered with
// (isScheduleEvent), but only the landing page fetches one, and only it needs this.

const comicFields = { name: 'string', slug: 'string', role: 'string', url: 'string' } as const

/** A comic of a show's bill, as the server gives it (the role's words are looked up, not trusted). */
export function isScheduleComic(value: unknown): value is ScheduleComic {
  return hasFields(value, comicFields)
}

const openMicFields = { url: 'string', open: 'boolean', slots: 'number' } as const
const runningFields = { name: 'string', plannedAt: 'string' } as const

/** A show's open mic as the server gives it: its page and its public running order. */
export function isScheduleOpenMic(value: unknown): value is ScheduleOpenMic {
  if (!hasFields(value, openMicFields)) return false
  const { runningOrder } = value as { runningOrder?: unknown }
  return Array.isArray(runningOrder) && runningOrder.every((e) => hasFields(e, runningFields))
}

/** An event and its bill, when it has one, and its open mic. */
function isBilledEvent(value: unknown): value is ScheduleEvent {
  if (!isScheduleEvent(value)) return false
  const { comics, openMic } = value as { comics?: unknown; openMic?: unknown }
  return (
    (comics === undefined || (Array.isArray(comics) && comics.every(isScheduleComic))) &&
    (openMic === undefined || isScheduleOpenMic(openMic))
  )
}

/** The body of GET /api/schedule, checked; only the known fields are kept. */
export function parseSchedule(value: unknown): ScheduleEvent[] {
  if (!Array.isArray(value) || !value.every(isBilledEvent)) {
    throw new ShapeError('The schedule is not a list of events (id, name, description, startTime).')
  }
  return value.map(({ id, name, description, startTime, comics, openMic }) => ({
    id,
    name,
    description,
    startTime,
    ...(comics
      ? { comics: comics.map(({ name, slug, role, url }) => ({ name, slug, role, url })) }
      : {}),
    ...(openMic
      ? {
          openMic: {
            url: openMic.url,
            open: openMic.open,
            slots: openMic.slots,
            runningOrder: openMic.runningOrder.map(({ name, plannedAt }) => ({ name, plannedAt })),
          },
        }
      : {}),
  }))
}
