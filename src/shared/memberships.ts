import {
  findProduct,
  jokesAMonth,
  type MembershipTerms,
  type Perk,
  type ProductId,
  perkLines,
} from './catalogue'

/**
 * Memberships (docs/product.md, "Catalogue"): monthly support with boosts at every show, up to a
 * monthly allowance that refills at each renewal and does not carry over. Closed until the club
 * sets MEMBERSHIPS=open; the store then sells them, one at a time, outside the cart.
 */

export const tierIds = [
  'membership-1',
  'membership-2',
  'membership-3',
] as const satisfies readonly ProductId[]
export type TierId = (typeof tierIds)[number]

export interface TierRules extends MembershipTerms {
  /** Boosts a member code grants at one show, once. */
  boostsPerShow: number
  perks: readonly Perk[]
}

/** A tier's rules, read from its one declaration: its entry in the catalogue. */
function rulesOf(tier: TierId): TierRules {
  const product = findProduct(tier)
  if (!product?.membership) throw new Error(`The catalogue declares no membership ${tier}`)
  return { boostsPerShow: product.boosts, ...product.membership, perks: product.perks }
}

export const tierRules: Record<TierId, TierRules> = {
  'membership-1': rulesOf('membership-1'),
  'membership-2': rulesOf('membership-2'),
  'membership-3': rulesOf('membership-3'),
}

export function isTierId(value: string): value is TierId {
  return (tierIds as readonly string[]).includes(value)
}

/** A tier as a monthly line, as the pay page and the welcome page name it: "Tier 1 membership (monthly)". */
export function tierLineName(tier: TierId): string {
  return `${findProduct(tier)?.name ?? tier} membership (monthly)`
}

/** "5 boosts at every show, up to 50 a month; unused boosts do not carry over". */
export function tierBoostsSentence(tier: TierId): string {
  const rules = tierRules[tier]
  return `${rules.boostsPerShow} boosts at every show, up to ${rules.monthlyBoosts} a month; unused boosts do not carry over`
}

/**
 * Where a membership stands with its provider. `active`: paid up. `past_due`: a renewal failed;
 * the perks go on for `memberGraceMs`, then pause until the card is fixed. `ended`: cancelled
 * (at the end of the paid period, or at once), refunded or disputed.
 */
export const membershipStatuses = ['incomplete', 'active', 'past_due', 'ended'] as const
export type MembershipStatus = (typeof membershipStatuses)[number]

/**
 * "active", or "past_due (grace)" when where a membership stands (its standing, which the
 * operator's views carry) says more than the provider's status.
 */
export function membershipStatusText(member: { status: string; standing: string }): string {
  return member.standing === member.status ? member.status : `${member.status} (${member.standing})`
}

/** How long a member whose renewal failed keeps the perks before they pause. */
export const memberGraceMs = 3 * 24 * 60 * 60_000

/** A tier's perks besides its boosts, in words: ["2 custom jokes a month", "Line jump pass"]. */
export function tierPerkLines(tier: TierId): string[] {
  const rules = tierRules[tier]
  return [jokesAMonth(rules.jokesPerMonth), ...perkLines({ perks: rules.perks, membership: rules })]
}

/** The words of joining a membership from the store, shared by its screen, route and tests. */
export const membershipTexts = {
  join: 'Join',
  perMonth: ' / month',
  emailLabel: 'Email for your member code',
  joinSubmit: 'Continue to payment',
  closed: 'Memberships are not open yet.',
  badTier: 'Choose one of the membership tiers.',
  badEmail: 'Please enter a valid email address: your member code is mailed to it.',
  stripeNotReady: 'Memberships through Stripe are not set up yet.',
  alreadyMember: 'Already a member?',
  /** The link to the member page, from the store's card, the code's mail, the test checkout. */
  openMemberPage: 'Open your member page',
} as const

/** The attribute on a page's <html> that says the store sells memberships (MEMBERSHIPS=open). */
export const membershipsOpenAttribute = 'data-memberships'
