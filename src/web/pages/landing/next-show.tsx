import { landingAnchors } from '../../../shared/pages'
import type { ScheduleEvent } from '../../../shared/schedule'
import { isShowLive, nextShowOf } from '../../../shared/show-time'
import { useNow } from '../../components/use-now'
import { landingTexts } from './landing-texts'
import { regularShowsSummary, ShowTimeLabel, useVisitorTimeZone } from './show-time-label'

const units = [
  { name: 'days', one: 'day', ms: 86_400_000 },
  { name: 'hours', one: 'hour', ms: 3_600_000 },
  { name: 'minutes', one: 'minute', ms: 60_000 },
  { name: 'seconds', one: 'second', ms: 1000 },
] as const

/** Whole days, hours, minutes and seconds left until `ms` from now has passed. */
export function countdownParts(ms: number): { key: string; name: string; value: number }[] {
  let rest = Math.max(0, Math.ceil(ms / 1000) * 1000)
  return units.map((unit) => {
    const value = Math.floor(rest / unit.ms)
    rest -= value * unit.ms
    return { key: unit.name, name: value === 1 ? unit.one : unit.name, value }
  })
}

function CountdownPlaceholder() {
  return (
    <div className="countdown" aria-hidden="true">
      {units.map((unit) => (
        <span key={unit.name} className="countdown-unit">
          <span className="countdown-value">--</span>{' '}
          <span className="countdown-name">{unit.name}</span>
        </span>
      ))}
    </div>
  )
}

/**
 * The next show (docs/product.md, "Show times and rollover") from the schedule, with a live countdown. The server's HTML
 * names the show; the countdown needs the visitor's clock, so it shows "--" until the page runs.
 * With no schedule at all, the regular shows are summed up instead.
 */
export function NextShow({
  events,
  timeZone,
}: {
  events: readonly ScheduleEvent[]
  timeZone?: string
}) {
  const now = useNow(1000)
  const visitorZone = useVisitorTimeZone(timeZone)
  const show = nextShowOf(events, now)
  const live = show && now ? isShowLive(show, now) : false

  return (
    <section
      id={landingAnchors.nextShow}
      className="landing-section next-show card"
      aria-labelledby="next-show-heading"
    >
      <h2 className="section-title" id="next-show-heading">
        The next show
      </h2>
      {show ? (
        <>
          <p className="next-show-name">{show.name}</p>
          <p className="next-show-time">
            <ShowTimeLabel instant={show.startsAt} timeZone={visitorZone} />
          </p>
          {!now ? (
            <CountdownPlaceholder />
          ) : live ? (
            <p className="next-show-live">{landingTexts.liveNow}</p>
          ) : (
            <div className="countdown" role="timer" aria-label="Time until the show starts">
              {countdownParts(show.startsAt.getTime() - now.getTime()).map((part) => (
                <span key={part.key} className="countdown-unit">
                  <span className="countdown-value">{part.value}</span>{' '}
                  <span className="countdown-name">{part.name}</span>
                </span>
              ))}
            </div>
          )}
        </>
      ) : (
        <>
          <p className="next-show-name">Live stand-up, twice a week</p>
          <p className="next-show-time">{regularShowsSummary()}</p>
          <CountdownPlaceholder />
        </>
      )}
    </section>
  )
}
