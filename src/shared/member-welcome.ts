import { isTierId, type TierId } from './memberships'
import { siteConfig } from './site-config'

/**
 * The member's welcome page, where a membership paid on the built-in test checkout lands
 * (docs/memberships.md, "Opening them"): rendered by the server for its address, inside the
 * site's layout, and hydrated from the same data. Its receipt rule: the paying browser's first
 * view carries the member code and the address it was mailed to; any later view neither.
 */

/** The id of the script element that carries the page's data (MemberWelcomeData). */
export const memberWelcomeDataId = 'member-welcome-data'

/** The page's address: the test checkout's pay page of the subscription, once it is paid. */
export function memberWelcomePath(subscription: string): string {
  return `/pay/membership/${encodeURIComponent(subscription)}`
}

/** What the page is rendered with. */
export interface MemberWelcomeData {
  /** The test checkout's subscription id, the last part of the page's address. */
  subscription: string
  tier: TierId
  /** The paying browser's first view only: the member code and where it was mailed. */
  receipt?: { code: string; email: string } | undefined
}

/** The page's words. */
export const memberWelcomeTexts = {
  heading: 'Welcome, member!',
  codeLabel: 'Your member code',
  mailed: (email: string) => `We have mailed it to ${email}.`,
  sentByMail:
    'We mailed your member code to the address you joined with. To see it again, sign in to your member page with that address.',
  howTo: `Type it at the kiosk in ${siteConfig.worldName} during each show; add a 0 at the end to give as an anonymous fan.`,
} as const

/** The page's data as the server put it in the HTML, or null when it is not that. */
export function readMemberWelcomeData(value: unknown): MemberWelcomeData | null {
  if (typeof value !== 'object' || value === null) return null
  const { subscription, tier, receipt } = value as Partial<Record<string, unknown>>
  if (typeof subscription !== 'string' || typeof tier !== 'string' || !isTierId(tier)) return null
  if (receipt === undefined) return { subscription, tier }
  const { code, email } = (receipt ?? {}) as Partial<Record<string, unknown>>
  if (typeof code !== 'string' || typeof email !== 'string') return null
  return { subscription, tier, receipt: { code, email } }
}
