import { hasFields, ShapeError } from './shape'

/** An event as GET /api/schedule answers it: startTime is ISO-8601 UTC. */
export interface ScheduleEvent {
  id: string
  name: string
  description: string
  startTime: string
}

const eventFields = {
  id: 'string',
  name: 'string',
  description: 'string',
  startTime: 'string',
} as const

export function isScheduleEvent(value: unknown): value is ScheduleEvent {
  return hasFields(value, eventFields)
}

/** The body of GET /api/schedule, checked; only the known fields are kept. */
export function parseSchedule(value: unknown): ScheduleEvent[] {
  if (!Array.isArray(value) || !value.every(isScheduleEvent)) {
    throw new ShapeError('The schedule is not a list of events (id, name, description, startTime).')
  }
  return value.map(({ id, name, description, startTime }) => ({ id, name, description, startTime }))
}
