import { monthNames, zonedParts } from './show-time'

/**
 * The host's readable times (docs/console.md, "Names, not ids"): every date the console shows, and the
 * audit log's words, in one format, Central time.
 */

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** "7:30 PM" of an instant in Central time. */
export function clockTime(instant: Date): string {
  const { hour, minute } = zonedParts(instant)
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`
}

/** "Sat, Nov 28, 2026" of an instant in Central time. */
function readableDate(instant: Date): string {
  const p = zonedParts(instant)
  return `${weekdays[p.weekday] ?? ''}, ${(monthNames[p.month - 1] ?? '').slice(0, 3)} ${p.day}, ${p.year}`
}

/** "Sat, Nov 28, 2026, 7:30 PM CT": an instant as the console shows it. */
export function readableTime(instant: Date): string {
  return `${readableDate(instant)}, ${clockTime(instant)} CT`
}

/**
 * A change of time in few words: "7:30 PM to 5:00 PM" on the same day, else both in full
 * ("Sat, Nov 28, 2026, 7:30 PM CT to Sun, Nov 29, 2026, 5:00 PM CT").
 */
export function timeChange(from: Date, to: Date): string {
  return readableDate(from) === readableDate(to)
    ? `${clockTime(from)} to ${clockTime(to)}`
    : `${readableTime(from)} to ${readableTime(to)}`
}
