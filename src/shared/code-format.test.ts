import { expect, test } from 'vitest'
import { formatCode, normalizeCode } from './code-format'

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

test('a code typed with spaces or in lower case is shown the same way', () => {
  expect(formatCode('abcde 23456')).toBe('ABCDE-23456')
  expect(formatCode('ABCDE-23456')).toBe('ABCDE-23456')
  expect(formatCode('not a code')).toBe('not a code')
})
