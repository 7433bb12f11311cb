import { useEffect, useState } from 'react'
import { formatCentral, formatInZone, showTimeZone, zonedParts } from '../../shared/show-time'

/**
 * The time zone a comic's times are shown in besides Central: the one they gave (their sign-up's),
 * else the browser's; null on the first render, so the server's HTML and the browser's agree.
 */
export function useComicTimeZone(given?: string): string | null {
  const [zone, setZone] = useState<string | null>(null)
  useEffect(() => {
    setZone(given || Intl.DateTimeFormat().resolvedOptions().timeZone || null)
  }, [given])
  return zone
}

function sameClock(instant: Date, zone: string): boolean {
  const a = zonedParts(instant, showTimeZone)
  const b = zonedParts(instant, zone)
  return a.day === b.day && a.hour === b.hour && a.minute === b.minute
}

/** "Tue, Dec 1, 8:05 PM CT (Wed, Dec 2, 3:05 AM GMT+1 your time)": Central, and theirs when it differs. */
export function BothTimes({ instant, zone }: { instant: Date; zone: string | null }) {
  const theirs = zone && !sameClock(instant, zone) ? formatInZone(instant, zone) : null
  return (
    <>
      <time dateTime={instant.toISOString()}>{formatCentral(instant)}</time>
      {theirs && <span className="local-time">{` (${theirs} your time)`}</span>}
    </>
  )
}
