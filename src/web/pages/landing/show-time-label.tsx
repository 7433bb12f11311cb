import { useEffect, useState } from 'react'
import {
  formatCentral,
  formatCentralClock,
  formatInZone,
  regularShows,
  showTimeZone,
  zonedParts,
} from '../../../shared/show-time'

/** The visitor's own time zone, as the browser reports it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/**
 * The visitor's time zone, or null on the server and the first client render: the page is
 * pre-rendered at build time, where the visitor's zone is unknown.
 */
export function useVisitorTimeZone(override?: string): string | null {
  const [timeZone, setTimeZone] = useState<string | null>(override ?? null)
  useEffect(() => {
    setTimeZone(override ?? browserTimeZone())
  }, [override])
  return timeZone
}

/** True when a clock in `timeZone` reads differently from a Central clock at that instant. */
export function differsFromCentral(instant: Date, timeZone: string): boolean {
  const central = zonedParts(instant, showTimeZone)
  const local = zonedParts(instant, timeZone)
  return (
    central.year !== local.year ||
    central.month !== local.month ||
    central.day !== local.day ||
    central.hour !== local.hour ||
    central.minute !== local.minute
  )
}

/**
 * A show's start in Central time, plus the visitor's own time when their clock differs. That
 * line is known only in the browser, after the page has painted: it is there, empty, from the
 * first paint (a line of its own, one line high), so filling it moves nothing on the page.
 */
export function ShowTimeLabel({
  instant,
  timeZone,
  clockOnly = false,
}: {
  instant: Date
  timeZone: string | null
  /** Tonight's show: the Central time of day alone, "4:00 PM CT". */
  clockOnly?: boolean
}) {
  const local =
    timeZone && differsFromCentral(instant, timeZone) ? formatInZone(instant, timeZone) : null
  return (
    <>
      <time dateTime={instant.toISOString()}>
        {clockOnly ? formatCentralClock(instant) : formatCentral(instant)}
      </time>
      <span className="local-time">{local && ` (${local} your time)`}</span>
    </>
  )
}

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

function clockTime(hour: number, minute: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM'
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${suffix}`
}

/** "Sundays at 4:00 PM CT and Tuesdays at 7:00 PM CT": the regular shows, known at build time. */
export function regularShowsSummary(): string {
  return regularShows
    .map((show) => `${weekdayNames[show.weekday]}s at ${clockTime(show.hour, show.minute)} CT`)
    .join(' and ')
}
