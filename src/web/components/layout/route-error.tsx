import { Component, type ReactNode } from 'react'
import { siteTexts } from '../../../shared/texts'
import { ErrorPage } from './error-page'

/** What a fan sees instead of a blank page when a page fails to render. */
export function RouteErrorView() {
  return (
    <ErrorPage
      headingId="route-error-title"
      eyebrow="Error"
      heading={siteTexts.routeError.heading}
      lead={siteTexts.routeError.advice}
      actions={
        <button
          type="button"
          className="button button-secondary"
          onClick={() => window.location.reload()}
        >
          {siteTexts.routeError.reload}
        </button>
      }
    />
  )
}

/**
 * Catches a render error of one route (site-app.tsx keys it by the path, so moving to another page
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
