import { useEffect, useState } from 'react'
import { firstLine } from '../../shared/first-line'
import type { ScheduleEvent } from '../../shared/schedule'
import { formatCentral } from '../../shared/show-time'
import { texts } from '../../shared/texts'
import { landingAnchors } from '../layout/site-layout'
import { eventCalendarUrl, scheduleFeedUrl } from './schedule-api'
import { ShowTimeLabel, useVisitorTimeZone } from './show-time-label'

/** Upcoming Events (spec sections 2 and 9): sorted, in Central time, first description line only. */
export function ScheduleList({
  events,
  timeZone,
}: {
  /** Already sorted by start (fetchSchedule sorts). */
  events: readonly ScheduleEvent[]
  /** The visitor's zone; read from the browser unless given. */
  timeZone?: string
}) {
  const visitorZone = useVisitorTimeZone(timeZone)
  // webcal:// needs an absolute address, known only in the browser.
  const [webcalUrl, setWebcalUrl] = useState<string | null>(null)
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
        <ol className="schedule-list">
          {events.map((event) => {
            const start = new Date(event.startTime)
            return (
              <li key={event.id} className="card schedule-event">
                <h3 className="schedule-event-name">{event.name}</h3>
                <p className="schedule-event-time">
                  <ShowTimeLabel instant={start} timeZone={visitorZone} />
                </p>
                <p className="schedule-event-description">{firstLine(event.description)}</p>
                <a className="schedule-event-ics" href={eventCalendarUrl(event.id)} download>
                  Add to calendar
                  <span className="visually-hidden">
                    : {event.name}, {formatCentral(start)}
                  </span>
                </a>
              </li>
            )
          })}
        </ol>
      )}
      <p className="schedule-feed">
        Never miss a show: <a href={scheduleFeedUrl}>subscribe to the calendar feed (.ics)</a>
        {webcalUrl && (
          <>
            {' '}
            or <a href={webcalUrl}>open it in your calendar app</a>
          </>
        )}
        .
      </p>
    </section>
  )
}
