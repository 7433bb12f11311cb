/**
 * C0 control characters (NUL among them) and DEL: never part of a name, an address or an id, and
 * PostgreSQL refuses NUL in text outright. Schemas reject them with a message instead of letting
 * them reach the database. `allowLineBreaks` keeps tabs and line breaks, for a message's text.
 */
export function hasControlCharacters(value: string, allowLineBreaks = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c === 0x7f) return true
    if (c < 0x20 && !(allowLineBreaks && (c === 0x09 || c === 0x0a || c === 0x0d))) return true
  }
  return false
}
