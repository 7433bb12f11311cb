import { formatCentralTime, zonedParts, zonedTimeToUtc } from './show-time'

/** A time typed in Central time, read: the instant it denotes, or what is wrong, in a sentence. */
export type CentralTimeReading = { ok: true; instant: Date } | { ok: false; message: string }

/**
 * "2026-12-01 20:00" (or "2026-12-01T20:00") in Central time to the instant it denotes: the one
 * reading of a typed show time, for the console's forms and the command line's --start.
 */
export function readCentralTime(input: string): CentralTimeReading {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})$/.exec(input.trim())
  if (!match) {
    return {
      ok: false,
      message: `Bad date "${input}": write it as "YYYY-MM-DD HH:MM" in Central time.`,
    }
  }
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  const calendarDay = new Date(Date.UTC(year, month - 1, day))
  if (
    calendarDay.getUTCFullYear() !== year ||
    calendarDay.getUTCMonth() !== month - 1 ||
    calendarDay.getUTCDate() !== day
  ) {
    return { ok: false, message: `Bad date "${input}": there is no such day.` }
  }
  if (hour > 23 || minute > 59) {
    return {
      ok: false,
      message: `Bad date "${input}": the time must be between 00:00 and 23:59.`,
    }
  }
  const instant = zonedTimeToUtc({ year, month, day, hour, minute })
  const back = zonedParts(instant)
  if (back.hour !== hour || back.minute !== minute) {
    return {
      ok: false,
      message: `Bad date "${input}": that time does not exist in Central time (clocks skip that hour).`,
    }
  }
  return { ok: true, instant }
}

/** "2026-12-01 20:00": an instant as it is typed, in Central time (readCentralTime's input). */
export function centralTimeInput(instant: Date): string {
  return formatCentralTime(instant).replace(/^\w+ /, '').replace(/ CT$/, '')
}
