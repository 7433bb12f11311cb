import { createContext, use } from 'react'
import { type ComicPageData, comicDataId, readComicPageData } from '../../../shared/comic-page-view'
import { readPageJson } from '../../components/page-json'

/**
 * The comic a comic's page was rendered with: given by the server's render (entry-server.tsx),
 * read back from the page's JSON in the browser, so hydration renders the same page. Only this
 * page's chunk reads the JSON; the site's entry knows nothing of it.
 */
export const ComicDataContext = createContext<ComicPageData | null>(null)

let fromDocument: ComicPageData | null | undefined

/** The page's comic, or null: a page the server did not render (the 404 page, say). */
export function useComicPageData(): ComicPageData | null {
  const rendered = use(ComicDataContext)
  if (rendered || typeof document === 'undefined') return rendered
  fromDocument ??= readPageJson(comicDataId, readComicPageData)
  return fromDocument
}
