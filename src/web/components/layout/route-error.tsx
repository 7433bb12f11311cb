import { Component, type ReactNode } from 'react'
import { ErrorPage } from './error-page'

export const routeErrorText = {
  heading: 'Something went wrong on this page',
  advice:
    'Sorry: this page hit a snag and could not be shown. Reloading often helps; the home page and the store still work. Nothing you bought is lost: your codes are kept.',
  reload: 'Reload this page',
} as const

/** What a fan sees instead of a blank page when a page fails to render. */
export function RouteErrorView() {
  return (
    <ErrorPage
      headingId="route-error-title"
      eyebrow="Error"
      heading={routeErrorText.heading}
      lead={routeErrorText.advice}
      actions={
        <button
          type="button"
          className="button button-secondary"
          onClick={() => window.location.reload()}
        >
          {routeErrorText.reload}
        </button>
      }
    />
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
