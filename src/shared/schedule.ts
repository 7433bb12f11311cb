import type { ComicRole } from './comics'
import { hasFields } from './shape'

/** A comic on a show's bill, as fans see it: never more than this (docs/comics.md). */
export interface ScheduleComic {
  name: string
  slug: string
  role: ComicRole
  /** The comic's page on this site: /comics/<slug>. */
  url: string
}

/**
 * A show run as an open mic, as fans see it (docs/comics.md, "Open mics"): its page, whether it
 * takes sign-ups now, and the public running order (stage names and planned times, nothing else).
 */
export interface ScheduleOpenMic {
  /** The open-mic page on this site: /open-mic/<show>. */
  url: string
  open: boolean
  slots: number
  runningOrder: { name: string; plannedAt: string }[]
}

/** An event as GET /api/schedule answers it: startTime is ISO-8601 UTC. */
export interface ScheduleEvent {
  id: string
  name: string
  description: string
  startTime: string
  /** The show's bill in running order; the server always says it (empty: no lineup yet). */
  comics?: ScheduleComic[]
  /** Only for a show run as an open mic. */
  openMic?: ScheduleOpenMic
}

const eventFields = {
  id: 'string',
  name: 'string',
  description: 'string',
  startTime: 'string',
} as const

/**
 * An event's own fields. Its bill is checked where it is read (schedule-answer.ts) and shown
 * (the landing page's ShowBill): every page's first script checks the schedule it was rendered
 * with, and only the landing page shows a bill.
 */
export function isScheduleEvent(value: unknown): value is ScheduleEvent {
  return hasFields(value, eventFields)
}
