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

/** What a code can unlock in the world besides boosts, as the kiosk's `perks` list names them. */
export const perks = ['vip', 'donor_wall'] as const
export type Perk = (typeof perks)[number]

export interface Product {
  id: ProductId
  category: Category
  name: string
  priceCents: Cents
  /** Boosts one code grants at the kiosk (a membership: per show). */
  boosts: number
  perks: readonly Perk[]
  /** A membership's lines besides its boosts per show; nothing the kiosk grants. */
  extras?: readonly string[]
  image: string
  /** Memberships are listed but cannot be bought yet (docs/product.md, "Catalogue"). */
  available: boolean
}

/** The store's catalogue (docs/product.md, "Catalogue"). The one list both sides use. */
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
    extras: ['50 boosts a month', '1 custom joke a month'],
    image: '/images/products/membership-1.svg',
    available: false,
  },
  {
    id: 'membership-2',
    category: 'Memberships',
    name: 'Tier 2',
    priceCents: 4999,
    boosts: 10,
    perks: [],
    extras: ['100 boosts a month', '2 custom jokes a month', 'Line jump pass'],
    image: '/images/products/membership-2.svg',
    available: false,
  },
  {
    id: 'membership-3',
    category: 'Memberships',
    name: 'Tier 3',
    priceCents: 9999,
    boosts: 20,
    perks: ['vip'],
    extras: ['200 boosts a month', '5 custom jokes a month', 'Line jump pass'],
    image: '/images/products/membership-3.svg',
    available: false,
  },
]

const perkLines: Record<Perk, string> = {
  vip: 'VIP perks',
  donor_wall: 'Donor wall mention',
}

/** The lines a store card lists: ["10 boosts", "Donor wall mention"]. From boosts and perks. */
export function grantLines(product: Product): string[] {
  const boosts =
    product.category === 'Memberships'
      ? `${product.boosts} boosts per show`
      : product.category === 'Boost Packages'
        ? `${product.boosts} boosts for the comic on stage`
        : `${product.boosts} boosts`
  return [boosts, ...(product.extras ?? []), ...product.perks.map((perk) => perkLines[perk])]
}

/** "5 boosts, donor wall mention": what one code grants, in a phrase. */
export function grantsPhrase(product: Product): string {
  const perkPhrases = product.perks.map((perk) =>
    perk === 'vip' ? perkLines.vip : perkLines[perk].toLowerCase(),
  )
  return [`${product.boosts} boosts`, ...perkPhrases].join(', ')
}

const byId = new Map<string, Product>(catalogue.map((product) => [product.id, product]))

export function findProduct(id: string): Product | undefined {
  return byId.get(id)
}

export function productsIn(category: Category): Product[] {
  return catalogue.filter((product) => product.category === category)
}

/** "FFR 10: 5 boosts, donor wall mention": the description a code carries. */
export function codeDescription(product: Product): string {
  return `${product.name}: ${grantsPhrase(product)}`
}
