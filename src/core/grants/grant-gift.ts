import { findProduct, perkWords } from '../../shared/catalogue'
import { potWords } from '../../shared/comics'
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
 * code or an email. A fan's: "A fan gave 10 boosts to Sam (FFR 25)", a boost pack's without its
 * name, which would say the boosts again ("A fan gave 5 boosts to Sam"); a member's: "A VIP
 * member gave 20 boosts to Sam", or the name the member chose ("Robin, a VIP member, gave 20
 * boosts to Sam") unless the gift was anonymous; "to tonight's comics" when it went to the pot.
 * Without `sayWhom`, the line leaves out whom (the comic's own panel: every gift on it is theirs).
 */
export function giftOf(grant: GrantFacts, { sayWhom = true } = {}): LiveGift {
  const { giver, boosts, anonymous } = grant
  const product = giver.kind === 'fan' ? giver.product : giver.tier
  const productName = findProduct(product)?.name ?? product
  const comic = grant.comic ? giftComic(grant.comic.name) : ''
  const toComic = sayWhom ? ` to ${comic || potWords.forWhom}` : ''
  let from: string
  let text: string
  if (giver.kind === 'fan') {
    from = anonymous ? 'an anonymous fan' : 'a fan'
    const pack = findProduct(product)?.category === 'Boost Packages'
    text = `${capitalized(from)} gave ${boosts} boosts${toComic}${pack ? '' : ` (${productName})`}`
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
