import type { z } from 'zod'
import { findProduct } from '../../shared/catalogue'
import { CheckoutRequestSchema } from '../../shared/checkout'
import { limits } from '../../shared/limits'
import type { OrderLine } from '../db/schema'
import { checkoutMessages } from './checkout-texts'

export type PricedCheckout =
  | { ok: true; lines: OrderLine[]; totalCents: number; email: string | undefined }
  | { ok: false; status: 400 | 409; message: string }

/**
 * Checks a checkout request and prices it from the catalogue: the client's prices are only
 * compared, never charged. Every refusal carries one sentence a person can act on.
 */
export function priceCheckout(body: unknown): PricedCheckout {
  const parsed = CheckoutRequestSchema.safeParse(body)
  if (!parsed.success) {
    return { ok: false, status: 400, message: describeIssue(parsed.error.issues[0], body) }
  }

  const lines: OrderLine[] = []
  let priceChanged = false
  for (const item of parsed.data.items) {
    const product = findProduct(item.id)
    if (!product) return { ok: false, status: 400, message: checkoutMessages.unknownItem(item.id) }
    if (!product.available) return { ok: false, status: 400, message: checkoutMessages.membership }
    // Floating dollars from the client (14.99 * 100 = 1498.999...) compared within a hair of a cent.
    if (Math.abs(item.price * 100 - product.priceCents) > 1e-6) priceChanged = true

    // The same product on two lines is merged into one: the cart is a list of what to buy, and
    // one line per product keeps the order summary and the code numbering simple.
    const existing = lines.find((line) => line.productId === product.id)
    if (existing) existing.quantity += item.quantity
    else {
      lines.push({
        productId: product.id,
        name: product.name,
        unitCents: product.priceCents,
        quantity: item.quantity,
      })
    }
  }
  // Unknown items and memberships are reported before prices: refreshing would not fix them.
  if (priceChanged) return { ok: false, status: 409, message: checkoutMessages.priceChanged }
  const tooMany = lines.find((line) => line.quantity > limits.maxQuantityPerLine)
  if (tooMany)
    return { ok: false, status: 400, message: checkoutMessages.mergedQuantity(tooMany.name) }

  const totalCents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0)
  const email = parsed.data.email === '' ? undefined : parsed.data.email
  return { ok: true, lines, totalCents, email }
}

/** Turns the first schema issue into a sentence; zod's own wording is for developers. */
function describeIssue(issue: z.core.$ZodIssue | undefined, body: unknown): string {
  if (!issue) return checkoutMessages.notAnObject
  const [first, index, field] = issue.path
  if (first === undefined) return checkoutMessages.notAnObject
  if (first === 'email') return checkoutMessages.badEmail
  if (first !== 'items') return checkoutMessages.notAnObject
  if (index === undefined) {
    if (issue.code === 'too_small') return checkoutMessages.emptyCart
    if (issue.code === 'too_big') return checkoutMessages.tooManyLines
    // A missing items field is an empty cart; anything else there is not a list.
    const items = typeof body === 'object' && body !== null ? Reflect.get(body, 'items') : undefined
    return items === undefined || items === null
      ? checkoutMessages.emptyCart
      : checkoutMessages.itemsNotAList
  }
  switch (field) {
    case 'id':
      return checkoutMessages.badId
    case 'name':
      return checkoutMessages.badName
    case 'price':
      return checkoutMessages.badPrice
    case 'quantity':
      return checkoutMessages.badQuantity
    default:
      return checkoutMessages.lineNotAnObject
  }
}
