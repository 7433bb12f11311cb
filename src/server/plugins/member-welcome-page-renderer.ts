import type { FastifyBaseLogger } from 'fastify'
import {
  type MemberWelcomeData,
  memberWelcomeDataId,
  memberWelcomePath,
} from '../../shared/member-welcome'
import { pageHeadTags } from '../../shared/page-head'
import type { RenderPage } from '../../shared/page-rendering'
import type { PageInfo } from '../../shared/pages'
import { fillPageTemplate, type RenderedPage } from './page-template'

/**
 * The member's welcome page (src/shared/member-welcome.ts), filled in its template for the
 * membership the test checkout's pay route found paid (routes/membership-pay-routes.ts): the site's
 * layout, the page, and the data the browser hydrates from (the receipt only when it is given).
 * Kept out of search engines: it is one person's.
 */
export function memberWelcomePageRenderer(options: {
  info: PageInfo
  template: string
  /** The page's HTML as built without a membership: sent (500) when rendering fails. */
  fallback: string
  renderPage: RenderPage
  publicUrl: string
  log: FastifyBaseLogger
}): (data: MemberWelcomeData) => Promise<RenderedPage> {
  const { info, template, publicUrl } = options
  return async (data) => {
    try {
      const path = memberWelcomePath(data.subscription)
      const appHtml = await options.renderPage(path, { memberWelcome: data })
      const head = pageHeadTags(
        { url: path, title: info.title, description: info.description, noindex: true },
        publicUrl,
      )
      const html = fillPageTemplate(template, {
        info,
        path,
        head,
        appHtml,
        dataId: memberWelcomeDataId,
        data,
      })
      return { status: 200, html }
    } catch (error) {
      options.log.error({ err: error }, 'pages: could not render the member welcome page')
      return { status: 500, html: options.fallback }
    }
  }
}
