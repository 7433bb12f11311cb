import { expect, test } from 'vitest'
import { maskEmail, maskEmails } from './redact'

test('an email address in a log keeps its first letter and its domain only', () => {
  expect(maskEmail('fan@example.com')).toBe('f***@example.com')
  expect(maskEmail('a.very.long.name+tag@mail.example.org')).toBe('a***@mail.example.org')
})

test('something that is not an address is masked whole', () => {
  expect(maskEmail('no-at-sign')).toBe('***')
  expect(maskEmail('@example.com')).toBe('***')
})

test('every address in a text is masked like maskEmail, and the rest of the text is kept', () => {
  expect(
    maskEmails(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <jane.doe@example.com>: Recipient address rejected",
    ),
  ).toBe(
    "Can't send mail - all recipients were rejected: 550 5.1.1 <j***@example.com>: Recipient address rejected",
  )
  expect(maskEmails('from Ann.O+x@mail.example.org to bob@b.example, "zoë@exämple.de"')).toBe(
    'from A***@mail.example.org to b***@b.example, "z***@exämple.de"',
  )
  expect(maskEmails('connect ECONNREFUSED 127.0.0.1:25')).toBe('connect ECONNREFUSED 127.0.0.1:25')
  // Masking a masked text changes nothing.
  expect(maskEmails('<j***@example.com>')).toBe('<j***@example.com>')
})
