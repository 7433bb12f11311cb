import { escapeHtml } from '../../shared/escape-html'
import { scriptSafeJson } from '../../shared/events-json-ld'
import type { pageHeadTags } from '../../shared/page-head'
import { renderMarkers } from '../../shared/page-rendering'
import type { PageInfo } from '../../shared/pages'

/** A page rendered for one request: its status and HTML. */
export interface RenderedPage {
  status: number
  html: string
  /** The page is at another address now (a comic's old slug): 301 there instead. */
  movedTo?: string
}

/**
 * A page rendered for one address (a comic's, an open mic's) put in its built template: its own
 * head, the address entry-client.tsx hydrates, the page's HTML, and the data the browser hydrates from
 * as JSON under `dataId` (after `extraHead`, such as JSON-LD).
 */
export function fillPageTemplate(
  template: string,
  page: {
    info: PageInfo
    path: string
    head: ReturnType<typeof pageHeadTags>
    appHtml: string
    dataId: string
    data: unknown
    extraHead?: string
  },
): string {
  const { head } = page
  return (
    template
      .replace(renderMarkers.head, () => `${head.title}\n    ${head.description}\n    ${head.tags}`)
      // entry-client.tsx hydrates the HTML rendered for the address it is at.
      .replace(`data-route="${page.info.path}"`, () => `data-route="${escapeHtml(page.path)}"`)
      .replace(renderMarkers.app, () => page.appHtml)
      .replace(
        renderMarkers.data,
        () =>
          `${page.extraHead ?? ''}<script type="application/json" id="${page.dataId}">${scriptSafeJson(page.data)}</script>`,
      )
  )
}
