import { memo, type ReactNode } from 'react'
import { Link } from 'wouter'
import { landingAnchors, paths } from '../../../shared/pages'
import { siteConfig } from '../../../shared/site-config'
import { texts } from '../../../shared/texts'
import { Deferred } from '../deferred'
import { NavLink } from '../nav-link'
import { LogoMark } from './logo-mark'
import './site-header.css'
import './site-layout.css'

/**
 * The site's header: the same on every page, so a page's own changes (a tap on "Add to cart")
 * do not render it again (bench/inp.ts).
 */
const SiteHeader = memo(function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to={paths.home} className="site-brand">
          <LogoMark className="site-logo" />
          <span>{siteConfig.brand}</span>
        </Link>
        <nav className="site-nav" aria-label="Main">
          <ul>
            <li>
              <NavLink to={paths.home} end>
                Home
              </NavLink>
            </li>
            {/* Plain links: on / they only scroll, from elsewhere they load the pre-rendered page. */}
            <li>
              <a href={`${paths.home}#${landingAnchors.schedule}`}>Shows</a>
            </li>
            <li>
              <a href={`${paths.home}#${landingAnchors.about}`}>About</a>
            </li>
            <li>
              <a href={`${paths.home}#${landingAnchors.contact}`}>Contact</a>
            </li>
            {/* The member page, when memberships are open: CSS shows it under
              html[data-memberships], so the pre-rendered pages hold it and nothing moves. */}
            <li className="site-nav-members">
              <NavLink to={paths.membership}>Members</NavLink>
            </li>
            <li>
              <NavLink to={paths.store} className="site-nav-store">
                Store
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  )
})

/** Header, main and footer shared by every page. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href={`#${landingAnchors.main}`}>
        Skip to main content
      </a>
      <SiteHeader />
      {/* tabIndex lets the skip link move focus here, not only scroll. */}
      <main id={landingAnchors.main} className="page" tabIndex={-1}>
        {children}
      </main>
      <Deferred id="site-footer" part={SiteFooter} />
    </>
  )
}

function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        {/* Not a region: one named after the brand would repeat the landing page's hero region. */}
        <div>
          <h2 id="footer-club">{siteConfig.brand}</h2>
          <p>{siteConfig.tagline}</p>
          <p className="site-footer-age">
            <span className="age-badge" aria-hidden="true">
              18+
            </span>
            {texts.openMic}
          </p>
        </div>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <ul>
            <li>
              <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
            </li>
            <li>
              <a href={`${paths.home}#${landingAnchors.contact}`}>Send us a message</a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-more">
          <h2 id="footer-more">More from us</h2>
          <ul>
            <li>
              <a href={siteConfig.analysisApp.url}>
                {siteConfig.analysisApp.name}: comedy-performance analysis
              </a>
            </li>
            <li>
              <a href={siteConfig.servicesBusiness.url}>
                {siteConfig.servicesBusiness.name}: virtual-reality services
              </a>
            </li>
            <li>
              <Link to={paths.store}>The store: boosts and rewards</Link>
            </li>
          </ul>
        </section>
      </div>
      <div className="site-footer-legal">
        <p>
          © <CopyrightYear /> {siteConfig.brand}. Live in {siteConfig.worldName} on{' '}
          {siteConfig.worldApp}.
        </p>
      </div>
    </footer>
  )
}

/** The year differs between a build and a later visit; React keeps the built one quietly. */
function CopyrightYear() {
  return <span suppressHydrationWarning>{new Date().getFullYear()}</span>
}
