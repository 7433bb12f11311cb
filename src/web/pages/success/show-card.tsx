import type { Show } from '../../../shared/checkout'
import { limits } from '../../../shared/limits'
import { formatCentral, showTimeZone } from '../../../shared/show-time'
import { eventCalendarUrl } from '../../api/schedule-calls'
import { fillSlots } from '../../components/fill-slots'
import { OpenWorldLink } from '../../components/redeem-guide'
import { useNow } from '../../components/use-now'
import { spanInWords, successTexts } from './success-texts'

const minuteMs = 60_000

/** "Starts in 2 days 4 hours", "On now", "This show is over", from the show's start and now. */
function countdown(startsAt: Date, now: Date): string {
  const left = startsAt.getTime() - now.getTime()
  if (left >= minuteMs) return successTexts.startsIn(spanInWords(left))
  if (left > 0) return successTexts.startsSoon
  if (-left < limits.showRolloverMs) return successTexts.onNow
  return successTexts.over
}

/** The start in the visitor's own zone ("Sun, Nov 22, 5:00 PM EST"), or null when it is Central. */
function visitorTime(startsAt: Date): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  if (!zone || zone === showTimeZone) return null
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(startsAt)
}

/** The show the codes are for: when, how long until it starts, a calendar file and the world. */
export function ShowCard({ show }: { show: Show }) {
  const now = useNow(30_000)
  const startsAt = new Date(show.startsAt)
  const readable = !Number.isNaN(startsAt.getTime())
  const yours = readable ? visitorTime(startsAt) : null
  return (
    <section className="success-show card" aria-label={show.name}>
      <p>
        {fillSlots(successTexts.show, {
          show: <strong>{show.name}</strong>,
          startsAt: readable ? formatCentral(startsAt) : show.startsAt,
        })}
      </p>
      {yours ? <p className="success-your-time">{successTexts.yourTime(yours)}</p> : null}
      <p className="success-countdown">{readable && now ? countdown(startsAt, now) : '\u00a0'}</p>
      <div className="success-show-actions">
        {show.id ? (
          <a className="button button-secondary" href={eventCalendarUrl(show.id)} download>
            {successTexts.addToCalendar}
          </a>
        ) : null}
        <OpenWorldLink />
      </div>
    </section>
  )
}
