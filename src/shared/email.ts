import { hasControlCharacters } from './text'

/** The longest address there is (RFC 5321's path limit less its brackets). */
export const emailMaxLength = 254

/** The "simple address pattern" of checkout (docs/product.md, "Cart and checkout"): something@something.tld, no spaces. */
const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The one email rule: every form, schema and command checks an address with it. */
export function isSimpleEmail(value: string): boolean {
  return (
    value.length <= emailMaxLength && simpleEmailPattern.test(value) && !hasControlCharacters(value)
  )
}
