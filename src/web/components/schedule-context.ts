import { createContext } from 'react'
import { type ScheduleData, scheduleDataId } from '../../shared/page-rendering'
import { isScheduleEvent } from '../../shared/schedule'

/**
 * The schedule the page was rendered with: the server's render (entry-server.tsx) and the
 * browser's hydration (main.tsx, from the page's JSON) give the same value, so the first client
 * render matches the HTML. Kept apart from the landing page's code: every page's entry reads it.
 */
export const ScheduleDataContext = createContext<ScheduleData | null>(null)

/** The JSON the server put in the page, or null (a page rendered without it, or unreadable). */
export function readScheduleData(doc: Document): ScheduleData | null {
  const text = doc.getElementById(scheduleDataId)?.textContent
  if (!text) return null
  try {
    const parsed = JSON.parse(text) as { events?: unknown; at?: unknown }
    if (!Array.isArray(parsed.events) || !parsed.events.every(isScheduleEvent)) return null
    if (typeof parsed.at !== 'string') return null
    return { events: parsed.events, at: parsed.at }
  } catch {
    return null
  }
}
