/** Money is kept in whole cents everywhere; dollars appear only at the edges (API, screen). */
export type Cents = number

export function toDollars(cents: Cents): number {
  return cents / 100
}

/** The store's one currency, as payment providers write it: every price is in US dollars. */
export const storeCurrency = 'usd'

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: storeCurrency.toUpperCase(),
})

/** "$14.99": USD with two decimals, as the spec shows prices. */
export function formatUsd(cents: Cents): string {
  return usd.format(cents / 100)
}

/** "25", "25.5", "$25.50" dollars in cents; undefined when it is not an amount. */
export function parseDollars(text: string): Cents | undefined {
  const match = /^\$?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) return undefined
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
}
