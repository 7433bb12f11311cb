import { useContext, useEffect, useState } from 'react'
import type { ScheduleData } from '../../../shared/page-rendering'
import { fetchSchedule } from '../../api/schedule-calls'
import { ScheduleDataContext } from '../../components/schedule-context'

/**
 * Server data older than this is fetched again when the landing page mounts. The server renders
 * / afresh at least every minute (src/server/plugins/built-pages.ts), so a page just loaded is always fresher.
 */
const freshForMs = 5 * 60_000

/**
 * The schedule: the page's own data at once when it has some (no request, no empty first
 * paint), fetched otherwise or when it is old (a fan back on / after an hour in the store). A
 * failed fetch is only logged and leaves what there was (docs/product.md, "Schedule").
 */
export function useSchedule(): ScheduleData {
  const initial = useContext(ScheduleDataContext)
  const [data, setData] = useState<ScheduleData>(initial ?? { events: [], at: '' })
  useEffect(() => {
    if (initial && Date.now() - Date.parse(initial.at) < freshForMs) return
    const controller = new AbortController()
    fetchSchedule(controller.signal).then(
      (events) => setData({ events, at: new Date().toISOString() }),
      (error: unknown) => {
        if (!controller.signal.aborted) console.error('Could not load the schedule:', error)
      },
    )
    return () => controller.abort()
  }, [initial])
  return data
}
