import { createContext, use } from 'react'
import { readShowPageData, type ShowPageData, showDataId } from '../../../shared/show-page-view'
import { readPageJson } from '../../components/page-json'

/**
 * The show a show's page was rendered with: given by the server's render (entry-server.tsx), read
 * back from the page's JSON in the browser, so hydration renders the same page. Only this page's
 * chunk reads the JSON.
 */
export const ShowDataContext = createContext<ShowPageData | null>(null)

let fromDocument: ShowPageData | null | undefined

/** The page's show, or null: a page the server did not render (the 404 page, say). */
export function useShowPageData(): ShowPageData | null {
  const rendered = use(ShowDataContext)
  if (rendered || typeof document === 'undefined') return rendered
  fromDocument ??= readPageJson(showDataId, readShowPageData)
  return fromDocument
}
