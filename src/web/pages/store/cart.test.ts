import { expect, test } from 'vitest'
import { catalogue, findProduct, type ProductId } from '../../../shared/catalogue'
import { limits } from '../../../shared/limits'
import { texts } from '../../../shared/texts'
import {
  addBlockReason,
  type CartAction,
  type CartLine,
  type CartState,
  cartItemCount,
  cartReducer,
  cartTotalCents,
  initialCartState,
  makeCartReducer,
  pricedLines,
  toCheckoutItems,
} from './cart'

function run(actions: CartAction[], from: CartState = initialCartState): CartState {
  return actions.reduce(cartReducer, from)
}

function withLines(lines: CartLine[], error: string | null = null): CartState {
  return { lines, error, restored: true }
}

function product(id: ProductId) {
  const found = findProduct(id)
  if (!found) throw new Error(`no product ${id}`)
  return found
}

test('adding a product not in the cart adds it with quantity 1', () => {
  const state = run([{ type: 'add', id: 'ffr-10' }])
  expect(state.lines).toEqual([{ id: 'ffr-10', quantity: 1 }])
})

test('adding a product already in the cart raises its quantity by 1', () => {
  const state = run([
    { type: 'add', id: 'ffr-10' },
    { type: 'add', id: 'boosts-5' },
    { type: 'add', id: 'ffr-10' },
  ])
  expect(state.lines).toEqual([
    { id: 'ffr-10', quantity: 2 },
    { id: 'boosts-5', quantity: 1 },
  ])
})

test('plus and minus change the quantity by 1', () => {
  const start = withLines([{ id: 'ffr-25', quantity: 3 }])
  expect(run([{ type: 'increment', id: 'ffr-25' }], start).lines).toEqual([
    { id: 'ffr-25', quantity: 4 },
  ])
  expect(run([{ type: 'decrement', id: 'ffr-25' }], start).lines).toEqual([
    { id: 'ffr-25', quantity: 2 },
  ])
})

test('minus at quantity 1 removes the line', () => {
  const start = withLines([
    { id: 'ffr-25', quantity: 1 },
    { id: 'boosts-15', quantity: 2 },
  ])
  expect(run([{ type: 'decrement', id: 'ffr-25' }], start).lines).toEqual([
    { id: 'boosts-15', quantity: 2 },
  ])
})

test('the remove control deletes the whole line whatever its quantity', () => {
  const start = withLines([
    { id: 'ffr-50', quantity: 7 },
    { id: 'boosts-5', quantity: 1 },
  ])
  expect(run([{ type: 'remove', id: 'ffr-50' }], start).lines).toEqual([
    { id: 'boosts-5', quantity: 1 },
  ])
})

test('plus on a product that is not in the cart does nothing', () => {
  expect(run([{ type: 'increment', id: 'ffr-10' }]).lines).toEqual([])
})

test('memberships cannot be added', () => {
  for (const membership of catalogue.filter((candidate) => !candidate.available)) {
    expect(run([{ type: 'add', id: membership.id }]).lines).toEqual([])
    expect(addBlockReason([], membership)).toBe(texts.comingSoon)
  }
})

test('unknown products cannot be added', () => {
  expect(run([{ type: 'add', id: 'ffr-1000' }]).lines).toEqual([])
})

test('a line stops at the maximum quantity and says why', () => {
  const max = limits.maxQuantityPerLine
  const start = withLines([{ id: 'ffr-10', quantity: max - 1 }])
  const full = run([{ type: 'add', id: 'ffr-10' }], start)
  expect(full.lines).toEqual([{ id: 'ffr-10', quantity: max }])
  expect(addBlockReason(full.lines, product('ffr-10'))).toBe(texts.maxQuantityReached(max))
  expect(run([{ type: 'add', id: 'ffr-10' }], full).lines).toEqual(full.lines)
  expect(run([{ type: 'increment', id: 'ffr-10' }], full).lines).toEqual(full.lines)
  expect(addBlockReason(start.lines, product('ffr-10'))).toBeNull()
})

test('the cart stops at the maximum number of lines and says why', () => {
  // The real catalogue has fewer buyable products than the real limit, so use a smaller one.
  const caps = { maxQuantityPerLine: limits.maxQuantityPerLine, maxCartLines: 2 }
  const reducer = makeCartReducer(caps)
  const adds: CartAction[] = [
    { type: 'add', id: 'ffr-10' },
    { type: 'add', id: 'boosts-5' },
  ]
  const full = adds.reduce(reducer, initialCartState)
  expect(addBlockReason(full.lines, product('ffr-25'), caps)).toBe(texts.cartFull(2))
  expect(reducer(full, { type: 'add', id: 'ffr-25' }).lines).toEqual(full.lines)
  // The limit counts lines, not units: a product already in the cart can still be raised.
  expect(addBlockReason(full.lines, product('ffr-10'), caps)).toBeNull()
  expect(reducer(full, { type: 'add', id: 'ffr-10' }).lines).toEqual([
    { id: 'ffr-10', quantity: 2 },
    { id: 'boosts-5', quantity: 1 },
  ])
})

test('line totals and the cart total are whole cents', () => {
  const lines: CartLine[] = [
    { id: 'ffr-50', quantity: 3 },
    { id: 'boosts-5', quantity: 2 },
  ]
  expect(pricedLines(lines).map((line) => line.lineTotalCents)).toEqual([3 * 6969, 2 * 499])
  expect(cartTotalCents(lines)).toBe(3 * 6969 + 2 * 499)
  expect(cartTotalCents([])).toBe(0)
  expect(cartItemCount(lines)).toBe(5)
})

test('checkout items carry catalogue names and prices in dollars', () => {
  expect(toCheckoutItems([{ id: 'ffr-10', quantity: 2 }])).toEqual([
    { id: 'ffr-10', name: 'FFR 10', price: 14.99, quantity: 2 },
  ])
})

test('every cart change clears the current error', () => {
  const failed = withLines([{ id: 'ffr-10', quantity: 2 }], 'Failed to initiate checkout')
  const changes: CartAction[] = [
    { type: 'add', id: 'boosts-5' },
    { type: 'increment', id: 'ffr-10' },
    { type: 'decrement', id: 'ffr-10' },
    { type: 'remove', id: 'ffr-10' },
    { type: 'clear' },
  ]
  for (const change of changes) expect(cartReducer(failed, change).error).toBeNull()
})

test('an error is kept until a cart change or dismissing it', () => {
  const failed = cartReducer(withLines([{ id: 'ffr-10', quantity: 1 }]), {
    type: 'fail',
    message: 'Checkout Error: boom',
  })
  expect(failed.error).toBe('Checkout Error: boom')
  expect(failed.lines).toEqual([{ id: 'ffr-10', quantity: 1 }])
  expect(cartReducer(failed, { type: 'dismissError' }).error).toBeNull()
})

test('restoring a saved cart replaces the lines and marks the cart as read', () => {
  const state = cartReducer(initialCartState, {
    type: 'restore',
    lines: [{ id: 'boosts-15', quantity: 4 }],
  })
  expect(state).toEqual({ lines: [{ id: 'boosts-15', quantity: 4 }], error: null, restored: true })
})
