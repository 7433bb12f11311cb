import { Link } from 'react-router'
import { nextShow } from '../../shared/show-time'
import { siteConfig } from '../../shared/site-config'
import { paths } from '../paths'
import { regularShowsSummary, ShowTimeLabel, useVisitorTimeZone } from './show-time-label'
import { useNow } from './use-now'

/** The logo: a microphone under a spotlight. Decorative, the brand name beside it is the text. */
function LogoMark() {
  return (
    <svg className="hero-logo" viewBox="0 0 64 64" width="72" height="72" aria-hidden="true">
      <path d="M32 2 L54 60 H10 Z" fill="var(--color-accent)" opacity="0.18" />
      <rect x="24" y="10" width="16" height="26" rx="8" fill="var(--color-accent)" />
      <path
        d="M18 30 a14 14 0 0 0 28 0 M32 44 V54 M24 56 H40"
        fill="none"
        stroke="var(--color-text)"
        strokeWidth="3.5"
        strokeLinecap="round"
      />
      <path d="M26 18 H38 M26 24 H38" stroke="var(--color-accent-ink)" strokeWidth="2" />
    </svg>
  )
}

/** Brand, tagline, the next show and the way to the store (spec section 2, first items). */
export function Hero({ timeZone }: { timeZone?: string }) {
  // Minute precision is enough here; the next-show section below counts the seconds.
  const now = useNow(60_000)
  const visitorZone = useVisitorTimeZone(timeZone)
  const show = now ? nextShow(now) : null

  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="hero-brand">
        <LogoMark />
        <h1 id="hero-heading" className="hero-title">
          {siteConfig.brand}
        </h1>
      </div>
      <p className="hero-tagline">{siteConfig.tagline}</p>
      <p className="hero-next">
        <span className="hero-next-label">Next show</span>{' '}
        {show ? (
          <a href="#next-show">
            {show.name}: <ShowTimeLabel instant={show.startsAt} timeZone={visitorZone} />
          </a>
        ) : (
          <a href="#next-show">{regularShowsSummary()}</a>
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
