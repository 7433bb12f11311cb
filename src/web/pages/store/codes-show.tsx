import { useEffect, useState } from 'react'
import { nextShowOf, type ShowSlot } from '../../../shared/show-time'
import { fetchSchedule } from '../../api/schedule-calls'
import { storeTexts } from './store-texts'

/**
 * Which show codes bought now are for: the schedule's next show, as the server binds an order
 * when it is paid (docs/product.md, "Fulfilment"). The page is built ahead, so
 * the schedule is read once it runs; until then, and when it cannot be read, the rule in words.
 * Its line is two lines high from the first paint: the show's words move nothing below. It is
 * no live region: the cart's announcement ("Added … to your cart") is the page's one.
 */
export function CodesShow() {
  const [show, setShow] = useState<ShowSlot | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    fetchSchedule(controller.signal).then(
      (events) => setShow(nextShowOf(events, new Date())),
      (error: unknown) => {
        if (!controller.signal.aborted) console.error('Could not load the schedule:', error)
      },
    )
    return () => controller.abort()
  }, [])
  return (
    <p className="store-codes-show">
      {show ? storeTexts.codesFor(show.startsAt) : storeTexts.codesForNext}
    </p>
  )
}
