import { limits } from './limits'
import type { ScheduleEvent } from './schedule-answer'

/** Every show rule is in Central time (docs/product.md, "Show times and rollover"), daylight saving included. */
export const showTimeZone = 'America/Chicago'

export interface RegularShow {
  /** 0 = Sunday ... 6 = Saturday, in Central time. */
  weekday: number
  hour: number
  minute: number
  name: string
}

/** The regular weekly shows: Sunday 4 pm and Tuesday 7 pm Central. */
export const regularShows: readonly RegularShow[] = [
  { weekday: 0, hour: 16, minute: 0, name: 'Sunday Stand-Up' },
  { weekday: 2, hour: 19, minute: 0, name: 'Tuesday Night Stand-Up' },
]

export interface ShowSlot {
  name: string
  startsAt: Date
}

interface ZonedParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  weekday: number
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

const formatters = new Map<string, Intl.DateTimeFormat>()

/** Building a formatter costs far more than using one: one per zone and shape, kept. */
function formatter(
  shape: 'parts' | 'zoned',
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${shape} ${timeZone}`
  let cached = formatters.get(key)
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', { ...options, timeZone })
    formatters.set(key, cached)
  }
  return cached
}

const partsOptions: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  weekday: 'short',
}

/** The wall-clock reading of an instant in a time zone. */
export function zonedParts(instant: Date, timeZone: string = showTimeZone): ZonedParts {
  const parts: Record<string, string> = {}
  for (const part of formatter('parts', timeZone, partsOptions).formatToParts(instant))
    parts[part.type] = part.value
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: weekdays.indexOf(parts.weekday ?? ''),
  }
}

function offsetMs(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone)
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000
}

/**
 * The instant a wall-clock time in a zone denotes. In the autumn's repeated hour the earlier
 * instant wins; a time in the spring's skipped hour moves forward by the gap.
 */
export function zonedTimeToUtc(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string = showTimeZone,
): Date {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute)
  const first = naive - offsetMs(new Date(naive), timeZone)
  const second = naive - offsetMs(new Date(first), timeZone)
  const matching = [first, second].filter((candidate) => {
    const p = zonedParts(new Date(candidate), timeZone)
    return p.hour === wall.hour && p.minute === wall.minute
  })
  return new Date(matching.length > 0 ? Math.min(...matching) : Math.max(first, second))
}

/** The regular show slots starting in Central days from `fromDay` to `fromDay + days - 1`. */
export function regularShowsBetween(now: Date, fromDayOffset: number, days: number): ShowSlot[] {
  const today = zonedParts(now)
  const slots: ShowSlot[] = []
  for (let offset = fromDayOffset; offset < fromDayOffset + days; offset++) {
    // Calendar arithmetic on a UTC date: only year/month/day/weekday are read from it.
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + offset))
    for (const show of regularShows) {
      if (day.getUTCDay() !== show.weekday) continue
      slots.push({
        name: show.name,
        startsAt: zonedTimeToUtc({
          year: day.getUTCFullYear(),
          month: day.getUTCMonth() + 1,
          day: day.getUTCDate(),
          hour: show.hour,
          minute: show.minute,
        }),
      })
    }
  }
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
}

/**
 * The next show (docs/product.md, "Show times and rollover"): the earliest regular show that has not been running for
 * three hours yet, so a show stays "next" until three hours after it starts.
 */
export function nextShow(now: Date): ShowSlot {
  const slot = regularShowsBetween(now, -1, 9).find(
    (candidate) => candidate.startsAt.getTime() + limits.showRolloverMs > now.getTime(),
  )
  // Two shows a week and nine days scanned: one always qualifies.
  if (!slot) throw new Error('no regular show within nine days')
  return slot
}

/**
 * The next show from the schedule: the first event not yet three hours past its start. Before
 * the time is known (the server's render, hydration) that is the first event listed, as the
 * server filtered them. With no schedule, the computed regular show (docs/product.md, "Show times and rollover").
 */
export function nextShowOf(events: readonly ScheduleEvent[], now: Date | null): ShowSlot | null {
  const slots = events.map((event) => ({ name: event.name, startsAt: new Date(event.startTime) }))
  if (!now) return slots[0] ?? null
  const next = slots.find((slot) => slot.startsAt.getTime() + limits.showRolloverMs > now.getTime())
  return next ?? nextShow(now)
}

/** True while a show started and is inside its rollover window. */
export function isShowLive(show: ShowSlot, now: Date): boolean {
  const start = show.startsAt.getTime()
  return now.getTime() >= start && now.getTime() < start + limits.showRolloverMs
}

/**
 * True on a show's day in Central time (docs/product.md, "`/`: the landing page"): it starts
 * later on the same Central day as `now`, or it is on (a show past midnight is still tonight's).
 */
export function isTonight(show: ShowSlot, now: Date): boolean {
  if (isShowLive(show, now)) return true
  if (show.startsAt.getTime() < now.getTime()) return false
  const day = zonedParts(show.startsAt)
  const today = zonedParts(now)
  return day.year === today.year && day.month === today.month && day.day === today.day
}

const centralFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: showTimeZone,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/** "Sun, Nov 22, 4:00 PM CT". */
export function formatCentral(instant: Date): string {
  return `${centralFormatter.format(instant)} CT`
}

const centralClock = new Intl.DateTimeFormat('en-US', {
  timeZone: showTimeZone,
  hour: 'numeric',
  minute: '2-digit',
})

/** "4:00 PM CT": the time of day alone, for a show tonight. */
export function formatCentralClock(instant: Date): string {
  return `${centralClock.format(instant)} CT`
}

/** The same instant on the visitor's own clock, e.g. "Sun, Nov 22, 11:00 PM GMT+1". */
export function formatInZone(instant: Date, timeZone: string): string {
  return formatter('zoned', timeZone, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant)
}

/** "Tue 2026-12-01 20:00 CT" */
export function formatCentralTime(instant: Date): string {
  const p = zonedParts(instant)
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][p.weekday] ?? ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${weekday} ${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)} CT`
}

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
/** The months' names, January first (a statement's month, a board's day). */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/**
 * A show's time as fans anywhere read it, in words: "Sunday 4 PM Central", "Tuesday 7:30 PM
 * Central", and its day "November 29" (the board's next show).
 */
export function showTimeInWords(instant: Date): { when: string; day: string } {
  const p = zonedParts(instant)
  const hour = p.hour % 12 || 12
  const minutes = p.minute ? `:${String(p.minute).padStart(2, '0')}` : ''
  const time = `${hour}${minutes} ${p.hour < 12 ? 'AM' : 'PM'}`
  return {
    when: `${weekdayNames[p.weekday] ?? ''} ${time} Central`,
    day: `${monthNames[p.month - 1] ?? ''} ${p.day}`,
  }
}
