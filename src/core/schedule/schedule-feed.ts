import { comicRoleWords } from '../../shared/comics'
import { limits } from '../../shared/limits'
import { type ScheduleComic, showPath } from '../../shared/schedule'
import { showTimeZone, zonedParts } from '../../shared/show-time'
import { siteConfig } from '../../shared/site-config'
import type { EventRow } from '../db/schema'
import { type CalendarEvent, serializeCalendar } from './icalendar'

export interface FeedOptions {
  /** The site's own address: event links point to it and event UIDs are scoped to its host. */
  publicUrl: string
  now: Date
}

export const scheduleLocation = `${siteConfig.worldName} (a ${siteConfig.worldApp} world by ${siteConfig.worldCreator})`

/** "With: Sam Stone (Host/MC), Lee Park (Headliner)", or nothing without a lineup. */
export function billLine(comics: readonly ScheduleComic[]): string | undefined {
  if (comics.length === 0) return undefined
  return `With: ${comics.map((comic) => `${comic.name} (${comicRoleWords[comic.role]})`).join(', ')}`
}

function toCalendarEvent(
  row: EventRow,
  options: FeedOptions,
  comics: readonly ScheduleComic[] = [],
): CalendarEvent {
  const bill = billLine(comics)
  return {
    uid: `${row.id}@${new URL(options.publicUrl).hostname}`,
    start: row.starts_at,
    end: new Date(row.starts_at.getTime() + limits.showRolloverMs),
    summary: `${row.name} · ${siteConfig.brand}`,
    description: bill ? `${row.description}\n\n${bill}` : row.description,
    url: `${options.publicUrl}${showPath(row.id)}`,
    location: scheduleLocation,
    created: row.created_at,
    lastModified: row.updated_at,
    organizer: { name: siteConfig.brand, email: siteConfig.contactEmail },
    sequence: row.sequence,
  }
}

/** The subscribable feed of the upcoming shows, each with its bill (by show id) when it has one. */
export function scheduleCalendar(
  rows: readonly EventRow[],
  options: FeedOptions,
  bills: ReadonlyMap<string, readonly ScheduleComic[]> = new Map(),
): string {
  return serializeCalendar({
    prodId: `-//${siteConfig.brand}//Show schedule//EN`,
    name: `${siteConfig.brand} shows`,
    description: siteConfig.tagline,
    timeZoneHint: showTimeZone,
    refreshInterval: 'PT6H',
    stamp: options.now,
    events: rows.map((row) => toCalendarEvent(row, options, bills.get(row.id))),
  })
}

/** One event, for an "Add to calendar" download. */
export function eventCalendar(
  row: EventRow,
  options: FeedOptions,
  comics: readonly ScheduleComic[] = [],
): string {
  return serializeCalendar({
    prodId: `-//${siteConfig.brand}//Show schedule//EN`,
    name: `${row.name} · ${siteConfig.brand}`,
    timeZoneHint: showTimeZone,
    stamp: options.now,
    events: [toCalendarEvent(row, options, comics)],
  })
}

/** "sunday-stand-up-2026-11-22.ics" (the Central date): a download name that says what it is. */
export function eventFileName(row: EventRow): string {
  const slug = row.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  const day = zonedParts(row.starts_at)
  const date = [day.year, day.month, day.day].map((n) => String(n).padStart(2, '0')).join('-')
  return `${slug || 'show'}-${date}.ics`
}
