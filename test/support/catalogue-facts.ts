// What a text claims about a product against its catalogue entry, for the tests of every place that
// describes one.
import { type Perk, type Product, perks, perkWords } from '../../src/shared/catalogue'

/**
 * What a text says about a product that its one declaration (its catalogue entry) does not:
 * a perk it claims without having it, or leaves out though it has it. A perk is named by any of
 * its words (perkWords), in any case.
 */
export function perkMismatches(declared: readonly Perk[], text: string): string[] {
  const lower = text.toLowerCase()
  return perks.flatMap((perk) => {
    const { name, line, memberLine } = perkWords[perk]
    const named = [name, line, memberLine].some(
      (word) => word && lower.includes(word.toLowerCase()),
    )
    if (named === declared.includes(perk)) return []
    return [named ? `claims ${perk}, which it does not have` : `leaves out ${perk}`]
  })
}

/**
 * The same for the lines that describe a product (a store card's, a carousel slide's, a mail's):
 * its perks, and every number in them is one the declaration holds (boosts, and a membership's
 * boosts a month and jokes a month) and each of those is said.
 */
export function lineMismatches(product: Product, lines: string[]): string[] {
  const text = lines.join('\n')
  const declared = new Set([
    product.boosts,
    ...(product.membership
      ? [product.membership.monthlyBoosts, product.membership.jokesPerMonth]
      : []),
  ])
  const said = new Set([...text.matchAll(/\d+/g)].map((match) => Number(match[0])))
  const numbers = [
    ...[...said].filter((n) => !declared.has(n)).map((n) => `says ${n}, which it does not hold`),
    ...[...declared].filter((n) => !said.has(n)).map((n) => `leaves out ${n}`),
  ]
  const speaksOfJokes = /\bjokes?\b/i.test(text)
  const jokes =
    speaksOfJokes === Boolean(product.membership)
      ? []
      : [speaksOfJokes ? 'speaks of jokes, which it does not give' : 'leaves out the jokes']
  return [...numbers, ...jokes, ...perkMismatches(product.perks, text)].map(
    (problem) => `${product.name}: ${problem}`,
  )
}
