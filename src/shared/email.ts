import { hasControlCharacters } from './text'

/** The "simple address pattern" of checkout (docs/product.md, "Cart and checkout"): something@something.tld, no spaces. */
const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isSimpleEmail(value: string): boolean {
  return value.length <= 254 && simpleEmailPattern.test(value) && !hasControlCharacters(value)
}
