import type { FastifyBaseLogger } from 'fastify'
import { comicPageData, movedComicSlug } from '../../core/comics/comic-page-data'
import type { Db } from '../../core/db/schema'
import { comicDataId, comicJsonLd, comicPageHead } from '../../shared/comic-page-view'
import { comicPath } from '../../shared/comics'
import { jsonLdScript } from '../../shared/events-json-ld'
import { pageHeadTags } from '../../shared/page-head'
import type { RenderPage } from '../../shared/page-rendering'
import type { PageInfo } from '../../shared/pages'
import { fillPageTemplate, type RenderedPage } from './page-template'
import type { ScheduleCache } from './schedule-cache'

/**
 * A comic's page, /comics/<slug> (docs/comics.md, "What fans see"), filled in its template
 * (scripts/prerender.ts) for each request: the comic's own head (title, description, canonical
 * address, picture), the page, its Person JSON-LD and the data the browser hydrates from. An
 * archived comic is 410 with the site's page; a comic's old address, 301 to their page now; no
 * such comic, undefined (the site's 404).
 */
export function comicPageRenderer(options: {
  info: PageInfo
  template: string
  /** The page's HTML as built without a comic: sent (500) when rendering fails. */
  fallback: string
  renderPage: RenderPage
  publicUrl: string
  db: Db
  schedule: ScheduleCache
  log: FastifyBaseLogger
}): (slug: string) => Promise<RenderedPage | undefined> {
  const { info, template, publicUrl } = options
  return async (slug) => {
    try {
      const snapshot = await options.schedule.get()
      const data = await comicPageData(options.db, slug, snapshot.events)
      if (!data) {
        const moved = await movedComicSlug(options.db, slug)
        return moved ? { status: 301, html: '', movedTo: comicPath(moved) } : undefined
      }
      const path = comicPath(slug)
      const appHtml = await options.renderPage(path, { comic: data })
      const head = pageHeadTags(comicPageHead(data), publicUrl)
      const jsonLd = data.state === 'found' ? jsonLdScript(comicJsonLd(data.comic, publicUrl)) : ''
      const html = fillPageTemplate(template, {
        info,
        path,
        head,
        appHtml,
        dataId: comicDataId,
        data,
        extraHead: jsonLd,
      })
      return { status: data.state === 'gone' ? 410 : 200, html }
    } catch (error) {
      options.log.error({ err: error }, `pages: could not render the comic page of ${slug}`)
      return { status: 500, html: options.fallback }
    }
  }
}
