import { expect, test } from 'vitest'
import { formatCode, normalizeCode } from './code-format'

test('a code is shown as two groups of five joined by a dash', () => {
  expect(formatCode('ABCDE23456')).toBe('ABCDE-23456')
})

test('normalizing ignores case, spaces and dashes', () => {
  for (const typed of ['abcde-23456', ' ABCDE 23456 ', 'abCDe23456', 'AB-CDE 2-3456']) {
    expect(normalizeCode(typed)).toEqual({
      ok: true,
      code: 'ABCDE23456',
      anonymous: false,
      kind: 'show',
    })
  }
})

test('a trailing 0 marks the gift as anonymous', () => {
  expect(normalizeCode('abcde-234560')).toEqual({
    ok: true,
    code: 'ABCDE23456',
    anonymous: true,
    kind: 'show',
  })
  expect(normalizeCode('ABCDE-23456 0')).toEqual({
    ok: true,
    code: 'ABCDE23456',
    anonymous: true,
    kind: 'show',
  })
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

test('a member code is shown as three groups of four joined by dashes', () => {
  expect(formatCode('ABCDEFGH2345')).toBe('ABCD-EFGH-2345')
  expect(formatCode('abcd efgh-2345')).toBe('ABCD-EFGH-2345')
})

test('12 symbols are a member code, read with the same rules as a show code', () => {
  const member = { ok: true, code: 'ABCDEFGH2345', anonymous: false, kind: 'member' }
  for (const typed of ['ABCD-EFGH-2345', 'abcd efgh 2345', 'abcdefgh2345', 'A-BCDEFGH234-5']) {
    expect(normalizeCode(typed), typed).toEqual(member)
  }
  expect(normalizeCode('ABCD-EFGH-23450')).toEqual({ ...member, anonymous: true })
  expect(normalizeCode('abcd-efgh-2345 0')).toEqual({ ...member, anonymous: true })
})

test('a member code with a symbol codes never use, or one symbol short or long, is not a code', () => {
  expect(normalizeCode('ABCD-EFGH-234O')).toEqual({ ok: false, reason: 'bad_symbol' })
  expect(normalizeCode('ABCD-EFGH-23I5')).toEqual({ ok: false, reason: 'bad_symbol' })
  expect(normalizeCode('ABCD-EFGH-234')).toEqual({ ok: false, reason: 'bad_length' })
  expect(normalizeCode('ABCD-EFGH-23456')).toEqual({ ok: false, reason: 'bad_length' })
  expect(normalizeCode('ABCD-EFGH-234500')).toEqual({ ok: false, reason: 'bad_length' })
})
