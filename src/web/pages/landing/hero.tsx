import { Link } from 'wouter'
import { comicPath } from '../../../shared/comics'
import type { LiveFeed } from '../../../shared/live'
import { landingAnchors, paths } from '../../../shared/pages'
import { type ScheduleEvent, showPath } from '../../../shared/schedule'
import { isShowLive, isTonight, nextShowOf } from '../../../shared/show-time'
import { siteConfig } from '../../../shared/site-config'
import { LogoMark } from '../../components/layout/logo-mark'
import { useNow } from '../../components/use-now'
import { landingTexts } from './landing-texts'
import { ShowBill } from './show-bill'
import { regularShowsSummary, ShowTimeLabel, useVisitorTimeZone } from './show-time-label'

/**
 * Brand, tagline, the next show and the way to the store (docs/product.md, "Routes and screens").
 * On a show's day (Central time) the show comes first: "Tonight", its time, its lineup, who is on
 * stage while it runs, and how to join in the world (docs/product.md, "`/`: the landing page").
 * Until the browser's clock ticks, the time is `readAt`, the server's when it rendered the page:
 * the HTML already says Tonight and hydration renders the same.
 */
export function Hero({
  events,
  readAt = '',
  feed,
  timeZone,
}: {
  events: readonly ScheduleEvent[]
  readAt?: string
  /** The live feed, while a show is on: who is on stage. */
  feed?: LiveFeed | undefined
  timeZone?: string
}) {
  // Minute precision is enough here; the next-show section below counts the seconds.
  const ticking = useNow(60_000)
  const rendered = readAt ? new Date(readAt) : null
  const now = ticking ?? (rendered && !Number.isNaN(rendered.getTime()) ? rendered : null)
  const visitorZone = useVisitorTimeZone(timeZone)
  const show = nextShowOf(events, now)
  const tonight = show !== null && now !== null && isTonight(show, now)
  const event = show && events.find((e) => Date.parse(e.startTime) === show.startsAt.getTime())
  const onStage = tonight && feed?.state === 'live' && isShowLive(show, now) ? feed.onStage : null

  return (
    <section className={tonight ? 'hero is-tonight' : 'hero'} aria-labelledby="hero-heading">
      <div className="hero-brand">
        <LogoMark className="hero-logo" />
        <h1 id="hero-heading" className="hero-title">
          {siteConfig.brand}
        </h1>
      </div>
      <p className="hero-tagline">{siteConfig.tagline}</p>
      {tonight ? (
        <div className="hero-next hero-tonight">
          <p>
            <span className="hero-next-label">{landingTexts.tonight}</span>{' '}
            {event ? <a href={showPath(event.id)}>{show.name}</a> : show.name}
            {': '}
            <ShowTimeLabel instant={show.startsAt} timeZone={visitorZone} clockOnly />
          </p>
          <ShowBill comics={event?.comics} />
          {onStage ? (
            <p className="hero-onstage">
              {landingTexts.onStageNow} <a href={comicPath(onStage.slug)}>{onStage.name}</a>
            </p>
          ) : null}
        </div>
      ) : (
        <p className="hero-next">
          <span className="hero-next-label">{landingTexts.nextShow}</span>{' '}
          {show ? (
            <a href={`#${landingAnchors.nextShow}`}>
              {show.name}: <ShowTimeLabel instant={show.startsAt} timeZone={visitorZone} />
            </a>
          ) : (
            <a href={`#${landingAnchors.nextShow}`}>{regularShowsSummary()}</a>
          )}
        </p>
      )}
      <div className="hero-actions">
        <Link className="button" to={paths.store}>
          Visit the store
        </Link>
        {tonight ? (
          <a className="button button-secondary" href={`#${landingAnchors.findWorld}`}>
            {landingTexts.howToJoin}
          </a>
        ) : (
          <a className="button button-secondary" href={siteConfig.analysisApp.url}>
            Try {siteConfig.analysisApp.name}, our comedy analysis app
          </a>
        )}
      </div>
    </section>
  )
}
