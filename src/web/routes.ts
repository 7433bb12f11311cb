import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { matchPath } from 'react-router'
import { paths } from './paths'

export interface PageRoute {
  /** A react-router path pattern. */
  path: string
  /** Fetches the page's chunk; the same promise every time, so callers may warm it up early. */
  load: () => Promise<{ default: ComponentType }>
  /** The page as app.tsx renders it, below a <Suspense>. */
  Page: LazyExoticComponent<ComponentType>
}

function pageRoute(path: string, importPage: () => Promise<ComponentType>): PageRoute {
  let loading: Promise<{ default: ComponentType }> | undefined
  const load = () => {
    loading ??= importPage().then(
      (Page) => ({ default: Page }),
      (error: unknown) => {
        // A failed fetch (offline, a deploy replaced the chunk) may succeed on the next visit.
        loading = undefined
        throw error
      },
    )
    return loading
  }
  return { path, load, Page: lazy(load) }
}

/**
 * Every page is its own chunk, so /store does not download the landing page (carousel,
 * schedule, video) and / does not download the store. Order matters: the first match wins.
 */
export const pageRoutes: readonly PageRoute[] = [
  pageRoute(paths.home, () => import('./landing/landing-page').then((m) => m.LandingPage)),
  pageRoute(paths.store, () => import('./store/store-page').then((m) => m.StorePage)),
  pageRoute(paths.success, () => import('./success/success-page').then((m) => m.SuccessPage)),
  pageRoute('*', () => import('./layout/not-found-page').then((m) => m.NotFoundPage)),
]

/** The route that renders `pathname`; the not-found route catches everything else. */
export function routeFor(pathname: string): PageRoute {
  const route = pageRoutes.find((candidate) => matchPath(candidate.path, pathname) !== null)
  if (!route) throw new Error(`no route for ${pathname}`)
  return route
}
