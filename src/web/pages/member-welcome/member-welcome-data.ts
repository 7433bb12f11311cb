import { createContext, use, useEffect, useState } from 'react'
import {
  type MemberWelcomeData,
  memberWelcomeDataId,
  readMemberWelcomeData,
} from '../../../shared/member-welcome'
import { readPageJson } from '../../components/page-json'

/**
 * The membership the welcome page was rendered with: given by the server's render
 * (entry-server.tsx), read back from the page's JSON in the browser, so hydration renders the
 * same page. Only this page's chunk reads the JSON.
 */
export const MemberWelcomeDataContext = createContext<MemberWelcomeData | null>(null)

let fromDocument: MemberWelcomeData | null | undefined

/**
 * The receipt is the first view's alone, in this tab too: once the page is left (the header's
 * Store, say), coming back to it (the back button) shows what the server's later views show.
 */
function forgetReceipt(): void {
  if (fromDocument?.receipt) fromDocument = { ...fromDocument, receipt: undefined }
}

/** The page's membership, or null: a page the server did not render for this address. */
export function useMemberWelcomeData(): MemberWelcomeData | null {
  const rendered = use(MemberWelcomeDataContext)
  // Read once per visit of the page, so the page keeps what it showed while it is open.
  const [data] = useState(() => {
    if (rendered || typeof document === 'undefined') return rendered
    fromDocument ??= readPageJson(memberWelcomeDataId, readMemberWelcomeData)
    return fromDocument
  })
  useEffect(() => forgetReceipt, [])
  return data
}
