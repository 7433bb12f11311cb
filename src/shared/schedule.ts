import { type ComicRole, comicRoles } from './comics'
import { hasFields, ShapeError } from './shape'

/** A comic on a show's bill, as fans see it: never more than this (docs/comics.md). */
export interface ScheduleComic {
  name: string
  slug: string
  role: ComicRole
  /** The comic's page on this site: /comics/<slug>. */
  url: string
}

/** An event as GET /api/schedule answers it: startTime is ISO-8601 UTC. */
export interface ScheduleEvent {
  id: string
  name: string
  description: string
  startTime: string
  /** The show's bill in running order; the server always says it (empty: no lineup yet). */
  comics?: ScheduleComic[]
}

const eventFields = {
  id: 'string',
  name: 'string',
  description: 'string',
  startTime: 'string',
} as const

const comicFields = { name: 'string', slug: 'string', role: 'string', url: 'string' } as const

function isScheduleComic(value: unknown): value is ScheduleComic {
  return hasFields(value, comicFields) && (comicRoles as readonly unknown[]).includes(value.role)
}

export function isScheduleEvent(value: unknown): value is ScheduleEvent {
  if (!hasFields(value, eventFields)) return false
  const { comics } = value as { comics?: unknown }
  return comics === undefined || (Array.isArray(comics) && comics.every(isScheduleComic))
}

/** The body of GET /api/schedule, checked; only the known fields are kept. */
export function parseSchedule(value: unknown): ScheduleEvent[] {
  if (!Array.isArray(value) || !value.every(isScheduleEvent)) {
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
