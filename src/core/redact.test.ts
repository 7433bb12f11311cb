import { expect, test } from 'vitest'
import { maskEmail } from './redact'

test('an email address in a log keeps its first letter and its domain only', () => {
  expect(maskEmail('fan@example.com')).toBe('f***@example.com')
  expect(maskEmail('a.very.long.name+tag@mail.example.org')).toBe('a***@mail.example.org')
})

test('something that is not an address is masked whole', () => {
  expect(maskEmail('no-at-sign')).toBe('***')
  expect(maskEmail('@example.com')).toBe('***')
})
