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

export interface Product {
  id: ProductId
  category: Category
  name: string
  priceCents: Cents
  /** Bullet lines shown on the card. */
  description: readonly string[]
  /** What one code of this product grants at the kiosk, in a short phrase. */
  grants: string
  image: string
  /** Memberships are listed but cannot be bought yet (spec section 6). */
  available: boolean
}

const donorWall = 'Donor wall mention'

/** The store's catalogue (spec section 3, the store's reading). The one list both sides use. */
export const catalogue: readonly Product[] = [
  {
    id: 'ffr-10',
    category: 'Fan Favorite Rewards',
    name: 'FFR 10',
    priceCents: 1499,
    description: ['5 boosts', donorWall],
    grants: '5 boosts, donor wall mention',
    image: '/images/products/ffr-10.svg',
    available: true,
  },
  {
    id: 'ffr-25',
    category: 'Fan Favorite Rewards',
    name: 'FFR 25',
    priceCents: 3499,
    description: ['10 boosts', donorWall],
    grants: '10 boosts, donor wall mention',
    image: '/images/products/ffr-25.svg',
    available: true,
  },
  {
    id: 'ffr-50',
    category: 'Fan Favorite Rewards',
    name: 'FFR 50',
    priceCents: 6969,
    description: ['25 boosts', 'VIP perks', donorWall],
    grants: '25 boosts, VIP perks, donor wall mention',
    image: '/images/products/ffr-50.svg',
    available: true,
  },
  {
    id: 'boosts-5',
    category: 'Boost Packages',
    name: '5 Boosts',
    priceCents: 499,
    description: ['5 boosts for the comic on stage'],
    grants: '5 boosts',
    image: '/images/products/boosts-5.svg',
    available: true,
  },
  {
    id: 'boosts-15',
    category: 'Boost Packages',
    name: '15 Boosts',
    priceCents: 1299,
    description: ['15 boosts for the comic on stage'],
    grants: '15 boosts',
    image: '/images/products/boosts-15.svg',
    available: true,
  },
  {
    id: 'membership-1',
    category: 'Memberships',
    name: 'Tier 1',
    priceCents: 2499,
    description: ['5 boosts per show', '50 boosts a month', '1 custom joke a month'],
    grants: '5 boosts per show, 50 a month, 1 custom joke a month',
    image: '/images/products/membership-1.svg',
    available: false,
  },
  {
    id: 'membership-2',
    category: 'Memberships',
    name: 'Tier 2',
    priceCents: 4999,
    description: [
      '10 boosts per show',
      '100 boosts a month',
      '2 custom jokes a month',
      'Line jump pass',
    ],
    grants: '10 boosts per show, 100 a month, 2 custom jokes a month, line jump pass',
    image: '/images/products/membership-2.svg',
    available: false,
  },
  {
    id: 'membership-3',
    category: 'Memberships',
    name: 'Tier 3',
    priceCents: 9999,
    description: [
      '20 boosts per show',
      '200 boosts a month',
      '5 custom jokes a month',
      'Line jump pass',
      'VIP status',
    ],
    grants: '20 boosts per show, 200 a month, 5 custom jokes a month, line jump pass, VIP status',
    image: '/images/products/membership-3.svg',
    available: false,
  },
]

const byId = new Map<string, Product>(catalogue.map((product) => [product.id, product]))

export function findProduct(id: string): Product | undefined {
  return byId.get(id)
}

export function productsIn(category: Category): Product[] {
  return catalogue.filter((product) => product.category === category)
}

/** "FFR 10: 5 boosts, donor wall mention": the description a code carries. */
export function codeDescription(product: Product): string {
  return `${product.name}: ${product.grants}`
}
