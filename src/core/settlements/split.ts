import type { BoostCounts, PotRule, SettlementTerms } from '../../shared/settlements'

/**
 * The rules of the money (docs/comics.md, "Settling with the comics"), pure: no database, so each
 * rule is tested on its own. Every amount is integer cents; every division rounds down and every
 * cent a rounding leaves goes to the club, so the comics' lines plus the club's share are the
 * show's money, to the cent.
 */

/**
 * Splits `total` in proportion to `weights`, in whole cents that add up to `total`: each part
 * rounded down, then the cents left one each to the largest remainders (ties: the earlier part).
 */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (total <= 0 || sum <= 0) return weights.map(() => 0)
  const exact = weights.map((w) => (total * w) / sum)
  const shares = exact.map((x) => Math.floor(x))
  let left = total - shares.reduce((a, b) => a + b, 0)
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    shares[i] = (shares[i] ?? 0) + 1
    left--
  }
  return shares
}

/** One line of an order, as the value of its codes needs it. */
export interface PricedLine {
  productId: string
  /** The list price of the line: unit price × quantity. */
  listCents: number
  quantity: number
}

/**
 * What each code of an order is worth, by product: the money the order kept (paid, less what
 * was refunded; nothing once disputed) shared over its lines in proportion to their list prices
 * (largest remainder), then each line's share divided by its units, rounded down (the cents left
 * are the club's). An FFR 10 paid $14.99 is worth 1499 cents: its 5 boosts about $3.00 each.
 */
export function codeValues(keptCents: number, lines: readonly PricedLine[]): Map<string, number> {
  const shares = largestRemainder(
    Math.max(0, keptCents),
    lines.map((line) => line.listCents),
  )
  const byProduct = new Map<string, { cents: number; units: number }>()
  lines.forEach((line, i) => {
    const own = byProduct.get(line.productId) ?? { cents: 0, units: 0 }
    own.cents += shares[i] ?? 0
    own.units += line.quantity
    byProduct.set(line.productId, own)
  })
  const values = new Map<string, number>()
  for (const [productId, { cents, units }] of byProduct) {
    values.set(productId, units > 0 ? Math.floor(cents / units) : 0)
  }
  return values
}

/** Boosts credited to one comic (or to the pot) at a show, and what they were worth. */
export interface Credit extends BoostCounts {
  /** What the show codes' boosts were worth. */
  codeCents: number
  /** Member boosts that still count (their payment not refunded nor disputed). */
  valuedMemberBoosts: number
}

export function noCredit(): Credit {
  return {
    codeBoosts: 0,
    memberBoosts: 0,
    anonymousBoosts: 0,
    codeCents: 0,
    valuedMemberBoosts: 0,
  }
}

/** Everything a show's settlement is made from. */
export interface ShowCredit {
  /** What the show's orders kept: paid, less refunds, nothing for a dispute. */
  takenCents: number
  /** Member boosts granted at the show that still count, credited or not. */
  valuedMemberBoosts: number
  /** By comic id, in the order they first went on stage (then the bill's). */
  comics: Map<string, Credit>
  pot: Credit
  /** Who shares the pot: the comics who had a set, else the show's bill. */
  sharers: string[]
}

export interface SplitLine extends BoostCounts {
  comicId: string
  creditedCents: number
  /** What their member boosts that still count were worth, of creditedCents. */
  memberCents: number
  potCents: number
  owedCents: number
}

export interface ShowSplit {
  takenCents: number
  memberValueCents: number
  moneyCents: number
  pot: BoostCounts & { creditedCents: number; comicsCents: number; waitingCents: number }
  lines: SplitLine[]
  comicsCents: number
  clubCents: number
}

const creditedCents = (credit: Credit, terms: SettlementTerms) =>
  credit.codeCents + credit.valuedMemberBoosts * terms.memberBoostCents

/** The comics' share of `cents`, rounded down to the cent. */
const comicsShare = (cents: number, terms: SettlementTerms) =>
  Math.floor((cents * terms.sharePercent) / 100)

/** The pot's comics' share among the sharers, by the host's rule. */
function potShares(
  cents: number,
  sharers: readonly string[],
  own: (comicId: string) => number,
  rule: PotRule,
): number[] {
  const equal = sharers.map(() => 1)
  if (rule === 'equal') return largestRemainder(cents, equal)
  const weights = sharers.map(own)
  return largestRemainder(cents, weights.some((w) => w > 0) ? weights : equal)
}

/**
 * A show's settlement from its credit and the host's terms. Each comic is owed the comics' share
 * of what their own boosts were worth, rounded down to the cent, plus their part of the pot's:
 * the comics' share of the pot (rounded down) split among the sharers by the pot rule (largest
 * remainder). The club keeps the rest of the show's money: what no boost was given for, the
 * club's share and every cent rounding left. With nobody to share the pot (no sets, no bill), its
 * comics' share is not the club's: it waits for the show's lineup (`waitingCents`), and the show
 * cannot close until it has one.
 */
export function splitShow(credit: ShowCredit, terms: SettlementTerms): ShowSplit {
  const memberValueCents = credit.valuedMemberBoosts * terms.memberBoostCents
  const moneyCents = credit.takenCents + memberValueCents
  const potCredited = creditedCents(credit.pot, terms)
  const potShare = comicsShare(potCredited, terms)
  const potComics = credit.sharers.length > 0 ? potShare : 0
  const waitingCents = potShare - potComics
  const own = (comicId: string) => {
    const c = credit.comics.get(comicId)
    return c ? creditedCents(c, terms) : 0
  }
  const shares = potShares(potComics, credit.sharers, own, terms.potRule)
  const potOf = new Map(credit.sharers.map((id, i) => [id, shares[i] ?? 0]))
  const ids = [...new Set([...credit.comics.keys(), ...credit.sharers])]
  const lines = ids.map((comicId): SplitLine => {
    const c = credit.comics.get(comicId) ?? noCredit()
    const potCents = potOf.get(comicId) ?? 0
    return {
      comicId,
      codeBoosts: c.codeBoosts,
      memberBoosts: c.memberBoosts,
      anonymousBoosts: c.anonymousBoosts,
      creditedCents: own(comicId),
      memberCents: c.valuedMemberBoosts * terms.memberBoostCents,
      potCents,
      owedCents: comicsShare(own(comicId), terms) + potCents,
    }
  })
  const comicsCents = lines.reduce((sum, line) => sum + line.owedCents, 0)
  return {
    takenCents: credit.takenCents,
    memberValueCents,
    moneyCents,
    pot: {
      codeBoosts: credit.pot.codeBoosts,
      memberBoosts: credit.pot.memberBoosts,
      anonymousBoosts: credit.pot.anonymousBoosts,
      creditedCents: potCredited,
      comicsCents: potComics,
      waitingCents,
    },
    lines,
    comicsCents,
    clubCents: moneyCents - comicsCents - waitingCents,
  }
}
