import { useEffect, useState } from 'react'

/**
 * The device's time, again every `ms`: a set's timer and "2 min ago" read the host's phone
 * clock, which the phone keeps in step with the network's.
 */
export function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms)
    return () => clearInterval(timer)
  }, [ms])
  return now
}
