import { expect, test } from 'vitest'
import { orderName, orderReference } from './order-reference'

test("an order's reference is the first six symbols of its random id, in capitals", () => {
  expect(orderReference('ord_7f3KqZ0aBcDeFgHiJkLm')).toBe('7F3KQZ')
  expect(orderName('ord_7f3KqZ0aBcDeFgHiJkLm')).toBe('Order 7F3KQZ')
  // An id without a prefix (older test data) still gives six symbols.
  expect(orderReference('abcdefgh')).toBe('ABCDEF')
})
