import { siteConfig } from '../../../shared/site-config'

const { worldApp } = siteConfig

/**
 * The success page's words around the codes (the spec's are in texts.ts, how to redeem in
 * shared/world.ts): the show, each code's state, and a purchase with no codes to come. A `{name}`
 * slot is an element the page puts in (fillSlots).
 */
export const successTexts = {
  show: 'For {show}, {startsAt}.',
  /** The same start in the visitor's own time zone, when it is not Central. */
  yourTime: (time: string) => `Your time: ${time}`,
  startsIn: (span: string) => `Starts in ${span}`,
  startsSoon: 'Starts in less than a minute',
  onNow: `On now: join in ${worldApp}`,
  over: 'This show is over',
  addToCalendar: 'Add to calendar',
  stateUnused: 'Ready to redeem',
  stateRedeemed: (when: string) => `Redeemed ${when}`,
  stateRedeemedNow: 'Redeemed',
  stateVoided: 'Voided: this code no longer works',
  stateExpired: 'Expired: its show is over',
  redeemAnonymous:
    'To give anonymously, add a 0 at the end of the code (for example {example}): your gift then shows as from an anonymous fan.',
  validity:
    'Codes are valid for this show only, until three hours after it starts, and are not transferable. If you gave an email address at checkout, we sent them there too.',
  /** The order's summary: "Order 7F3KQZ", its lines, what was paid. */
  orderHeading: (reference: string) => `Order ${reference}`,
  paid: 'Paid',
  /** A purchase made without an address. */
  noEmailHeading: 'No email address was given',
  noEmail:
    'These codes are only on this page: if you close it, they are gone. Keep this page open, write them down, or have them mailed to you.',
  emailLabel: 'Your email address',
  emailMe: 'Email me these codes',
  /** A refunded, disputed or expired checkout: the server's sentence says which, once. */
  endedHeading: 'No codes for this purchase',
} as const

/** "2 days 4 hours", "3 hours 12 minutes", "12 minutes": what is left until a moment. */
export function spanInWords(ms: number): string {
  const minutes = Math.floor(ms / 60_000)
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const mins = minutes % 60
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day')
  if (hours > 0)
    return mins > 0 ? `${unit(hours, 'hour')} ${unit(mins, 'minute')}` : unit(hours, 'hour')
  return unit(mins, 'minute')
}
