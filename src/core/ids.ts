import { randomInt } from 'node:crypto'
import { codeAlphabet, memberCodeLength, showCodeLength } from '../shared/code-format'

/**
 * Every id and code the store makes, in one place: which are random (and from a cryptographic
 * source, because knowing one must not tell another) and which are derived.
 */

/** Returns a whole number in [0, max): crypto.randomInt in production, a fixed list in tests. */
export type RandomInt = (max: number) => number

export const cryptoRandomInt: RandomInt = (max) => randomInt(max)

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A random base62 string, for ids nobody should guess (orders, checkout sessions). */
export function randomBase62(length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += base62[randomInt(base62.length)]
  return out
}

/** "ord_" and 20 base62 symbols (~119 bits). */
export function newOrderId(): string {
  return `ord_${randomBase62(20)}`
}

/** A fresh code, stored as 10 symbols without the dash (~49 bits). */
export function generateCode(random: RandomInt = cryptoRandomInt): string {
  let code = ''
  for (let i = 0; i < showCodeLength; i++) code += codeAlphabet[random(codeAlphabet.length)]
  return code
}

/** "mem_" and 20 base62 symbols: a membership's id. */
export function newMembershipId(): string {
  return `mem_${randomBase62(20)}`
}

/** A fresh member code, stored as 12 symbols without dashes (~59 bits); show codes have 10. */
export function generateMemberCode(random: RandomInt = cryptoRandomInt): string {
  let code = ''
  for (let i = 0; i < memberCodeLength; i++) code += codeAlphabet[random(codeAlphabet.length)]
  return code
}

const eventIdSymbols = 'abcdefghjkmnpqrstuvwxyz23456789'

/** A short id an operator can type: "evt-k3m9x2qa". */
export function newEventId(): string {
  let id = 'evt-'
  for (let i = 0; i < 8; i++) id += eventIdSymbols[randomInt(eventIdSymbols.length)]
  return id
}

/** A comic's id an operator can type: "cmc-k3m9x2qa". */
export function newComicId(): string {
  let id = 'cmc-'
  for (let i = 0; i < 8; i++) id += eventIdSymbols[randomInt(eventIdSymbols.length)]
  return id
}

/** A picture's id, in its URL: nobody lists pictures by guessing. */
export function newPictureId(): string {
  return randomBase62(16)
}

/** "regular-20261122T2200Z": the same slot always gets the same id, on every server. */
export function regularShowId(startsAt: Date): string {
  const stamp = startsAt.toISOString().replace(/[-:]/g, '').slice(0, 13)
  return `regular-${stamp}Z`
}

/**
 * The id of a code's redemption, in every kiosk answer that grants it (the first and each
 * repeat): a world grants at most once per id, however the code was spelled. A keyed hash of the
 * code, so the id tells nothing of the code and is the same on every server process; 12
 * base64url symbols (72 bits).
 */
export function redemptionId(keyedHash: (text: string) => string, code: string): string {
  return keyedHash(`redemption:${code}`).slice(0, 12)
}
