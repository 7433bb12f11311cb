import { findProduct, tierMemberWords } from '../../shared/catalogue'
import { cleanFanMessage, cleanStageName } from '../../shared/fan-words'
import { giftSentence } from '../../shared/gift-sentence'
import type { LiveGift } from '../../shared/live'
import { isShownState } from '../../shared/moderation'
import type { GiftEvent } from '../../shared/stage'
import type { GrantFacts } from './grant'

/** A comic's stage name in a gift's line is cut to this: the feed stays under 2 KB. */
const maxComicInGift = 32

/** The stage name as a gift carries it: whole when short, else cut with "…". */
function giftComic(name: string): string {
  const letters = [...name]
  if (letters.length <= maxComicInGift) return name
  return `${letters
    .slice(0, maxComicInGift - 1)
    .join('')
    .trimEnd()}…`
}

/**
 * A grant as a gift on every screen (the live feed, the stream, the overlay, the board): never a
 * code or an email. Its sentence is the one every place shows (giftSentence): the name the fan
 * or member gave ("Sam gave 10 boosts to Rosa"), else "A fan", "A Tier 3 member", "An anonymous
 * fan"; to the pot, "to tonight's comics"; its message only once it may be shown (shown at once, or
 * approved by the host). Without `sayWhom`, the sentence leaves out whom (the comic's own panel:
 * every gift on it is theirs).
 */
export function giftOf(grant: GrantFacts, { sayWhom = true } = {}): LiveGift {
  const { giver, boosts, anonymous } = grant
  const product = giver.kind === 'fan' ? giver.product : giver.tier
  const productName = findProduct(product)?.name ?? product
  const comic = grant.comic ? giftComic(grant.comic.name) : ''
  const name = anonymous ? '' : cleanStageName(giver.name ?? '')
  // A member by their tier's name, the one the store shows: "A Tier 3 member gave ...".
  const kind = giver.kind === 'fan' ? 'a fan' : tierMemberWords(giver.tier)
  const from = name || (anonymous ? `an anonymous ${giver.kind}` : kind)
  const message =
    grant.message && isShownState(grant.message.state) ? cleanFanMessage(grant.message.text) : ''
  const words = { name, from, boosts, comic, message }
  return {
    product,
    productName,
    boosts,
    anonymous,
    name,
    from,
    message,
    at: grant.at.toISOString(),
    comic,
    text: giftSentence(words, { whom: sayWhom }),
  }
}

/** A VIP member's grant, or a product whose perks include VIP. */
function isVip({ giver }: GrantFacts): boolean {
  const product = giver.kind === 'fan' ? giver.product : giver.tier
  return findProduct(product)?.perks.includes('vip') ?? false
}

/** The stage stream's `gift` event of a grant, with the show's running total. */
export function giftEventOf(grant: GrantFacts, totalBoosts: number): GiftEvent {
  return {
    ...giftOf(grant),
    showId: grant.showId,
    member: grant.giver.kind === 'member',
    vip: isVip(grant),
    totalBoosts,
  }
}
