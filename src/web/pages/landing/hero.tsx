import { Link } from 'wouter'
import { landingAnchors, paths } from '../../../shared/pages'
import type { ScheduleEvent } from '../../../shared/schedule'
import { isShowLive } from '../../../shared/show-time'
import { siteConfig } from '../../../shared/site-config'
import { LogoMark } from '../../components/layout/logo-mark'
import { useNow } from '../../components/use-now'
import { landingTexts } from './landing-texts'
import { nextShowOf } from './schedule-data'
import { regularShowsSummary, ShowTimeLabel, useVisitorTimeZone } from './show-time-label'

/** Brand, tagline, the next show and the way to the store (docs/product.md, "Routes and screens"). */
export function Hero({
  events,
  timeZone,
}: {
  events: readonly ScheduleEvent[]
  timeZone?: string
}) {
  // Minute precision is enough here; the next-show section below counts the seconds.
  const now = useNow(60_000)
  const visitorZone = useVisitorTimeZone(timeZone)
  const show = nextShowOf(events, now)
  const onNow = show !== null && now !== null && isShowLive(show, now)

  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="hero-brand">
        <LogoMark className="hero-logo" />
        <h1 id="hero-heading" className="hero-title">
          {siteConfig.brand}
        </h1>
      </div>
      <p className="hero-tagline">{siteConfig.tagline}</p>
      <p className="hero-next">
        {/* Both words in one cell, the other one unseen: the line keeps its width when a show starts. */}
        <span className="hero-next-label">
          <span className={onNow ? 'is-unseen' : undefined}>{landingTexts.nextShow}</span>
          <span className={onNow ? undefined : 'is-unseen'}>{landingTexts.onNow}</span>
        </span>{' '}
        {show ? (
          <a href={`#${landingAnchors.nextShow}`}>
            {show.name}: <ShowTimeLabel instant={show.startsAt} timeZone={visitorZone} />
          </a>
        ) : (
          <a href={`#${landingAnchors.nextShow}`}>{regularShowsSummary()}</a>
        )}
      </p>
      <div className="hero-actions">
        <Link className="button" to={paths.store}>
          Visit the store
        </Link>
        <a className="button button-secondary" href={siteConfig.analysisApp.url}>
          Try {siteConfig.analysisApp.name}, our comedy analysis app
        </a>
      </div>
    </section>
  )
}
