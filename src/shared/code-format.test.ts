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

test('only ASCII letters, digits, spaces and dashes are read: no tabs, no Unicode case folding', () => {
  for (const typed of [
    'ABCDE\t23456',
    'ABCDE\n23456',
    'ABCDE\u00a023456',
    'ABCDE\u201023456', // a Unicode hyphen
    'ABCDE-2345\uff16', // a full-width 6
    'ABCDE-234ß', // "ß".toUpperCase() is "SS"
    'ABCDE-2345ﬀ', // "ﬀ".toUpperCase() is "FF"
    'ABCDE-2345\u0130', // a dotted capital I
  ]) {
    expect(normalizeCode(typed), JSON.stringify(typed)).toEqual({ ok: false, reason: 'bad_symbol' })
  }
})

test('a code typed with spaces or in lower case is shown the same way', () => {
  expect(formatCode('abcde 23456')).toBe('ABCDE-23456')
  expect(formatCode('ABCDE-23456')).toBe('ABCDE-23456')
  expect(formatCode('not a code')).toBe('not a code')
})
