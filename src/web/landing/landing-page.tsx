import { Link } from 'react-router'
import { siteConfig } from '../../shared/site-config'
import { paths } from '../paths'

export function LandingPage() {
  return (
    <main className="page">
      <h1>{siteConfig.brand}</h1>
      <p>{siteConfig.tagline}</p>
      <Link className="button" to={paths.store}>
        Visit the store
      </Link>
    </main>
  )
}
