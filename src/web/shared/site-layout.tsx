import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { siteConfig } from '../../shared/site-config'
import { paths } from '../paths'

/** Header, main and footer shared by every page. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="site-header">
        <Link to={paths.home} className="site-brand">
          {siteConfig.brand}
        </Link>
        <nav aria-label="Main">
          <Link to={paths.home}>Home</Link> <Link to={paths.store}>Store</Link>
        </nav>
      </header>
      <main id="main" className="page">
        {children}
      </main>
      <footer className="site-footer">
        <p>
          © {siteConfig.brand} · <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
        </p>
      </footer>
    </>
  )
}
