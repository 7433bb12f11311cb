import { createContext } from 'react'
import { type ScheduleData, scheduleDataId } from '../../shared/page-rendering'
import { isScheduleEvent } from '../../shared/schedule'
import { readPageJson } from './page-json'

/**
 * The schedule the page was rendered with: the server's render (entry-server.tsx) and the
 * browser's hydration (entry-client.tsx, from the page's JSON) give the same value, so the first client
 * render matches the HTML. Kept apart from the landing page's code: every page's entry reads it.
 */
export const ScheduleDataContext = createContext<ScheduleData | null>(null)

/** The JSON the server put in the page, or null (a page rendered without it, or unreadable). */
export function readScheduleData(doc: Document): ScheduleData | null {
  return readPageJson(scheduleDataId, asScheduleData, doc)
}

function asScheduleData(value: unknown): ScheduleData | null {
  const { events, at } = (value ?? {}) as { events?: unknown; at?: unknown }
  if (!Array.isArray(events) || !events.every(isScheduleEvent)) return null
  if (typeof at !== 'string') return null
  return { events, at }
}
