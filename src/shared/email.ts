import { hasControlCharacters } from './text'

/** The "simple address pattern" of spec section 5: something@something.tld, no spaces. */
const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isSimpleEmail(value: string): boolean {
  return value.length <= 254 && simpleEmailPattern.test(value) && !hasControlCharacters(value)
}
