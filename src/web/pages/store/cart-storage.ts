import { findProduct } from '../../../shared/catalogue'
import { limits } from '../../../shared/limits'
import { hasFields } from '../../../shared/shape'
import type { CartLimits, CartLine } from './cart'

/** Bump the suffix if the saved shape ever changes; an old value is then simply ignored. */
export const cartStorageKey = 'punchline.cart.v1'

/** A saved line as it must look: an id and a whole quantity of at least 1 (checked by hand, see api/answers.ts). */
function isSavedLine(value: unknown): value is { id: string; quantity: number } {
  return (
    hasFields(value, { id: 'string', quantity: 'number' }) &&
    Number.isInteger(value.quantity) &&
    Number(value.quantity) >= 1
  )
}

/** Only the subset of Storage the cart needs, so tests and private-mode browsers fit. */
type CartStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function browserStorage(): CartStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    // Storage disabled by the browser's settings: the cart then lives for the page only.
    return null
  }
}

/**
 * Reads the saved cart. Whatever cannot be trusted is dropped rather than crashing the store:
 * corrupt JSON, a wrong shape, unknown or unavailable products, and lines beyond the limits.
 */
export function parseSavedCart(raw: string | null, caps: CartLimits = limits): CartLine[] {
  if (raw === null) return []
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return []
  }
  const saved =
    typeof json === 'object' && json !== null ? (json as { lines?: unknown }).lines : undefined
  if (!Array.isArray(saved)) return []
  const lines: CartLine[] = []
  for (const entry of saved) {
    if (!isSavedLine(entry)) continue
    const product = findProduct(entry.id)
    if (!product?.available || lines.some((kept) => kept.id === product.id)) continue
    if (lines.length >= caps.maxCartLines) break
    lines.push({
      id: product.id,
      quantity: Math.min(entry.quantity, caps.maxQuantityPerLine),
    })
  }
  return lines
}

export function loadCart(storage: CartStorage | null = browserStorage()): CartLine[] {
  try {
    return parseSavedCart(storage?.getItem(cartStorageKey) ?? null)
  } catch {
    return []
  }
}

export function saveCart(
  lines: readonly CartLine[],
  storage: CartStorage | null = browserStorage(),
): void {
  try {
    if (lines.length === 0) storage?.removeItem(cartStorageKey)
    else storage?.setItem(cartStorageKey, JSON.stringify({ lines }))
  } catch {
    // Quota or privacy mode: the cart still works on this page, it just is not remembered.
  }
}

/** Empties the saved cart once the codes of a purchase are on screen. */
export function clearSavedCart(storage: CartStorage | null = browserStorage()): void {
  saveCart([], storage)
}
