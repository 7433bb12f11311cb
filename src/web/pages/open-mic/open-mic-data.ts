import { createContext, use } from 'react'
import { openMicDataId } from '../../../shared/open-mic'
import type { OpenMicPublic } from '../../../shared/open-mic-api'
import { hasFields } from '../../../shared/shape'
import { readPageJson } from '../../components/page-json'

/**
 * The open mic its page was rendered with: given by the server's render (entry-server.tsx), read
 * back from the page's JSON in the browser, so hydration renders the same page.
 */
export const OpenMicDataContext = createContext<OpenMicPublic | null>(null)

/**
 * The page's own JSON, read back in the browser: its fields checked by hand, the rest as rendered
 * (zod would add 6 KB to the page's first load: docs/decisions/039-route-contracts.md).
 */
export function readOpenMicPageData(value: unknown): OpenMicPublic | null {
  if (!hasFields(value, pageFields)) return null
  const { runningOrder } = value as { runningOrder?: unknown }
  return Array.isArray(runningOrder) ? (value as unknown as OpenMicPublic) : null
}
const pageFields = {
  showId: 'string',
  showName: 'string',
  startsAt: 'string',
  slots: 'number',
  setMinutes: 'number',
  rule: 'string',
  open: 'boolean',
} as const

let fromDocument: OpenMicPublic | null | undefined

export function useOpenMicPageData(): OpenMicPublic | null {
  const rendered = use(OpenMicDataContext)
  if (rendered || typeof document === 'undefined') return rendered
  fromDocument ??= readPageJson(openMicDataId, readOpenMicPageData)
  return fromDocument
}
