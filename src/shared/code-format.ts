/** The symbols a code is made of: no 0, O, 1, I or L, so nothing reads as another symbol. */
export const codeAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const codeLength = 10

/**
 * "ABCDE-FGHJK": how people see a code, whether it comes stored ("ABCDEFGHJK") or as someone
 * typed it ("abcde fghjk"). Anything that is not 10 symbols is shown as it is.
 */
export function formatCode(code: string): string {
  const symbols = code.replace(/[\s-]/g, '').toUpperCase()
  return symbols.length === codeLength ? `${symbols.slice(0, 5)}-${symbols.slice(5)}` : code
}

export type NormalizedCode =
  | { ok: true; code: string; anonymous: boolean }
  | { ok: false; reason: 'empty' | 'bad_length' | 'bad_symbol' }

/**
 * Reads a code as a person typed it at the kiosk: case, spaces and dashes do not matter, and a
 * trailing 0 (a symbol no code contains) asks for the gift to be shown as anonymous
 * (docs/product.md, "Anonymous gifts"). Only ASCII letters, digits, spaces and dashes are read:
 * a tab, or a letter that Unicode case folding would turn into code symbols ("ß" into "SS"),
 * is not a code, so one code has few spellings.
 */
export function normalizeCode(input: string): NormalizedCode {
  if (!/^[A-Za-z0-9 -]*$/.test(input)) return { ok: false, reason: 'bad_symbol' }
  let symbols = input.toUpperCase().replace(/[ -]+/g, '')
  if (symbols === '') return { ok: false, reason: 'empty' }
  let anonymous = false
  if (symbols.length === codeLength + 1 && symbols.endsWith('0')) {
    anonymous = true
    symbols = symbols.slice(0, -1)
  }
  if (symbols.length !== codeLength) return { ok: false, reason: 'bad_length' }
  for (const symbol of symbols) {
    if (!codeAlphabet.includes(symbol)) return { ok: false, reason: 'bad_symbol' }
  }
  return { ok: true, code: symbols, anonymous }
}
