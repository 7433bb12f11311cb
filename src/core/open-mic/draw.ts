import { createHash, randomBytes } from 'node:crypto'

/**
 * The lottery's shuffle, deterministic from its seed so anyone can check a recorded draw: a
 * Fisher-Yates shuffle whose i-th random number is the first 6 bytes of
 * SHA-256("<seed>:<i>") as an integer, modulo the span (i = 0, 1, 2...). docs/comics.md
 * gives the same recipe.
 */
export function shuffleWithSeed<T>(items: readonly T[], seed: string): T[] {
  const out = [...items]
  for (let i = out.length - 1, draw = 0; i > 0; i--, draw++) {
    const digest = createHash('sha256').update(`${seed}:${draw}`).digest()
    const j = digest.readUIntBE(0, 6) % (i + 1)
    const a = out[i] as T
    out[i] = out[j] as T
    out[j] = a
  }
  return out
}

/** 128 random bits, as hex: a draw's seed, made when the lottery is set up and kept secret. */
export function newDrawSeed(): string {
  return randomBytes(16).toString('hex')
}

/**
 * What is published of a seed before its draw: SHA-256 of its hex text, in hex (what
 * `printf %s <seed> | sha256sum` prints), so the seed shown after the draw can be checked.
 */
export function drawSeedHash(seed: string): string {
  return createHash('sha256').update(seed).digest('hex')
}
