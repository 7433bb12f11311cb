/** The symbols a code is made of: no 0, O, 1, I or L, so nothing reads as another symbol. */
export const codeAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
/** A show code's symbols. */
export const showCodeLength = 10
/** A member code's symbols: more than a show code's, so the kiosk tells them apart by length. */
export const memberCodeLength = 12

/** Which kind of code the symbols are: a show's (10 symbols) or a membership's (12). */
export type CodeKind = 'show' | 'member'

/**
 * How people see a code, whether it comes stored ("ABCDEFGHJK") or as someone typed it
 * ("abcde fghjk"): a show code "ABCDE-FGHJK", a member code "ABCD-EFGH-JKMN". Anything that is
 * neither length is shown as it is.
 */
export function formatCode(code: string): string {
  const symbols = code.replace(/[\s-]/g, '').toUpperCase()
  if (symbols.length === showCodeLength) return `${symbols.slice(0, 5)}-${symbols.slice(5)}`
  if (symbols.length === memberCodeLength) {
    return `${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}`
  }
  return code
}

export type NormalizedCode =
  | { ok: true; code: string; anonymous: boolean; kind: CodeKind }
  | { ok: false; reason: 'empty' | 'bad_length' | 'bad_symbol' }

/**
 * Reads a code as a person typed it at the kiosk: case, spaces and dashes do not matter, and a
 * trailing 0 (a symbol no code contains) asks for the gift to be shown as anonymous
 * (docs/product.md, "Anonymous gifts"). The length says the kind: 10 symbols a show code, 12 a
 * member code. Only ASCII letters, digits, spaces and dashes are read: a tab, or a letter that
 * Unicode case folding would turn into code symbols ("ß" into "SS"), is not a code, so one code
 * has few spellings.
 */
export function normalizeCode(input: string): NormalizedCode {
  if (!/^[A-Za-z0-9 -]*$/.test(input)) return { ok: false, reason: 'bad_symbol' }
  let symbols = input.toUpperCase().replace(/[ -]+/g, '')
  if (symbols === '') return { ok: false, reason: 'empty' }
  let anonymous = false
  if (symbols.endsWith('0')) {
    anonymous = true
    symbols = symbols.slice(0, -1)
  }
  const kind = kindOfLength(symbols.length)
  if (!kind) return { ok: false, reason: 'bad_length' }
  for (const symbol of symbols) {
    if (!codeAlphabet.includes(symbol)) return { ok: false, reason: 'bad_symbol' }
  }
  return { ok: true, code: symbols, anonymous, kind }
}

function kindOfLength(length: number): CodeKind | undefined {
  if (length === showCodeLength) return 'show'
  return length === memberCodeLength ? 'member' : undefined
}

/** Where a code stands: not used yet, redeemed at the kiosk, voided by a refund, or past its show. */
export const codeStates = ['unused', 'redeemed', 'voided', 'expired'] as const
export type CodeState = (typeof codeStates)[number]
