import { readableTime } from '../../shared/readable-time'
import { formatInZone, zonedParts } from '../../shared/show-time'

/** The host's own time zone, as the browser knows it. */
export function hostTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/**
 * The instant on the host's own clock ("Wed, Dec 2, 3:00 AM GMT+1"), or null when that clock
 * reads the same as Central time (then the Central time says it all).
 */
export function hostTime(instant: Date, timeZone: string = hostTimeZone()): string | null {
  const central = zonedParts(instant)
  const own = zonedParts(instant, timeZone)
  const same =
    central.year === own.year &&
    central.month === own.month &&
    central.day === own.day &&
    central.hour === own.hour &&
    central.minute === own.minute
  return same ? null : formatInZone(instant, timeZone)
}

/** "Tue, Dec 1, 2026, 8:00 PM CT" (the console's one format for a time), or a dash for none. */
export function centralText(iso: string | null | undefined): string {
  return iso ? readableTime(new Date(iso)) : '—'
}
