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
