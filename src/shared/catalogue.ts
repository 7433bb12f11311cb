import type { Cents } from './money'

export const categories = ['Fan Favorite Rewards', 'Boost Packages', 'Memberships'] as const
export type Category = (typeof categories)[number]

export const productIds = [
  'ffr-10',
  'ffr-25',
  'ffr-50',
  'boosts-5',
  'boosts-15',
  'membership-1',
  'membership-2',
  'membership-3',
] as const
export type ProductId = (typeof productIds)[number]

/**
 * What a code or a membership unlocks in the world besides boosts: the one vocabulary, the words
 * of the kiosk's `perks` list (docs/kiosk.md).
 */
export const perks = ['line_jump', 'vip', 'donor_wall'] as const
export type Perk = (typeof perks)[number]

/** A membership's terms besides its boosts per show (the product's `boosts`). */
export interface MembershipTerms {
  /** The most a member code grants in one billing period; unused boosts do not carry over. */
  monthlyBoosts: number
  /** Custom jokes the member may send the host in one billing period. */
  jokesPerMonth: number
}

export interface Product {
  id: ProductId
  category: Category
  name: string
  priceCents: Cents
  /** Boosts one code grants at the kiosk (a membership: per show). */
  boosts: number
  /** What the kiosk grants with the boosts (a membership: at each show). */
  perks: readonly Perk[]
  /** A membership tier's terms: set on the Memberships alone. */
  membership?: MembershipTerms
  image: string
  /** Memberships are listed but cannot be bought yet (docs/product.md, "Catalogue"). */
  available: boolean
}

/**
 * The store's catalogue (docs/product.md, "Catalogue"). The one list both sides use, and the one
 * declaration of each membership tier: the store's cards, the landing carousel, the kiosk, the
 * member's mail and the docs' tables all say what these entries say (catalogue-facts tests).
 */
export const catalogue: readonly Product[] = [
  {
    id: 'ffr-10',
    category: 'Fan Favorite Rewards',
    name: 'FFR 10',
    priceCents: 1499,
    boosts: 5,
    perks: ['donor_wall'],
    image: '/images/products/ffr-10.svg',
    available: true,
  },
  {
    id: 'ffr-25',
    category: 'Fan Favorite Rewards',
    name: 'FFR 25',
    priceCents: 3499,
    boosts: 10,
    perks: ['donor_wall'],
    image: '/images/products/ffr-25.svg',
    available: true,
  },
  {
    id: 'ffr-50',
    category: 'Fan Favorite Rewards',
    name: 'FFR 50',
    priceCents: 6969,
    boosts: 25,
    perks: ['vip', 'donor_wall'],
    image: '/images/products/ffr-50.svg',
    available: true,
  },
  {
    id: 'boosts-5',
    category: 'Boost Packages',
    name: '5 Boosts',
    priceCents: 499,
    boosts: 5,
    perks: [],
    image: '/images/products/boosts-5.svg',
    available: true,
  },
  {
    id: 'boosts-15',
    category: 'Boost Packages',
    name: '15 Boosts',
    priceCents: 1299,
    boosts: 15,
    perks: [],
    image: '/images/products/boosts-15.svg',
    available: true,
  },
  {
    id: 'membership-1',
    category: 'Memberships',
    name: 'Tier 1',
    priceCents: 2499,
    boosts: 5,
    perks: [],
    membership: { monthlyBoosts: 50, jokesPerMonth: 1 },
    image: '/images/products/membership-1.svg',
    available: false,
  },
  {
    id: 'membership-2',
    category: 'Memberships',
    name: 'Tier 2',
    priceCents: 4999,
    boosts: 10,
    perks: ['line_jump'],
    membership: { monthlyBoosts: 100, jokesPerMonth: 2 },
    image: '/images/products/membership-2.svg',
    available: false,
  },
  {
    id: 'membership-3',
    category: 'Memberships',
    name: 'Tier 3',
    priceCents: 9999,
    boosts: 20,
    perks: ['line_jump', 'vip'],
    membership: { monthlyBoosts: 200, jokesPerMonth: 5 },
    image: '/images/products/membership-3.svg',
    available: false,
  },
]

interface PerkWords {
  /** Inside a sentence: "Line jump and VIP on!", and the docs' tables. */
  name: string
  /** A line of a store card: "Donor wall mention". */
  line: string
  /** A membership card's line, where the spec words it otherwise (Tier 3's "VIP status"). */
  memberLine?: string
  /** The kiosk's answer to a show code that grants it. */
  unlocked: string
}

/** Each perk in words: the one table every screen, mail, answer and document takes them from. */
export const perkWords: Record<Perk, PerkWords> = {
  line_jump: { name: 'line jump', line: 'Line jump pass', unlocked: 'Line jump pass unlocked!' },
  vip: {
    name: 'VIP',
    line: 'VIP perks',
    memberLine: 'VIP status',
    unlocked: 'VIP perks unlocked!',
  },
  donor_wall: {
    name: 'donor wall',
    line: 'Donor wall mention',
    unlocked: "You're on the donor wall.",
  },
}

/** "1 custom joke a month", "5 custom jokes a month". */
export function jokesAMonth(jokes: number): string {
  return `${jokes} custom joke${jokes === 1 ? '' : 's'} a month`
}

/** A product's perks as its card lists them. */
export function perkLines(product: Pick<Product, 'perks' | 'membership'>): string[] {
  return product.perks.map((perk) => {
    const words = perkWords[perk]
    return (product.membership && words.memberLine) || words.line
  })
}

/**
 * The lines a store card lists: ["10 boosts", "Donor wall mention"], a membership's
 * ["10 boosts per show", "100 boosts a month", "2 custom jokes a month", "Line jump pass"].
 */
export function grantLines(product: Product): string[] {
  if (product.membership) {
    const { monthlyBoosts, jokesPerMonth } = product.membership
    return [
      `${product.boosts} boosts per show`,
      `${monthlyBoosts} boosts a month`,
      jokesAMonth(jokesPerMonth),
      ...perkLines(product),
    ]
  }
  const boosts =
    product.category === 'Boost Packages'
      ? `${product.boosts} boosts for the comic on stage`
      : `${product.boosts} boosts`
  return [boosts, ...perkLines(product)]
}

/** A card's line inside a phrase: "donor wall mention", but "VIP perks" keeps its capitals. */
function inPhrase(line: string): string {
  const [first = '', ...rest] = line.split(' ')
  return first === first.toUpperCase() ? line : [first.toLowerCase(), ...rest].join(' ')
}

/** "5 boosts, donor wall mention": what one code grants, in a phrase. */
export function grantsPhrase(product: Product): string {
  return [`${product.boosts} boosts`, ...perkLines(product).map(inPhrase)].join(', ')
}

const byId = new Map<string, Product>(catalogue.map((product) => [product.id, product]))

export function findProduct(id: string): Product | undefined {
  return byId.get(id)
}

export function productsIn(category: Category): Product[] {
  return catalogue.filter((product) => product.category === category)
}

/**
 * A member as the stream names them when no name is shown: by their tier as the store names it,
 * "a Tier 3 member" (docs/decisions/050-one-name-per-tier.md). One name per tier everywhere.
 */
export function tierMemberWords(tier: string): string {
  const name = findProduct(tier)?.membership ? findProduct(tier)?.name : undefined
  return name ? `a ${name} member` : 'a member'
}

/** "FFR 10: 5 boosts, donor wall mention": the description a code carries. */
export function codeDescription(product: Product): string {
  return `${product.name}: ${grantsPhrase(product)}`
}
