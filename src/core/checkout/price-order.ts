import type { z } from 'zod'
import { findProduct } from '../../shared/catalogue'
import type { CheckoutRequest } from '../../shared/checkout'
import { fanWordsTexts } from '../../shared/fan-words'
import { limits } from '../../shared/limits'
import type { OrderLine } from '../db/schema'
import { refuse } from '../refusal'
import { checkoutMessages } from './checkout-texts'

export interface PricedCheckout {
  lines: OrderLine[]
  totalCents: number
  email: string | undefined
}

/**
 * Prices a checkout request (CheckoutRequestSchema, parsed) from the catalogue: the client's
 * prices are only compared, never charged. A refusal carries one sentence a person can act on:
 * `invalid`, or `conflict` when the store's prices changed since the cart was filled.
 */
export function priceCheckout(request: CheckoutRequest): PricedCheckout {
  const lines: OrderLine[] = []
  let priceChanged = false
  for (const item of request.items) {
    const product = findProduct(item.id)
    if (!product) throw refuse.invalid(checkoutMessages.unknownItem(item.id))
    if (!product.available) throw refuse.invalid(checkoutMessages.membership)
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
  if (priceChanged) throw refuse.conflict(checkoutMessages.priceChanged)
  const tooMany = lines.find((line) => line.quantity > limits.maxQuantityPerLine)
  if (tooMany) throw refuse.invalid(checkoutMessages.mergedQuantity(tooMany.name))

  const totalCents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0)
  const email = request.email === '' ? undefined : request.email
  return { lines, totalCents, email }
}

/**
 * What a checkout request that CheckoutRequestSchema refuses answers: its first issue as a
 * sentence (zod's own wording is for developers).
 */
export function checkoutRequestSentence(error: z.core.$ZodError, body: unknown): string {
  const issue = error.issues[0]
  if (!issue) return checkoutMessages.notAnObject
  const [first, index, field] = issue.path
  if (first === undefined) return checkoutMessages.notAnObject
  if (first === 'email') return checkoutMessages.badEmail
  if (first === 'stageName') return fanWordsTexts.nameTooLong
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
