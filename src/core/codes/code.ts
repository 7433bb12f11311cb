import { randomInt } from 'node:crypto'

/** The symbols a code is made of: no 0, O, 1, I or L, so nothing reads as another symbol. */
export const codeAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const codeLength = 10

/** Returns a whole number in [0, max): crypto.randomInt in production, a fixed list in tests. */
export type RandomInt = (max: number) => number

export const cryptoRandomInt: RandomInt = (max) => randomInt(max)

/** A fresh code, stored as 10 symbols without the dash (~49 bits from a cryptographic source). */
export function generateCode(random: RandomInt = cryptoRandomInt): string {
  let code = ''
  for (let i = 0; i < codeLength; i++) code += codeAlphabet[random(codeAlphabet.length)]
  return code
}

/** "ABCDE-FGHJK": how people see a stored code. */
export function formatCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

export type NormalizedCode =
  | { ok: true; code: string; anonymous: boolean }
  | { ok: false; reason: 'empty' | 'bad_length' | 'bad_symbol' }

/**
 * Reads a code as a person typed it at the kiosk: case, spaces and dashes do not matter, and a
 * trailing 0 (a symbol no code contains) asks for the gift to be shown as anonymous.
 */
export function normalizeCode(input: string): NormalizedCode {
  let symbols = input.toUpperCase().replace(/[\s-]+/g, '')
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
