import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { parse } from 'regexparam'
import { matchRoute } from 'wouter'
import { type PageInfo, type PageKey, pageKeys, pages } from '../../shared/pages'

export interface PageRoute {
  key: PageKey
  info: PageInfo
  /** Fetches the page's chunk; the same promise every time, so callers may warm it up early. */
  load: () => Promise<{ default: ComponentType }>
  /** The page as site-app.tsx renders it, below a <Suspense>. */
  Page: LazyExoticComponent<ComponentType>
}

/**
 * Every page is its own chunk (Vite's glob import makes one per module), so /store does not
 * download the landing page (carousel, schedule, video) and / does not download the store.
 */
const pageModules = import.meta.glob<Partial<Record<string, unknown>>>('../pages/*/*-page.tsx')

/**
 * The loader of the page pages.ts names by its module: "src/web/pages/store/store-page.tsx"
 * exports StorePage, its file's name in PascalCase (page-routes.test.tsx loads every one). The
 * registry is the one list of pages.
 */
export function pageImporter(module: string): () => Promise<ComponentType> {
  const load = pageModules[module.replace('src/web/', '../')]
  if (!load) throw new Error(`not a page module: ${module}`)
  const name = module
    .replace(/.*\/|\.tsx$/g, '')
    .replace(/(?:^|-)(.)/g, (_, c: string) => c.toUpperCase())
  // The module's export under the page's name: its component.
  return () => load().then((exports) => exports[name] as ComponentType)
}

function pageRoute(key: PageKey): PageRoute {
  const importer = pageImporter(pages[key].module)
  let loading: Promise<{ default: ComponentType }> | undefined
  const load = () => {
    loading ??= importer().then(
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

/**
 * The route that renders `pathname`, matched as site-app.tsx's <Switch> matches (wouter's patterns,
 * by regexparam); the not-found route catches everything else.
 */
export function routeFor(pathname: string): PageRoute {
  const route = pageRoutes.find((candidate) => matchRoute(parse, candidate.info.path, pathname)[0])
  if (!route) throw new Error(`no route for ${pathname}`)
  return route
}
