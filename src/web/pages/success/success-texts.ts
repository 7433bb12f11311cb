import { siteConfig } from '../../../shared/site-config'

const { worldName, worldApp } = siteConfig

/**
 * The success page's words around the codes (the spec's are in texts.ts): the show, and how to
 * redeem them. A `{name}` slot is an element the page puts in (fillSlots).
 */
export const successTexts = {
  show: 'For {show}, {startsAt}.',
  redeemJoin: `Join ${worldName} in ${worldApp} during the show.`,
  redeemEnter: 'Walk up to the kiosk and enter a code. Dashes, spaces and capitals do not matter.',
  redeemAnonymous:
    'To give anonymously, add a 0 at the end of the code (for example {example}): your gift then shows as from an anonymous fan.',
  validity:
    'Codes are valid for this show only, until three hours after it starts, and are not transferable. If you gave an email address at checkout, we sent them there too.',
} as const
