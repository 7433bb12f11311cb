import { findProduct, perkWords } from '../../shared/catalogue'
import type { LiveGift } from '../../shared/live'
import type { GiftEvent } from '../../shared/stage'
import type { GrantFacts } from './grant'

/** A comic's stage name in a gift's line is cut to this: the feed stays under 2 KB. */
const maxComicInGift = 32
/** A member's chosen name, as the stage display may show it: one short line, nothing hidden. */
const maxNameLength = 32

/** The stage name as a gift carries it: whole when short, else cut with "…". */
function giftComic(name: string): string {
  const letters = [...name]
  if (letters.length <= maxComicInGift) return name
  return `${letters
    .slice(0, maxComicInGift - 1)
    .join('')
    .trimEnd()}…`
}

function shownName(displayName: string | null): string {
  const name = (displayName ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
  return [...name].slice(0, maxNameLength).join('').trim()
}

const capitalized = (words: string) => `${words[0]?.toUpperCase()}${words.slice(1)}`

/**
 * A grant as a gift on every screen (the live feed, the stream, the overlay, the board): never a
 * code or an email. A fan's: "A fan gave 10 boosts to Sam (FFR 25)"; a member's: "A VIP member
 * gave 20 boosts to Sam", or the name the member chose ("Robin, a VIP member, gave 20 boosts to
 * Sam") unless the gift was anonymous; without " to Sam" when it went to the show's pot.
 */
export function giftOf(grant: GrantFacts): LiveGift {
  const { giver, boosts, anonymous } = grant
  const product = giver.kind === 'fan' ? giver.product : giver.tier
  const productName = findProduct(product)?.name ?? product
  const comic = grant.comic ? giftComic(grant.comic.name) : ''
  const toComic = comic ? ` to ${comic}` : ''
  let from: string
  let text: string
  if (giver.kind === 'fan') {
    from = anonymous ? 'an anonymous fan' : 'a fan'
    text = `${capitalized(from)} gave ${boosts} boosts${toComic} (${productName})`
  } else {
    const kind = isVip(grant) ? `a ${perkWords.vip.name} member` : 'a member'
    const name = anonymous ? '' : shownName(giver.name)
    from = anonymous ? 'an anonymous member' : name || kind
    text = `${name ? `${name}, ${kind},` : capitalized(from)} gave ${boosts} boosts${toComic}`
  }
  return { product, productName, boosts, anonymous, from, at: grant.at.toISOString(), comic, text }
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
