import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../core/clock'
import type { Db } from '../../core/db/schema'
import { showPageData } from '../../core/shows/show-page-data'
import { jsonLdScript } from '../../shared/events-json-ld'
import { pageHeadTags } from '../../shared/page-head'
import type { RenderPage } from '../../shared/page-rendering'
import type { PageInfo } from '../../shared/pages'
import { showPath } from '../../shared/schedule'
import { showJsonLd } from '../../shared/show-json-ld'
import { showDataId, showPageHead } from '../../shared/show-page-view'
import { fillPageTemplate, type RenderedPage } from './page-template'
import type { ScheduleCache } from './schedule-cache'

/**
 * A show's page, /shows/<id> (docs/decisions/048-a-page-for-every-show.md), filled in its template for each request: the show's own
 * head (title, description, canonical address, its card), the page, its ComedyEvent JSON-LD and
 * the data the browser hydrates from. A removed show is 410 with the next show; no such show,
 * undefined (the site's 404).
 */
export function showPageRenderer(options: {
  info: PageInfo
  template: string
  /** The page's HTML as built without a show: sent (500) when rendering fails. */
  fallback: string
  renderPage: RenderPage
  publicUrl: string
  db: Db
  clock: Clock
  schedule: ScheduleCache
  log: FastifyBaseLogger
}): (showId: string) => Promise<RenderedPage | undefined> {
  const { info, template, publicUrl } = options
  return async (showId) => {
    try {
      const served = await options.schedule.get()
      const data = await showPageData(options.db, showId, options.clock.now(), served)
      if (!data) return undefined
      const path = showPath(showId)
      const appHtml = await options.renderPage(path, { show: data })
      const head = pageHeadTags(showPageHead(data), publicUrl)
      const jsonLd = data.state === 'found' ? jsonLdScript(showJsonLd(data, publicUrl)) : ''
      const html = fillPageTemplate(template, {
        info,
        path,
        head,
        appHtml,
        dataId: showDataId,
        data,
        extraHead: jsonLd,
      })
      return { status: data.state === 'gone' ? 410 : 200, html }
    } catch (error) {
      options.log.error({ err: error }, `pages: could not render the show page of ${showId}`)
      return { status: 500, html: options.fallback }
    }
  }
}
