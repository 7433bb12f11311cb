import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The site's design tokens (src/shared/tokens.css), read once: the pages the server writes
 * itself (the test checkout) include them as they are, and the mails, whose clients know no CSS
 * variables, take their values. One source, so a change of colour reaches all three.
 */
export const tokensCss = fs.readFileSync(
  fileURLToPath(new URL('../../shared/tokens.css', import.meta.url)),
  'utf8',
)

/** Every `--name: value;` of the :root block, values with their line breaks folded. */
export const tokens: Readonly<Record<string, string>> = Object.fromEntries(
  [...tokensCss.matchAll(/(--[a-z0-9-]+):\s*([^;]+);/g)].map((match) => [
    match[1] ?? '',
    (match[2] ?? '').replace(/\s+/g, ' ').trim(),
  ]),
)

/** A token's value; throws for a name tokens.css does not define, so a typo fails the tests. */
export function token(name: string): string {
  const value = tokens[name]
  if (value === undefined) throw new Error(`tokens.css has no ${name}`)
  return value
}
