import { type ReactNode, Suspense, useEffect } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import type { PageInfo } from '../../shared/pages'
import { RouteErrorBoundary } from '../components/layout/route-error'
import { pageRoutes } from './page-routes'

/**
 * The page's title and description, from the registry (pages.ts). The HTML of pre-rendered and
 * server-rendered pages has them in its <head> already; this keeps them right as the fan moves
 * between pages in the browser.
 */
function PageMeta({ info, children }: { info: PageInfo; children: ReactNode }) {
  useEffect(() => {
    // A page at many addresses (/comics/:slug) says its own (each comic's name).
    if (info.path.includes(':')) return
    document.title = info.title
    document.querySelector('meta[name="description"]')?.setAttribute('content', info.description)
  }, [info])
  return children
}

/**
 * Each page is loaded on demand (see page-routes.ts). The fallback is empty: pre-rendered pages are
 * hydrated only once their chunk is in (entry-client.tsx), and links navigate in a transition
 * (TransitionRouter), which keeps the current page on screen while the next one loads. The
 * first route that matches renders, the not-found page last. A page that fails to render shows
 * a friendly error instead of a blank screen; the boundary starts afresh on each path.
 */
export function App() {
  const [path] = useLocation()
  return (
    <RouteErrorBoundary key={path}>
      <Suspense fallback={null}>
        <Switch>
          {pageRoutes.map(({ key, info, Page }) => (
            <Route key={key} path={info.path}>
              <PageMeta info={info}>
                <Page />
              </PageMeta>
            </Route>
          ))}
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  )
}
