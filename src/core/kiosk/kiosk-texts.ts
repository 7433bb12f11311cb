import { type Product, perkWords } from '../../shared/catalogue'
import { memberCodeLength, showCodeLength } from '../../shared/code-format'
import { type TierId, tierRules } from '../../shared/memberships'

/**
 * The kiosk's answers (docs/kiosk.md): each fits the wrist panel, at most 100 characters, and
 * docs/kiosk.md's example answers are checked against them.
 */

/** "+25 boosts for the comic on stage! VIP perks unlocked! You're on the donor wall." */
export function grantedMessage(product: Product, anonymous: boolean): string {
  const to = anonymous ? 'the comic, from an anonymous fan' : 'the comic on stage'
  const perks = product.perks.map((perk) => ` ${perkWords[perk].unlocked}`).join('')
  return `+${product.boosts} boosts for ${to}!${perks}`
}

export const messages = {
  /** POST /api/codes/redeem with a body that is not `{ code }`. */
  sendCodeAsJson: 'Send the code as { "code": "ABCDE-FGH23" }.',
  yours: 'You already redeemed this code: enjoy the show!',
  alreadyRedeemed: 'This code was already used.',
  notFound: 'No such code. Check it and try again.',
  invalid: `That is not a code: a code has ${showCodeLength} letters and digits, a member code ${memberCodeLength}.`,
  expired: 'This code has expired: it was for an earlier show.',
  voided: 'This code was cancelled because its order was refunded.',
  rateLimited: (minutes: number) =>
    `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const

/** "+20 boosts for the comic on stage! Line jump and VIP on! 180 left this month." */
export function memberGrantedMessage(
  tier: TierId,
  boosts: number,
  anonymous: boolean,
  left: number,
): string {
  const to = anonymous ? 'the comic, from an anonymous member' : 'the comic on stage'
  const named = tierRules[tier].perks.map((perk) => perkWords[perk].name).join(' and ')
  const perks = named ? ` ${named[0]?.toUpperCase()}${named.slice(1)} on!` : ''
  return `+${boosts} boosts for ${to}!${perks} ${left > 0 ? left : 'None'} left this month.`
}

export const memberMessages = {
  alreadyRedeemed: 'Your member code already gave its boosts at this show: enjoy it!',
  allowanceUsed: "This month's member boosts are used up: they refill when your membership renews.",
  noShowNow: 'Member codes work during a show: try again when the next one starts.',
  paused: 'Your membership is paused: a payment failed. Update your card to use it again.',
  ended: 'This membership has ended.',
  incomplete: 'This membership is not active yet: its first payment has not arrived.',
} as const
