import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Clock } from '../../core/clock'
import type { Db } from '../../core/db/schema'
import { refuse } from '../../core/refusal'
import { escapeHtml } from '../../shared/escape-html'
import { eventsJsonLd, jsonLdScript, scriptSafeJson } from '../../shared/events-json-ld'
import type { MemberWelcomeData } from '../../shared/member-welcome'
import {
  distPaths,
  publicUrlMarker,
  type RenderPage,
  renderMarkers,
  scheduleDataId,
} from '../../shared/page-rendering'
import { type PageInfo, pageKeys, pages } from '../../shared/pages'
import { browserSettings } from '../config'
import { httpTexts } from '../http-texts'
import { comicPageRenderer } from './comic-page-renderer'
import { memberWelcomePageRenderer } from './member-welcome-page-renderer'
import { openMicPageRenderer } from './open-mic-page-renderer'
import type { RenderedPage } from './page-template'
import type { ScheduleCache, ScheduleSnapshot } from './schedule-cache'
import { isApiPath } from './security-headers'
import { withMembershipsOpen, withWorldLinked } from './settings-on-pages'
import { showPageRenderer } from './show-page-renderer'

export const testModeText = 'test mode: no real payments'

declare module 'fastify' {
  interface FastifyInstance {
    /** The built app's pages (pageSources), or undefined when there is no build (API tests). */
    builtPages: BuiltPages | undefined
  }
}

/**
 * The built browser app's pages, read once at start-up: registered before the routes, so a
 * route may send one of them (the member's welcome page); pagesPlugin serves the rest, last.
 */
export const builtPagesPlugin = fp(async (app: FastifyInstance) => {
  const { clientDir, renderPage, config } = app.deps
  const built =
    clientDir && fs.existsSync(clientDir)
      ? pageSources({
          clientDir,
          db: app.deps.db,
          clock: app.deps.clock,
          publicUrl: config.publicUrl,
          schedule: app.schedule,
          renderPage,
          decorate: (html) => {
            const settings = browserSettings(config)
            const banner = settings.testModeBanner ? withTestModeBanner(html) : html
            const members = settings.memberships === 'open' ? withMembershipsOpen(banner) : banner
            return settings.worldLinked ? withWorldLinked(members) : members
          },
          log: app.log,
        })
      : undefined
  app.decorate('builtPages', built)
})

/**
 * The built browser app (when `clientDir` is there; API tests have none): hashed assets cached
 * for a year, every page of the registry at its path, and the app's not-found view with a real
 * 404 for any other page. Registered last: it answers what no route did.
 */
export const pagesPlugin = fp(async (app: FastifyInstance) => {
  const { clientDir, config } = app.deps
  const built = app.builtPages
  if (!clientDir || !built) {
    app.setNotFoundHandler(async () => {
      throw refuse.notFound(httpTexts.notFound)
    })
    return
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    wildcard: false,
    // scripts/build.ts writes .br and .gz beside each asset: sent as they are, never recompressed.
    preCompressed: true,
    // Pages are sent by their routes below, with this server's address in them; never as files,
    // nor as their compressed copies (admin.html.gz, index.html.br).
    allowedPath: (pathName) => !/\.html(\.|$)/i.test(pathName),
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        // Named by their content, never revalidated: no ETag, Last-Modified nor Accept-Ranges,
        // for a first load fetches some thirty and its budget counts their headers.
        reply.header('cache-control', 'public, max-age=31536000, immutable')
        for (const name of ['etag', 'last-modified', 'accept-ranges']) reply.removeHeader(name)
      } else if (isLongLivedFile(path.relative(clientDir, filePath))) {
        reply.header('cache-control', longLivedCache)
      }
    },
  })
  const { pages, shell } = built
  for (const page of pages) {
    // The not-found page is what the not-found handler below sends; some a route sends.
    if (page.info.path === '*' || page.info.sentByRoute) continue
    // The member page exists only while memberships are open.
    if (page.info.membersOnly && config.memberships !== 'open') continue
    const renderAt = page.renderAt
    // A page at many addresses that cannot be rendered here is not served: the site's 404.
    if (page.info.path.includes(':') && !renderAt) continue
    if (renderAt) {
      // A page at many addresses: what it is, or the site's 404 when the address is nothing's.
      app.get<{ Params: { slug: string } }>(page.info.path, async (request, reply) => {
        const rendered = await renderAt(request.params.slug)
        if (!rendered) return reply.callNotFound()
        if (rendered.movedTo) return reply.redirect(rendered.movedTo, 301)
        return reply
          .status(rendered.status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(rendered.html)
      })
      continue
    }
    app.get(page.info.path, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(page.render ? await page.render() : page.html),
    )
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || request.method !== 'GET')
      throw refuse.notFound(httpTexts.notFound)
    // Any other page: the app's not-found view, with a real 404 status.
    return reply.status(404).type('text/html; charset=utf-8').send(shell)
  })
})

/**
 * The pictures under /images (the products', the link preview's, the kiosk's) and the favicon: not
 * content-hashed (the catalogue and the pages name them), so kept a month, then revalidated by
 * their ETag: a changed picture is fetched again, an unchanged one costs a 304.
 */
const longLivedCache = 'public, max-age=2592000, must-revalidate'

/** A file of the build (its path inside the client folder) cached as longLivedCache says. */
function isLongLivedFile(relativePath: string): boolean {
  const file = relativePath.split(path.sep).join('/')
  return file.startsWith('images/') || /^favicon\.(svg|ico|png)$/.test(file)
}

/** The banner of a public test site, first in the body and outside React's root. */
function withTestModeBanner(html: string): string {
  return html.replace(
    /<body[^>]*>/,
    (body) => `${body}<p class="test-mode-banner" role="note">${testModeText}</p>`,
  )
}

/**
 * The build's server entry (dist/server-entry, written by scripts/prerender.ts), or undefined
 * when there is none: request-rendered pages are then served as pre-rendered at build time.
 */
export async function loadBuiltRenderer(clientDir: string): Promise<RenderPage | undefined> {
  const dir = path.resolve(clientDir, '..', path.basename(distPaths.serverEntry))
  const file = fs.existsSync(dir)
    ? fs.readdirSync(dir).find((name) => /^entry-server\.m?js$/.test(name))
    : undefined
  if (!file) return undefined
  const entry = (await import(pathToFileURL(path.join(dir, file)).href)) as { render?: unknown }
  return typeof entry.render === 'function' ? (entry.render as RenderPage) : undefined
}

export interface PageSource {
  info: PageInfo
  /** The HTML to send when nothing is rendered per request. */
  html: string
  /** Request-rendered pages: the HTML for this request (the pre-rendered HTML if it fails). */
  render?: () => Promise<string>
  /** A page at many addresses (/comics/:slug): the page at this one, or undefined (none). */
  renderAt?: (slug: string) => Promise<RenderedPage | undefined>
}

/** The built app's pages, and the renderer of the page a route sends. */
export interface BuiltPages {
  pages: PageSource[]
  shell: string
  /** The member's welcome page for a paid membership; undefined when it cannot be rendered. */
  memberWelcome: ((data: MemberWelcomeData) => Promise<RenderedPage>) | undefined
}

/**
 * The HTML of each page of the registry (src/shared/pages.ts): pre-rendered files as they are,
 * the shell for pages the browser renders, and request-rendered pages (/) filled per request
 * with the upcoming shows and their JSON-LD, from the schedule cache the API serves too.
 * Renders are kept per schedule version and minute, so a busy landing page costs no rendering.
 */
export function pageSources(options: {
  clientDir: string
  db: Db
  clock: Clock
  publicUrl: string
  schedule: ScheduleCache
  renderPage: RenderPage | undefined
  /** Changes every HTML the server sends (the test-mode banner). */
  decorate: (html: string) => string
  log: FastifyBaseLogger
}): BuiltPages {
  const { clientDir, decorate } = options
  // The build's absolute URLs carry a marker for the site's address: this server's, whatever the
  // address the build was made under.
  const withAddress = (html: string) =>
    decorate(html.replaceAll(publicUrlMarker, escapeHtml(options.publicUrl)))
  const read = (file: string) => {
    const full = path.join(clientDir, file)
    return fs.existsSync(full) ? withAddress(fs.readFileSync(full, 'utf8')) : undefined
  }
  const shell =
    read('shell.html') ?? read('index.html') ?? '<!doctype html><title>Punchline VR</title>'

  let memberWelcome: BuiltPages['memberWelcome']
  const sources = pageKeys.map((key): PageSource => {
    const info: PageInfo = pages[key]
    const built = info.file ? read(info.file) : undefined
    const html = built ?? shell
    if (info.rendering !== 'request' || !info.file || !options.renderPage) return { info, html }
    const templateFile = path.resolve(
      clientDir,
      '..',
      path.basename(distPaths.templates),
      info.file,
    )
    if (!fs.existsSync(templateFile)) return { info, html }
    const template = withAddress(fs.readFileSync(templateFile, 'utf8'))
    const renderPage = options.renderPage
    const page = { ...options, info, template, fallback: html, renderPage }
    if (key === 'comic') return { info, html, renderAt: comicPageRenderer(page) }
    if (key === 'openMic') return { info, html, renderAt: openMicPageRenderer(page) }
    if (key === 'show') return { info, html, renderAt: showPageRenderer(page) }
    if (key === 'memberWelcome') {
      // Sent by the test checkout's pay route (sentByRoute), with the membership it found.
      memberWelcome = memberWelcomePageRenderer(page)
      return { info, html }
    }
    // The finished HTML of the last key, and the render under way (one per key however many
    // requests arrive while it runs: a burst as the minute turns costs one render).
    let cached: { key: string; html: string } | undefined
    let inFlight: { key: string; html: Promise<string> } | undefined
    const fill = async (snapshot: ScheduleSnapshot, key: string) => {
      const events = [...snapshot.events]
      const schedule = { events, at: snapshot.builtAt.toISOString() }
      const appHtml = await renderPage(info.path, { schedule })
      const data = [
        events.length > 0 ? jsonLdScript(eventsJsonLd(events, options.publicUrl)) : '',
        `<script type="application/json" id="${scheduleDataId}">${scriptSafeJson(schedule)}</script>`,
      ].join('')
      const filled = template
        .replace(renderMarkers.app, () => appHtml)
        .replace(renderMarkers.data, () => data)
      cached = { key, html: filled }
      return filled
    }
    const render = async () => {
      try {
        const snapshot = await options.schedule.get()
        const minute = Math.floor(snapshot.builtAt.getTime() / 60_000)
        const key = `${snapshot.etag}|${minute}`
        if (cached?.key === key) return cached.html
        let entry = inFlight
        if (entry?.key !== key) {
          const started = { key, html: fill(snapshot, key) }
          const done = () => {
            if (inFlight === started) inFlight = undefined
          }
          started.html.then(done, done)
          inFlight = started
          entry = started
        }
        return await entry.html
      } catch (error) {
        options.log.error({ err: error }, `pages: could not render ${info.path}; sent as built`)
        return html
      }
    }
    return { info, html, render }
  })
  return { pages: sources, shell, memberWelcome }
}
