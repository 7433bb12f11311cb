import { Component, type ReactNode, Suspense } from 'react'
import { Link, Redirect, Route, Switch, useLocation } from 'wouter'
import { type ConsolePageKey, consolePages, consolePageTexts } from '../../shared/console'
import { useHistoryEntry } from '../components/transition-router'
import { ConsoleLayout } from './console-layout'
import { consolePageComponents } from './console-routes'
import { ConsoleSessionProvider, signInPath, useConsoleSession } from './console-session'
import { ErrorNotice, Loading, useConsoleTitle } from './console-ui'
import './console.css'

function PageErrorView() {
  useConsoleTitle('Something went wrong')
  return (
    <section className="console-page" aria-labelledby="console-error-title">
      <h1 id="console-error-title">Something went wrong on this page</h1>
      <p className="lead">{consolePageTexts.pageError}</p>
      <p className="cluster">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload this page
        </button>
        <Link className="button button-secondary" to={consolePages.tonight.path}>
          Go to Tonight
        </Link>
      </p>
    </section>
  )
}

/** One page's render error shows PageErrorView, not a blank console; keyed by the path. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown): void {
    console.error('This console page failed to render:', error)
  }

  override render(): ReactNode {
    return this.state.failed ? <PageErrorView /> : this.props.children
  }
}

function ConsolePage({ page }: { page: ConsolePageKey }) {
  const [pathname] = useLocation()
  const Page = consolePageComponents[page]
  return (
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  )
}

/** The pages behind the session: without one, to sign-in (and back here afterwards). */
function SignedIn({ children }: { children: ReactNode }) {
  const { state, retry } = useConsoleSession()
  const { path, search } = useHistoryEntry()
  if (state.status === 'signed-out') {
    return <Redirect to={signInPath(`${path}${search}`)} replace />
  }
  if (state.status !== 'signed-in') {
    return (
      <main className="console-main console-page" id="console-main">
        {state.status === 'loading' ? (
          <Loading what="Opening the console" />
        ) : (
          <ErrorNotice error={state.error} onRetry={retry} />
        )}
      </main>
    )
  }
  return <ConsoleLayout email={state.session.email}>{children}</ConsoleLayout>
}

function NotFound() {
  useConsoleTitle('Page not found')
  return (
    <section className="console-page">
      <h1>There is no such console page</h1>
      <p>
        <Link to={consolePages.tonight.path}>Go to Tonight</Link>
      </p>
    </section>
  )
}

const signedInPages = (Object.keys(consolePages) as ConsolePageKey[]).filter(
  (key) => key !== 'signIn',
)

/** The host's console: sign-in, then every page below the header (any other path: NotFound). */
export function ConsoleApp() {
  return (
    <ConsoleSessionProvider>
      <Switch>
        <Route path={consolePages.signIn.path}>
          <ConsolePage page="signIn" />
        </Route>
        <Route>
          <SignedIn>
            <Switch>
              {signedInPages.map((key) => (
                <Route key={key} path={consolePages[key].path}>
                  <ConsolePage page={key} />
                </Route>
              ))}
              <Route>
                <NotFound />
              </Route>
            </Switch>
          </SignedIn>
        </Route>
      </Switch>
    </ConsoleSessionProvider>
  )
}
