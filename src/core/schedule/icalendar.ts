/**
 * A small iCalendar (RFC 5545) writer for published calendars of timed events in UTC: enough for
 * a subscribable feed and "Add to calendar" files, nothing more (no recurrence, no time zones).
 */

export interface CalendarEvent {
  /** Globally unique and stable, so a re-fetched feed updates events instead of duplicating them. */
  uid: string
  start: Date
  end: Date
  summary: string
  description?: string | undefined
  url?: string | undefined
  location?: string | undefined
  created?: Date | undefined
  lastModified?: Date | undefined
  /** Who puts the event on: a name and a mail address (ORGANIZER). */
  organizer?: { name: string; email: string } | undefined
  /** The event's revision (SEQUENCE): one more each time it moves, so calendars replace it. */
  sequence?: number | undefined
}

export interface Calendar {
  /** "-//Company//Product//EN" (RFC 5545 3.7.3). */
  prodId: string
  name: string
  description?: string | undefined
  /** The zone calendar apps should show the times in; the times themselves stay in UTC. */
  timeZoneHint?: string | undefined
  /** How often subscribers should re-fetch, as an RFC 5545 duration such as "PT6H". */
  refreshInterval?: string | undefined
  /** When this copy of the calendar was made (DTSTAMP, RFC 5545 3.8.7.2 with METHOD). */
  stamp: Date
  events: readonly CalendarEvent[]
}

const crlf = '\r\n'
const maxLineOctets = 75

/** 20261122T220000Z */
export function formatUtcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
}

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon, comma and newlines escaped; no controls. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
  )
}

/**
 * Folds a content line so no physical line is longer than 75 octets of UTF-8 (RFC 5545 3.1),
 * never splitting a character; each continuation starts with one space, which counts.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= maxLineOctets) return line
  const parts: string[] = []
  let current = ''
  let size = 0
  let limit = maxLineOctets
  for (const char of line) {
    const octets = Buffer.byteLength(char, 'utf8')
    if (size + octets > limit) {
      parts.push(current)
      current = ''
      size = 0
      limit = maxLineOctets - 1
    }
    current += char
    size += octets
  }
  parts.push(current)
  return parts.join(`${crlf} `)
}

function property(name: string, value: string): string {
  return foldLine(`${name}:${value}`)
}

function text(name: string, value: string): string {
  return property(name, escapeText(value))
}

function eventLines(event: CalendarEvent, stamp: Date): string[] {
  const lines = [
    'BEGIN:VEVENT',
    text('UID', event.uid),
    property('DTSTAMP', formatUtcDateTime(stamp)),
    property('DTSTART', formatUtcDateTime(event.start)),
    property('DTEND', formatUtcDateTime(event.end)),
    text('SUMMARY', event.summary),
  ]
  if (event.description) lines.push(text('DESCRIPTION', event.description))
  if (event.location) lines.push(text('LOCATION', event.location))
  // URL is a URI value, not TEXT: it is not escaped.
  if (event.url) lines.push(property('URL', event.url))
  if (event.organizer) {
    // A parameter value is quoted, and may hold no double quote (RFC 5545 3.2).
    const name = event.organizer.name.replace(/["\r\n]/g, '')
    lines.push(property(`ORGANIZER;CN="${name}"`, `mailto:${event.organizer.email}`))
  }
  if (event.sequence !== undefined) lines.push(property('SEQUENCE', String(event.sequence)))
  if (event.created) lines.push(property('CREATED', formatUtcDateTime(event.created)))
  if (event.lastModified) {
    lines.push(property('LAST-MODIFIED', formatUtcDateTime(event.lastModified)))
  }
  lines.push('STATUS:CONFIRMED', 'TRANSP:OPAQUE', 'END:VEVENT')
  return lines
}

/** The whole calendar as text: CRLF line ends, folded lines, METHOD:PUBLISH. */
export function serializeCalendar(calendar: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    text('PRODID', calendar.prodId),
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    text('X-WR-CALNAME', calendar.name),
  ]
  if (calendar.description) lines.push(text('X-WR-CALDESC', calendar.description))
  if (calendar.timeZoneHint) lines.push(text('X-WR-TIMEZONE', calendar.timeZoneHint))
  if (calendar.refreshInterval) {
    lines.push(
      property('REFRESH-INTERVAL;VALUE=DURATION', calendar.refreshInterval),
      property('X-PUBLISHED-TTL', calendar.refreshInterval),
    )
  }
  for (const event of calendar.events) lines.push(...eventLines(event, calendar.stamp))
  lines.push('END:VCALENDAR')
  return lines.join(crlf) + crlf
}
