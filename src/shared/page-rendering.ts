import type { ComicPageData } from './comic-page-view'
import type { MemberWelcomeData } from './member-welcome'
import type { OpenMicPublic } from './open-mic-api'
import type { ScheduleEvent } from './schedule'
import type { ShowPageData } from './show-page-view'

/**
 * What the build and the server agree on about rendered pages: where the build leaves its output
 * (paths from the project's root), the markers of a request-rendered page's template, and the
 * shape of the data the server renders a page with. The server loads the built renderer at run
 * time and knows it only through these types.
 */
export const distPaths = {
  /** The browser app, served as static files. */
  client: 'dist/client',
  /** The app's server-side renderer (entry-server), built by scripts/prerender.ts. */
  serverEntry: 'dist/server-entry',
  /** Request-rendered pages' templates, outside the folder served as files. */
  templates: 'dist/templates',
  /** Vite's manifest, kept out of reach of the static file server. */
  clientManifest: 'dist/client-manifest.json',
  /** The server and the operator commands built for Node: `start.mjs`, `admin.mjs`. */
  node: 'dist/node',
  /** Written last by a build: `npm start` rebuilds when sources are newer. */
  buildStamp: 'dist/.build-stamp',
} as const

/** Where a request-rendered page's template takes the app's HTML and the server's data. */
export const renderMarkers = {
  app: '<!--app-html-->',
  /** At the end of the body, so the first bytes carry what paints first. */
  data: '<!--app-data-->',
  /**
   * A page at many addresses (/comics/:slug): its title, description, canonical address and
   * social tags, written by the server for each (src/shared/page-head.ts).
   */
  head: '<!--page-head-->',
} as const

/**
 * Stands for the site's address in the built pages' absolute URLs (canonical link, Open Graph
 * and Twitter tags): the server puts its PUBLIC_URL in its place when it reads the build, so one
 * build serves any address.
 */
export const publicUrlMarker = '%PUBLIC_URL%'

/** The id of the script element that carries the schedule in a server-rendered page. */
export const scheduleDataId = 'schedule-data'

/** The upcoming shows as the server read them, and when. */
export interface ScheduleData {
  events: ScheduleEvent[]
  /** ISO time the server read the schedule: "the next two weeks" count from it. */
  at: string
}

/** What the server knows when it renders a page: the schedule, for the landing page... */
export interface PageData {
  schedule?: ScheduleData | undefined
  /** ...the comic, for a comic's page... */
  comic?: ComicPageData | undefined
  /** ...the show, for its page... */
  show?: ShowPageData | undefined
  /** ...the open mic, for its page... */
  openMic?: OpenMicPublic | undefined
  /** ...and the paid membership, for the member's welcome page. */
  memberWelcome?: MemberWelcomeData | undefined
}

/** The built renderer (src/web/app/entry-server.tsx): a page of the app to HTML. */
export type RenderPage = (url: string, data: PageData) => Promise<string>

/** The site's own address when PUBLIC_URL is not set. */
export function defaultPublicUrl(port: number | string = 3000): string {
  return `http://localhost:${port}`
}
