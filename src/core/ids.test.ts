import { expect, test } from 'vitest'
import { codeAlphabet } from '../shared/code-format'
import { generateCode, newEventId, newOrderId, regularShowId } from './ids'

test('a generated code is 10 symbols from the unambiguous alphabet', () => {
  for (let i = 0; i < 200; i++) {
    expect(generateCode()).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/)
  }
})

test('the alphabet leaves out 0, O, 1, I and L', () => {
  for (const symbol of ['0', 'O', '1', 'I', 'L']) expect(codeAlphabet).not.toContain(symbol)
  expect(codeAlphabet).toHaveLength(31)
})

test('generated codes use every symbol and rarely repeat', () => {
  const codes = new Set(Array.from({ length: 2000 }, () => generateCode()))
  expect(codes.size).toBe(2000)
  const seen = new Set([...codes].join(''))
  expect(seen.size).toBe(codeAlphabet.length)
})

test('a code takes its symbols from the random source it is given', () => {
  const picks = [0, 1, 2, 3, 4, 30, 29, 28, 27, 26]
  let i = 0
  expect(generateCode(() => picks[i++] ?? 0)).toBe('23456ZYXWV')
})

test('order and event ids have their own shapes, and a regular show its slot', () => {
  expect(newOrderId()).toMatch(/^ord_[0-9A-Za-z]{20}$/)
  expect(newEventId()).toMatch(/^evt-[a-z2-9]{8}$/)
  expect(regularShowId(new Date('2026-11-22T22:00:00Z'))).toBe('regular-20261122T2200Z')
})
