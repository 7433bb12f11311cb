import { Component, type ReactNode } from 'react'
import { Link } from 'react-router'
import { texts } from '../../shared/texts'
import { paths } from '../pages'
import { SiteLayout } from './site-layout'
import './not-found.css'

export const routeErrorText = {
  heading: 'Something went wrong on this page',
  advice:
    'Sorry: this page hit a snag and could not be shown. Reloading often helps; the home page and the store still work. Nothing you bought is lost: your codes are kept.',
  reload: 'Reload this page',
} as const

/** What a fan sees instead of a blank page when a page fails to render. */
export function RouteErrorView() {
  return (
    <SiteLayout>
      <section className="not-found" aria-labelledby="route-error-title">
        <p className="eyebrow">Error</p>
        <h1 id="route-error-title">{routeErrorText.heading}</h1>
        <p className="lead">{routeErrorText.advice}</p>
        <p className="cluster">
          <Link className="button" to={paths.home}>
            {texts.backToHome}
          </Link>
          <Link className="button button-secondary" to={paths.store}>
            Visit the store
          </Link>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => window.location.reload()}
          >
            {routeErrorText.reload}
          </button>
        </p>
      </section>
    </SiteLayout>
  )
}

/**
 * Catches a render error of one route (app.tsx keys it by the path, so moving to another page
 * starts afresh) and shows RouteErrorView with links home and to the store.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown): void {
    console.error('This page failed to render:', error)
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorView /> : this.props.children
  }
}
