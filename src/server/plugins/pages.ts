import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyBaseLogger } from 'fastify'
import { toScheduleEvent } from '../../core/schedule/events'
import { eventsJsonLd, scriptSafeJson } from '../../shared/events-json-ld'
import { type PageInfo, pageKeys, pages } from '../../shared/pages'
import type { PageData } from '../../web/app/entry-server'
import { scheduleDataId } from '../../web/app/schedule-context'
import type { ScheduleCache } from './schedule-cache'

/** Renders a page of the app to HTML with the server's data (src/web/entry-server.tsx). */
export type RenderPage = (url: string, data: PageData) => Promise<string>

/** The markers scripts/prerender.ts leaves in a request-rendered page's template. */
const appMarker = '<!--app-html-->'
const dataMarker = '<!--app-data-->'

/**
 * The build's server entry (dist/server-entry, written by scripts/prerender.ts), or undefined
 * when there is none: request-rendered pages are then served as pre-rendered at build time.
 */
export async function loadBuiltRenderer(clientDir: string): Promise<RenderPage | undefined> {
  const dir = path.join(clientDir, '..', 'server-entry')
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
}

/**
 * The HTML of each page of the registry (src/web/pages.ts): pre-rendered files as they are,
 * the shell for pages the browser renders, and request-rendered pages (/) filled per request
 * with the upcoming shows and their JSON-LD, from the schedule cache the API serves too.
 * Renders are kept per schedule version and minute, so a busy landing page costs no rendering.
 */
export function pageSources(options: {
  clientDir: string
  publicUrl: string
  schedule: ScheduleCache
  renderPage: RenderPage | undefined
  /** Changes every HTML the server sends (the test-mode banner). */
  decorate: (html: string) => string
  log: FastifyBaseLogger
}): { pages: PageSource[]; shell: string } {
  const { clientDir, decorate } = options
  const read = (file: string) => {
    const full = path.join(clientDir, file)
    return fs.existsSync(full) ? decorate(fs.readFileSync(full, 'utf8')) : undefined
  }
  const shell =
    read('shell.html') ?? read('index.html') ?? '<!doctype html><title>Punchline VR</title>'

  const sources = pageKeys.map((key): PageSource => {
    const info: PageInfo = pages[key]
    const built = info.file ? read(info.file) : undefined
    const html = built ?? shell
    if (info.rendering !== 'request' || !info.file || !options.renderPage) return { info, html }
    const templateFile = path.join(clientDir, '..', 'templates', info.file)
    if (!fs.existsSync(templateFile)) return { info, html }
    const template = decorate(fs.readFileSync(templateFile, 'utf8'))
    const renderPage = options.renderPage
    let cached: { key: string; html: string } | undefined
    const render = async () => {
      try {
        const snapshot = await options.schedule.get()
        const minute = Math.floor(snapshot.builtAt.getTime() / 60_000)
        const key = `${snapshot.etag}|${minute}`
        if (cached?.key === key) return cached.html
        const events = snapshot.rows.map(toScheduleEvent)
        const schedule = { events, at: snapshot.builtAt.toISOString() }
        const appHtml = await renderPage(info.path, { schedule })
        const data = [
          events.length > 0
            ? `<script type="application/ld+json">${scriptSafeJson(eventsJsonLd(events, options.publicUrl))}</script>`
            : '',
          `<script type="application/json" id="${scheduleDataId}">${scriptSafeJson(schedule)}</script>`,
        ].join('')
        const filled = template.replace(appMarker, () => appHtml).replace(dataMarker, () => data)
        cached = { key, html: filled }
        return filled
      } catch (error) {
        options.log.error({ err: error }, `pages: could not render ${info.path}; sent as built`)
        return html
      }
    }
    return { info, html, render }
  })
  return { pages: sources, shell }
}
