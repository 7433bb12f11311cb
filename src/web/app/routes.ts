import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { matchPath } from 'react-router'
import { type PageInfo, type PageKey, pageKeys, pages } from '../../shared/pages'

export interface PageRoute {
  key: PageKey
  info: PageInfo
  /** Fetches the page's chunk; the same promise every time, so callers may warm it up early. */
  load: () => Promise<{ default: ComponentType }>
  /** The page as app.tsx renders it, below a <Suspense>. */
  Page: LazyExoticComponent<ComponentType>
}

/**
 * Every page is its own chunk, so /store does not download the landing page (carousel,
 * schedule, video) and / does not download the store. The modules match pages.ts's `module`.
 */
const importers: Record<PageKey, () => Promise<ComponentType>> = {
  home: () => import('../pages/landing/landing-page').then((m) => m.LandingPage),
  store: () => import('../pages/store/store-page').then((m) => m.StorePage),
  success: () => import('../pages/success/success-page').then((m) => m.SuccessPage),
  membership: () => import('../pages/membership/membership-page').then((m) => m.MembershipPage),
  membershipSignIn: () =>
    import('../pages/membership/membership-page').then((m) => m.MembershipPage),
  memberWelcome: () =>
    import('../pages/member-welcome/member-welcome-page').then((m) => m.MemberWelcomePage),
  comic: () => import('../pages/comic/comic-page').then((m) => m.ComicPage),
  openMic: () => import('../pages/open-mic/open-mic-page').then((m) => m.OpenMicPage),
  statement: () => import('../pages/statement/statement-page').then((m) => m.StatementPage),
  statementSignIn: () => import('../pages/statement/statement-page').then((m) => m.StatementPage),
  notFound: () => import('../pages/not-found/not-found-page').then((m) => m.NotFoundPage),
}

function pageRoute(key: PageKey): PageRoute {
  let loading: Promise<{ default: ComponentType }> | undefined
  const load = () => {
    loading ??= importers[key]().then(
      (Page) => ({ default: Page }),
      (error: unknown) => {
        // A failed fetch (offline, a deploy replaced the chunk) may succeed on the next visit.
        loading = undefined
        throw error
      },
    )
    return loading
  }
  return { key, info: pages[key], load, Page: lazy(load) }
}

/** In the registry's order: the first match wins, the not-found page last. */
export const pageRoutes: readonly PageRoute[] = pageKeys.map(pageRoute)

/** The route that renders `pathname`; the not-found route catches everything else. */
export function routeFor(pathname: string): PageRoute {
  const route = pageRoutes.find((candidate) => matchPath(candidate.info.path, pathname) !== null)
  if (!route) throw new Error(`no route for ${pathname}`)
  return route
}
