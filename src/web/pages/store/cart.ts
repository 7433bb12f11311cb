import { findProduct, type Product, type ProductId } from '../../../shared/catalogue'
import type { CheckoutItem } from '../../../shared/checkout'
import { limits } from '../../../shared/limits'
import { type Cents, toDollars } from '../../../shared/money'
import { texts } from '../../../shared/texts'

/** A cart line keeps only what the buyer chose; name and price are always read from the catalogue. */
export interface CartLine {
  id: ProductId
  quantity: number
}

/** The cart and the store's current error live together, so "any cart change clears the error" is one rule. */
export interface CartState {
  lines: readonly CartLine[]
  error: string | null
  /** False until the saved cart has been read; the pre-rendered page starts with an empty cart. */
  restored: boolean
}

export type CartChange =
  | { type: 'add'; id: string }
  | { type: 'increment'; id: string }
  | { type: 'decrement'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'clear' }

export type CartAction =
  | CartChange
  | { type: 'restore'; lines: readonly CartLine[] }
  | { type: 'fail'; message: string }
  | { type: 'dismissError' }

export const initialCartState: CartState = { lines: [], error: null, restored: false }

/** The caps a cart enforces; the shop's own are in `limits`, tests may pass smaller ones. */
export interface CartLimits {
  maxQuantityPerLine: number
  maxCartLines: number
}

/** Why a product cannot be added (or raised by one) right now, or null when it can. */
export function addBlockReason(
  lines: readonly CartLine[],
  product: Product,
  caps: CartLimits = limits,
): string | null {
  if (!product.available) return texts.comingSoon
  const line = lines.find((candidate) => candidate.id === product.id)
  if (line) {
    return line.quantity >= caps.maxQuantityPerLine
      ? texts.maxQuantityReached(caps.maxQuantityPerLine)
      : null
  }
  return lines.length >= caps.maxCartLines ? texts.cartFull(caps.maxCartLines) : null
}

function changeLines(
  lines: readonly CartLine[],
  change: CartChange,
  caps: CartLimits,
): readonly CartLine[] {
  switch (change.type) {
    case 'add':
    case 'increment': {
      const product = findProduct(change.id)
      if (!product || addBlockReason(lines, product, caps) !== null) return lines
      if (!lines.some((line) => line.id === product.id)) {
        // Plus only acts on a line that exists; adding is what creates one.
        if (change.type === 'increment') return lines
        return [...lines, { id: product.id, quantity: 1 }]
      }
      return lines.map((line) =>
        line.id === product.id ? { ...line, quantity: line.quantity + 1 } : line,
      )
    }
    case 'decrement':
      return lines.flatMap((line) => {
        if (line.id !== change.id) return [line]
        return line.quantity <= 1 ? [] : [{ ...line, quantity: line.quantity - 1 }]
      })
    case 'remove':
      return lines.filter((line) => line.id !== change.id)
    case 'clear':
      return []
  }
}

export function makeCartReducer(caps: CartLimits) {
  return (state: CartState, action: CartAction): CartState => {
    switch (action.type) {
      case 'restore':
        return { ...state, lines: action.lines, restored: true }
      case 'fail':
        return { ...state, error: action.message }
      case 'dismissError':
        return { ...state, error: null }
      default:
        // Any cart change clears the current error (docs/product.md, "Cart and checkout").
        return { ...state, lines: changeLines(state.lines, action, caps), error: null }
    }
  }
}

export const cartReducer = makeCartReducer(limits)

export interface PricedLine {
  product: Product
  quantity: number
  lineTotalCents: Cents
}

/** The lines with their product and total in cents; a line whose product vanished is skipped. */
export function pricedLines(lines: readonly CartLine[]): PricedLine[] {
  return lines.flatMap((line) => {
    const product = findProduct(line.id)
    if (!product) return []
    return [
      { product, quantity: line.quantity, lineTotalCents: product.priceCents * line.quantity },
    ]
  })
}

export function cartTotalCents(lines: readonly CartLine[]): Cents {
  return pricedLines(lines).reduce((total, line) => total + line.lineTotalCents, 0)
}

export function cartItemCount(lines: readonly CartLine[]): number {
  return lines.reduce((count, line) => count + line.quantity, 0)
}

/** The checkout request's items: the API takes prices in dollars, echoed only to be checked. */
export function toCheckoutItems(lines: readonly CartLine[]): CheckoutItem[] {
  return pricedLines(lines).map(({ product, quantity }) => ({
    id: product.id,
    name: product.name,
    price: toDollars(product.priceCents),
    quantity,
  }))
}
