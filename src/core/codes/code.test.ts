import { expect, test } from 'vitest'
import { codeAlphabet, formatCode, generateCode, normalizeCode } from './code'

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

test('a code is shown as two groups of five joined by a dash', () => {
  expect(formatCode('ABCDE23456')).toBe('ABCDE-23456')
})

test('normalizing ignores case, spaces and dashes', () => {
  for (const typed of ['abcde-23456', ' ABCDE 23456 ', 'abCDe23456', 'AB-CDE 2-3456']) {
    expect(normalizeCode(typed)).toEqual({ ok: true, code: 'ABCDE23456', anonymous: false })
  }
})

test('a trailing 0 marks the gift as anonymous', () => {
  expect(normalizeCode('abcde-234560')).toEqual({ ok: true, code: 'ABCDE23456', anonymous: true })
  expect(normalizeCode('ABCDE-23456 0')).toEqual({ ok: true, code: 'ABCDE23456', anonymous: true })
})

test('input that cannot be a code is reported with its reason', () => {
  expect(normalizeCode('  - ')).toEqual({ ok: false, reason: 'empty' })
  expect(normalizeCode('ABCDE2345')).toEqual({ ok: false, reason: 'bad_length' })
  expect(normalizeCode('ABCDE234567')).toEqual({ ok: false, reason: 'bad_length' })
  expect(normalizeCode('ABCDE2345O')).toEqual({ ok: false, reason: 'bad_symbol' })
  expect(normalizeCode('0BCDE23456')).toEqual({ ok: false, reason: 'bad_symbol' })
  expect(normalizeCode('ABCDE2345600')).toEqual({ ok: false, reason: 'bad_length' })
})
