import { useEffect, useId, useState } from 'react'
import { firstLine } from '../../../shared/first-line'
import { landingAnchors, showEntryId } from '../../../shared/pages'
import { reminderTexts, remindPath } from '../../../shared/reminders'
import { type ScheduleEvent, showPath } from '../../../shared/schedule'
import { formatCentral } from '../../../shared/show-time'
import { texts } from '../../../shared/texts'
import { eventCalendarUrl, scheduleFeedUrl } from '../../api/schedule-calls'
import { fillSlots } from '../../components/fill-slots'
import { landingTexts } from './landing-texts'
import { ShowBill } from './show-bill'
import { ShowTimeLabel, useVisitorTimeZone } from './show-time-label'

/** Shows in the two weeks after `readAt`, and at least this many. */
export const shortListMinimum = 4
const shortListSpanMs = 14 * 24 * 60 * 60_000

/** How many shows the list shows before "Show all": the next two weeks, at least four. */
export function shortListLength(events: readonly ScheduleEvent[], readAt: string): number {
  const until = Date.parse(readAt) + shortListSpanMs
  const inSpan = Number.isNaN(until)
    ? 0
    : events.filter((event) => Date.parse(event.startTime) < until).length
  return Math.max(shortListMinimum, inSpan)
}

/**
 * Upcoming Events (docs/product.md, "Schedule"): sorted, in Central time, first description line only.
 * The next two weeks are listed (at least four shows), the rest behind "Show all N upcoming shows".
 */
export function ScheduleList({
  events,
  readAt,
  timeZone,
}: {
  /** Already sorted by start (the server and fetchSchedule sort). */
  events: readonly ScheduleEvent[]
  /** When the schedule was read (ISO): the shortened list counts two weeks from it. */
  readAt: string
  /** The visitor's zone; read from the browser unless given. */
  timeZone?: string
}) {
  const visitorZone = useVisitorTimeZone(timeZone)
  const [showAll, setShowAll] = useState(false)
  const shortCount = shortListLength(events, readAt)
  const listed = showAll ? events : events.slice(0, shortCount)
  const listId = useId()
  // webcal:// needs an absolute address, known only in the browser: until then (and without
  // JavaScript) the link is the feed itself, so its words are there from the first paint.
  const [webcalUrl, setWebcalUrl] = useState<string>(scheduleFeedUrl)
  useEffect(() => {
    const feed = new URL(scheduleFeedUrl, window.location.href)
    setWebcalUrl(feed.href.replace(/^https?:/, 'webcal:'))
  }, [])

  return (
    <section
      id={landingAnchors.schedule}
      className="landing-section schedule"
      aria-labelledby="schedule-heading"
    >
      <h2 className="section-title" id="schedule-heading">
        Upcoming Events
      </h2>
      {events.length === 0 ? (
        <p className="schedule-empty">{texts.scheduleEmpty}</p>
      ) : (
        <ol className="schedule-list" id={listId}>
          {listed.map((event) => {
            const start = new Date(event.startTime)
            return (
              <li key={event.id} id={showEntryId(event.id)} className="card schedule-event">
                <h3 className="schedule-event-name">{event.name}</h3>
                <p className="schedule-event-time">
                  <ShowTimeLabel instant={start} timeZone={visitorZone} />
                </p>
                <p className="schedule-event-description">{firstLine(event.description)}</p>
                <ShowBill comics={event.comics} />
                {event.openMic && typeof event.openMic.url === 'string' && (
                  <a className="schedule-event-open-mic" href={event.openMic.url}>
                    {event.openMic.open
                      ? landingTexts.openMicSignUp
                      : landingTexts.openMicRunningOrder}
                    <span className="visually-hidden">: {event.name}</span>
                  </a>
                )}
                <a className="schedule-event-page" href={showPath(event.id)}>
                  Show details<span className="visually-hidden">: {event.name}</span>
                </a>
                <a className="schedule-event-ics" href={eventCalendarUrl(event.id)} download>
                  Add to calendar
                  <span className="visually-hidden">
                    : {event.name}, {formatCentral(start)}
                  </span>
                </a>
                <a className="schedule-event-remind" href={remindPath(event.id)}>
                  {reminderTexts.remindButton}
                  <span className="visually-hidden">: {event.name}</span>
                </a>
              </li>
            )
          })}
        </ol>
      )}
      {events.length > shortCount && (
        <p className="schedule-more">
          <button
            type="button"
            className="button button-secondary"
            aria-expanded={showAll}
            aria-controls={listId}
            onClick={() => setShowAll((all) => !all)}
          >
            {showAll ? 'Show fewer shows' : `Show all ${events.length} upcoming shows`}
          </button>
        </p>
      )}
      <p className="schedule-feed">
        {fillSlots(landingTexts.scheduleFeed, {
          subscribe: <a href={scheduleFeedUrl}>subscribe to the calendar feed (.ics)</a>,
          open: <a href={webcalUrl}>open it in your calendar app</a>,
        })}
      </p>
    </section>
  )
}
