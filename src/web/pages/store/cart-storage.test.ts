import { expect, test } from 'vitest'
import { limits } from '../../../shared/limits'
import { cartStorageKey, clearSavedCart, loadCart, parseSavedCart, saveCart } from './cart-storage'

test('a saved cart is read back as it was written', () => {
  saveCart([
    { id: 'ffr-10', quantity: 2 },
    { id: 'boosts-15', quantity: 1 },
  ])
  expect(loadCart()).toEqual([
    { id: 'ffr-10', quantity: 2 },
    { id: 'boosts-15', quantity: 1 },
  ])
})

test('nothing saved reads as an empty cart', () => {
  expect(loadCart()).toEqual([])
})

test('a corrupt saved value is dropped, not a crash', () => {
  for (const raw of ['{not json', 'null', '42', '"cart"', '{"lines":"ffr-10"}', '[]']) {
    localStorage.setItem(cartStorageKey, raw)
    expect(loadCart()).toEqual([])
  }
})

test('unknown products, memberships and malformed lines are dropped, the rest kept', () => {
  const raw = JSON.stringify({
    lines: [
      { id: 'ffr-10', quantity: 2 },
      { id: 'ffr-1000', quantity: 1 },
      { id: 'membership-1', quantity: 1 },
      { id: 'boosts-5', quantity: 0 },
      { id: 'boosts-5', quantity: 1.5 },
      { id: 'ffr-25', quantity: '3' },
      'boosts-15',
      null,
      { id: 'ffr-50', quantity: 1, price: 0.01, name: 'Free stuff' },
    ],
  })
  expect(parseSavedCart(raw)).toEqual([
    { id: 'ffr-10', quantity: 2 },
    // Only id and quantity are kept: name and price always come from the catalogue.
    { id: 'ffr-50', quantity: 1 },
  ])
})

test('saved quantities and line counts are brought back within the limits', () => {
  const raw = JSON.stringify({
    lines: [
      { id: 'ffr-10', quantity: 500 },
      { id: 'ffr-10', quantity: 3 },
      { id: 'boosts-5', quantity: 1 },
      { id: 'boosts-15', quantity: 1 },
    ],
  })
  expect(parseSavedCart(raw)).toEqual([
    { id: 'ffr-10', quantity: limits.maxQuantityPerLine },
    { id: 'boosts-5', quantity: 1 },
    { id: 'boosts-15', quantity: 1 },
  ])
  expect(parseSavedCart(raw, { maxQuantityPerLine: 10, maxCartLines: 2 })).toEqual([
    { id: 'ffr-10', quantity: 10 },
    { id: 'boosts-5', quantity: 1 },
  ])
})

test('saving an empty cart and clearing it remove the saved value', () => {
  saveCart([{ id: 'ffr-10', quantity: 1 }])
  saveCart([])
  expect(localStorage.getItem(cartStorageKey)).toBeNull()
  saveCart([{ id: 'ffr-10', quantity: 1 }])
  clearSavedCart()
  expect(localStorage.getItem(cartStorageKey)).toBeNull()
})

test('a storage that throws leaves the cart working in memory', () => {
  const broken = {
    getItem: () => {
      throw new Error('denied')
    },
    setItem: () => {
      throw new Error('quota')
    },
    removeItem: () => {
      throw new Error('denied')
    },
  }
  expect(loadCart(broken)).toEqual([])
  expect(() => saveCart([{ id: 'ffr-10', quantity: 1 }], broken)).not.toThrow()
})
