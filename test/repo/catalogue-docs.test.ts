// The documents that state the catalogue say what its entries declare: docs/product.md's table and
// its list of membership card lines, docs/memberships.md's table of tiers. A tier or a perk changed
// in src/shared/catalogue.ts, and not in the documents, fails here, naming the row.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { catalogue, grantLines, type Product, perkWords } from '../../src/shared/catalogue'
import { formatUsd } from '../../src/shared/money'

const root = fileURLToPath(new URL('../..', import.meta.url))
const read = (doc: string) => readFileSync(`${root}/${doc}`, 'utf8')

/** The rows of the first table under `heading`, each as its cells (trimmed, no backquotes). */
function tableUnder(markdown: string, heading: string): string[][] {
  const lines = (markdown.split(heading)[1] ?? '').split('\n')
  const start = lines.findIndex((line) => line.startsWith('|'))
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'))
  return lines.slice(start + 2, end).map((row) =>
    row
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim().replace(/`/g, '')),
  )
}

/** A product's perks as the documents name them: "line jump, VIP". */
const perkNames = (product: Product) => product.perks.map((perk) => perkWords[perk].name).join(', ')

const memberships = catalogue.filter((product) => product.membership)

test("docs/product.md's catalogue table is the catalogue: ids, names, prices, boosts, perks, on sale", () => {
  const rows = tableUnder(read('docs/product.md'), '\n## Catalogue\n')
  const expected = catalogue.map((product) => [
    product.id,
    product.category,
    product.name,
    formatUsd(product.priceCents),
    product.membership ? `${product.boosts} per show` : `${product.boosts}`,
    perkNames(product),
    product.available ? 'yes' : 'no',
  ])
  expect(rows).toEqual(expected)
})

test("docs/product.md lists each membership card's lines after its boosts per show", () => {
  const catalogueSection = read('docs/product.md').split('\n## Catalogue\n')[1] ?? ''
  const bullet = catalogueSection
    .split('\n- ')
    .find((item) => item.includes('Membership cards list'))
  const text = (bullet ?? '').replace(/\s*\n\s*/g, ' ')
  const said = Object.fromEntries(
    [...text.matchAll(/(Tier \d)((?:,? "[^"]+")+)/g)].map(([, tier, quoted]) => [
      tier,
      [...(quoted ?? '').matchAll(/"([^"]+)"/g)].map((match) => match[1]),
    ]),
  )
  expect(said).toEqual(
    Object.fromEntries(memberships.map((product) => [product.name, grantLines(product).slice(1)])),
  )
})

test("docs/memberships.md's table of tiers is the catalogue's memberships", () => {
  const rows = tableUnder(read('docs/memberships.md'), '# Memberships, for the club\n')
  expect(rows).toEqual(
    memberships.map((product) => [
      product.name,
      formatUsd(product.priceCents),
      `${product.boosts}`,
      `${product.membership?.monthlyBoosts}`,
      `${product.membership?.jokesPerMonth}`,
      perkNames(product),
    ]),
  )
})
