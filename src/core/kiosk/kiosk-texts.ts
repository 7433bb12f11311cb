import { type Product, perkWords } from '../../shared/catalogue'
import { memberCodeLength, showCodeLength } from '../../shared/code-format'
import { potWords } from '../../shared/comics'
import { type TierId, tierRules } from '../../shared/memberships'

/**
 * The kiosk's answers (docs/kiosk.md): each fits the wrist panel, at most 100 characters, and
 * docs/kiosk.md's example answers are checked against them.
 */

/** The wrist panel's line: a granting message never runs longer. */
export const maxMessageLength = 100

/**
 * Whom a grant was for, in the message: the comic's stage name when someone was on stage ("Sam"),
 * cut with "…" when the whole line would pass 100 characters (the spec's "the comic on stage",
 * "the comic" for an anonymous gift, when too little of it would be left); with nobody on stage
 * the show's pot, "tonight's comics". `rest` is the line's length without the name.
 */
function forWhom(comic: string, anonymous: boolean, rest: number): string {
  if (!comic) return potWords.forWhom
  const generic = anonymous ? 'the comic' : 'the comic on stage'
  const room = maxMessageLength - rest
  const letters = [...comic]
  if (letters.length <= room) return comic
  // A name cut to a few letters says nothing: the spec's words then.
  if (room < 8) return generic
  return `${letters
    .slice(0, room - 1)
    .join('')
    .trimEnd()}…`
}

/**
 * An anonymous gift says so: "+25 boosts for Sam, from an anonymous fan!"; to the pot, shorter so
 * the longest line still fits: "+25 anonymous boosts for tonight's comics!".
 */
function whose(anonymous: boolean, comic: string, giver: 'fan' | 'member') {
  if (!anonymous) return { boosts: 'boosts', from: '' }
  return comic
    ? { boosts: 'boosts', from: `, from an anonymous ${giver}` }
    : { boosts: 'anonymous boosts', from: '' }
}

/**
 * "+25 boosts for Sam! VIP perks unlocked! You're on the donor wall."; with nobody on stage
 * (`comic` empty) the pot's "+25 boosts for tonight's comics! ...".
 */
export function grantedMessage(product: Product, anonymous: boolean, comic = ''): string {
  const { boosts, from } = whose(anonymous, comic, 'fan')
  const perks = product.perks.map((perk) => ` ${perkWords[perk].unlocked}`).join('')
  const line = (to: string) => `+${product.boosts} ${boosts} for ${to}${from}!${perks}`
  return line(forWhom(comic, anonymous, line('').length))
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

/**
 * "+20 boosts for Sam! Line jump and VIP on! 180 left this month."; with nobody on stage the
 * pot's "+20 boosts for tonight's comics! ...".
 */
export function memberGrantedMessage(
  tier: TierId,
  boosts: number,
  anonymous: boolean,
  left: number,
  comic = '',
): string {
  const { boosts: words, from } = whose(anonymous, comic, 'member')
  const named = tierRules[tier].perks.map((perk) => perkWords[perk].name).join(' and ')
  const perks = named ? ` ${named[0]?.toUpperCase()}${named.slice(1)} on!` : ''
  const line = (to: string) =>
    `+${boosts} ${words} for ${to}${from}!${perks} ${left > 0 ? left : 'None'} left this month.`
  return line(forWhom(comic, anonymous, line('').length))
}

export const memberMessages = {
  alreadyRedeemed: 'Your member code already gave its boosts at this show: enjoy it!',
  allowanceUsed: "This month's member boosts are used up: they refill when your membership renews.",
  noShowNow: 'Member codes work during a show: try again when the next one starts.',
  paused: 'Your membership is paused: a payment failed. Update your card to use it again.',
  ended: 'This membership has ended.',
  incomplete: 'This membership is not active yet: its first payment has not arrived.',
} as const
