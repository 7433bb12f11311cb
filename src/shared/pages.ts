import { siteConfig } from './site-config'

/**
 * How a page's HTML is made: `request` by the server on each request (from data it has, such as
 * the schedule), `build` once by scripts/prerender.ts, `browser` only in the browser (the server
 * sends the empty shell). Request-rendered pages are pre-rendered at build time too: that HTML is
 * their template and the fallback when the server cannot render.
 */
export type Rendering = 'request' | 'build' | 'browser'

export interface PageInfo {
  /** A route pattern (wouter's: `/comics/:slug`); '*' is the not-found page. */
  path: string
  title: string
  description: string
  rendering: Rendering
  /** The pre-rendered HTML's file in dist/client (request and build pages). */
  file?: string
  /**
   * The page's module, which exports the page named as its file ("store-page.tsx": StorePage):
   * the router loads it as its own chunk (page-routes.ts), the build preloads that chunk.
   */
  module: string
  /** The HTTP status the server answers with. */
  status: number
  /** Served only while MEMBERSHIPS=open; otherwise the path is a page not found like any other. */
  membersOnly?: boolean
  /**
   * Sent by a route of its own, which renders it in its template with what it finds (the
   * member's welcome page, by the test checkout's pay route), not by the pages plugin.
   */
  sentByRoute?: boolean
}

/**
 * Every page of the site, in one place: the router (page-routes.ts, site-app.tsx), the pre-render script
 * and the server (app.ts) read it. Order matters: the first path that matches wins.
 */
export const pages = {
  home: {
    path: '/',
    title: `${siteConfig.brand}: live stand-up comedy in virtual reality`,
    description: siteConfig.description,
    rendering: 'request',
    file: 'index.html',
    module: 'src/web/pages/landing/landing-page.tsx',
    status: 200,
  },
  store: {
    path: '/store',
    title: `Store: boosts and fan rewards · ${siteConfig.brand}`,
    description:
      `Back the comics of ${siteConfig.brand} with Fan Favorite Rewards and boost packs. ` +
      'Get your codes on screen and by email, then redeem them live at the kiosk in the world.',
    rendering: 'build',
    file: 'store.html',
    // Its first product's picture, which it renders with fetchpriority="high", is preloaded
    // with its HTML (scripts/prerender.ts).
    module: 'src/web/pages/store/store-page.tsx',
    status: 200,
  },
  success: {
    path: '/success',
    title: `Your codes · ${siteConfig.brand}`,
    description: `The codes of your ${siteConfig.brand} purchase, and how to redeem them at the show.`,
    rendering: 'browser',
    module: 'src/web/pages/success/success-page.tsx',
    status: 200,
  },
  membership: {
    path: '/membership',
    title: `Your membership · ${siteConfig.brand}`,
    description: `Sign in to your ${siteConfig.brand} membership: your member code, your boosts this month and your jokes for the host.`,
    rendering: 'browser',
    module: 'src/web/pages/membership/membership-page.tsx',
    status: 200,
    membersOnly: true,
  },
  membershipSignIn: {
    path: '/membership/sign-in',
    title: `Signing in · ${siteConfig.brand}`,
    description: `Signing in to your ${siteConfig.brand} membership with the link we mailed you.`,
    rendering: 'browser',
    module: 'src/web/pages/membership/membership-page.tsx',
    status: 200,
    membersOnly: true,
  },
  memberWelcome: {
    // The test checkout's pay page of a membership, once paid (src/shared/member-welcome.ts).
    path: '/pay/membership/:id',
    title: `Welcome, member · ${siteConfig.brand}`,
    description: `Your ${siteConfig.brand} membership: your member code and how to use it at the show.`,
    rendering: 'request',
    file: 'member-welcome.html',
    module: 'src/web/pages/member-welcome/member-welcome-page.tsx',
    status: 200,
    membersOnly: true,
    sentByRoute: true,
  },
  comic: {
    path: '/comics/:slug',
    // Each comic's page has its own title and description (src/shared/comic-page-view.ts): these are
    // only the build's, for the template; every page's first script carries them, so they are short.
    title: `Comic · ${siteConfig.brand}`,
    description: siteConfig.description,
    rendering: 'request',
    file: 'comic.html',
    module: 'src/web/pages/comic/comic-page.tsx',
    status: 200,
  },
  show: {
    path: '/shows/:slug',
    // Each show's page has its own title and description (src/shared/show-page-view.ts): these
    // are the template's.
    title: `Show · ${siteConfig.brand}`,
    description: siteConfig.description,
    rendering: 'request',
    file: 'show.html',
    module: 'src/web/pages/show/show-page.tsx',
    status: 200,
  },
  openMic: {
    path: '/open-mic/:slug',
    // Each open mic's page has its own title (src/shared/open-mic.ts): these are the template's.
    title: `Open mic · ${siteConfig.brand}`,
    description: siteConfig.description,
    rendering: 'request',
    file: 'open-mic.html',
    module: 'src/web/pages/open-mic/open-mic-page.tsx',
    status: 200,
  },
  statement: {
    path: '/statement',
    title: `Your statement · ${siteConfig.brand}`,
    description: `A comic's statement at ${siteConfig.brand}: sets, boosts, owed and paid.`,
    rendering: 'browser',
    module: 'src/web/pages/statement/statement-page.tsx',
    status: 200,
  },
  statementSignIn: {
    path: '/statement/sign-in',
    title: `Statement sign-in · ${siteConfig.brand}`,
    description: `Signing in to a comic's statement at ${siteConfig.brand}.`,
    rendering: 'browser',
    module: 'src/web/pages/statement/statement-page.tsx',
    status: 200,
  },
  backstage: {
    path: '/backstage',
    title: `Backstage · ${siteConfig.brand}`,
    description: `A comic's own page at ${siteConfig.brand}: their shows, open-mic sign-ups, public page and statement.`,
    rendering: 'browser',
    module: 'src/web/pages/backstage/backstage-page.tsx',
    status: 200,
  },
  backstageSignIn: {
    path: '/backstage/sign-in',
    title: `Backstage sign-in · ${siteConfig.brand}`,
    description: `Signing in to a comic's own page at ${siteConfig.brand}.`,
    rendering: 'browser',
    module: 'src/web/pages/backstage/backstage-page.tsx',
    status: 200,
  },
  notFound: {
    path: '*',
    title: `Page not found · ${siteConfig.brand}`,
    description: `That page is not on the set list of ${siteConfig.brand}.`,
    rendering: 'browser',
    module: 'src/web/pages/not-found/not-found-page.tsx',
    status: 404,
  },
} as const satisfies Record<string, PageInfo>

export type PageKey = keyof typeof pages

export const pageKeys = Object.keys(pages) as PageKey[]

/** Every route of the site, named once. */
export const paths = {
  home: pages.home.path,
  store: pages.store.path,
  success: pages.success.path,
  membership: pages.membership.path,
  membershipSignIn: pages.membershipSignIn.path,
  statement: pages.statement.path,
  statementSignIn: pages.statementSignIn.path,
  backstage: pages.backstage.path,
  backstageSignIn: pages.backstageSignIn.path,
} as const

/**
 * The ids links point at (`/#schedule`, the hero's `#next-show`, the skip link's `#main`), named
 * once for the sections that carry them and every link, test and mail that names them.
 */
/** The id of a store section ("Memberships" → "store-memberships"): the carousel links to it. */
export function storeSectionId(category: string): string {
  return `store-${category.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
}

/** A show's entry in the landing page's schedule: its id, and the address comics' pages link to. */
export function showEntryId(showId: string): string {
  return `show-${showId.replace(/[^A-Za-z0-9_-]/g, '-')}`
}
export function showEntryPath(showId: string): string {
  return `/#${showEntryId(showId)}`
}

/** The "Lost your codes?" form's id, on /store (and the success page's error view): mails link to it. */
export const lostCodesAnchor = 'lost-codes'

export const landingAnchors = {
  main: 'main',
  nextShow: 'next-show',
  schedule: 'schedule',
  about: 'about',
  findWorld: 'find-world',
  contact: 'contact',
} as const
