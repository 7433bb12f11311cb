import { createContext, use } from 'react'
import { type OpenMicPublic, openMicDataId, readOpenMicPageData } from '../../../shared/open-mic'
import { readPageJson } from '../../components/page-json'

/**
 * The open mic its page was rendered with: given by the server's render (entry-server.tsx), read
 * back from the page's JSON in the browser, so hydration renders the same page.
 */
export const OpenMicDataContext = createContext<OpenMicPublic | null>(null)

let fromDocument: OpenMicPublic | null | undefined

export function useOpenMicPageData(): OpenMicPublic | null {
  const rendered = use(OpenMicDataContext)
  if (rendered || typeof document === 'undefined') return rendered
  fromDocument ??= readPageJson(openMicDataId, readOpenMicPageData)
  return fromDocument
}
