import { useEffect, useState } from 'react'

/**
 * The current time, refreshed every `intervalMs`; null on the server and the first client render,
 * so pre-rendered HTML (made at build time) and hydration agree.
 */
export function useNow(intervalMs: number): Date | null {
  const [now, setNow] = useState<Date | null>(null)
  useEffect(() => {
    setNow(new Date())
    const timer = setInterval(() => setNow(new Date()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
