import { expect, test } from 'vitest'
import { shuffle } from './shuffle'

function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

test('a shuffle keeps every item exactly once and leaves the input alone', () => {
  const items = [1, 2, 3, 4, 5, 6, 7, 8]
  const shuffled = shuffle(items, seeded(7))
  expect([...shuffled].sort((a, b) => a - b)).toEqual(items)
  expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
})

test('different random sources give different orders', () => {
  const items = [1, 2, 3, 4, 5, 6, 7, 8]
  const orders = new Set([1, 2, 3, 4, 5].map((seed) => shuffle(items, seeded(seed)).join(',')))
  expect(orders.size).toBeGreaterThan(1)
})

test('a random source that always answers 0 rotates the list by the Fisher-Yates rule', () => {
  expect(shuffle(['a', 'b', 'c'], () => 0)).toEqual(['b', 'c', 'a'])
})
