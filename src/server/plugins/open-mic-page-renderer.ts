import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../core/clock'
import type { Db } from '../../core/db/schema'
import { findOpenMic, openMicPublic } from '../../core/open-mic/open-mics'
import { findEvent } from '../../core/schedule/events'
import { jsonLdScript } from '../../shared/events-json-ld'
import { openMicDataId, openMicPageHead, openMicPath } from '../../shared/open-mic'
import { pageHeadTags } from '../../shared/page-head'
import type { RenderPage } from '../../shared/page-rendering'
import type { PageInfo } from '../../shared/pages'
import { openMicJsonLd } from '../../shared/site-json-ld'
import { fillPageTemplate, type RenderedPage } from './page-template'

/**
 * An open mic's page, /open-mic/<show> (docs/comics.md, "Open mics"), filled in its template for
 * each request: its own head, the page, and the open mic's public data (names and planned times,
 * never an address, a VRChat name or a note) the browser hydrates from. A show that is not an open
 * mic: undefined (the site's 404).
 */
export function openMicPageRenderer(options: {
  info: PageInfo
  template: string
  fallback: string
  renderPage: RenderPage
  publicUrl: string
  db: Db
  clock: Clock
  log: FastifyBaseLogger
}): (showId: string) => Promise<RenderedPage | undefined> {
  const { info, template, publicUrl, db } = options
  return async (showId) => {
    try {
      if (showId.length > 100) return undefined
      const show = await findEvent(db, showId)
      const row = show ? await findOpenMic(db, show.id) : undefined
      if (!show || !row) return undefined
      const data = await openMicPublic(db, row, show, options.clock.now())
      const path = openMicPath(show.id)
      const appHtml = await options.renderPage(path, { openMic: data })
      const head = pageHeadTags(openMicPageHead(data), publicUrl)
      const html = fillPageTemplate(template, {
        info,
        path,
        head,
        appHtml,
        dataId: openMicDataId,
        data,
        extraHead: jsonLdScript(openMicJsonLd(data, publicUrl)),
      })
      return { status: 200, html }
    } catch (error) {
      options.log.error({ err: error }, `pages: could not render the open-mic page of ${showId}`)
      return { status: 500, html: options.fallback }
    }
  }
}
