import { expect, test } from 'vitest'
import { counted } from './list-controls'

test('a count is pluralised: one member, two members, one entry', () => {
  expect(counted(1, 'members')).toBe('1 member')
  expect(counted(0, 'members')).toBe('0 members')
  expect(counted(2, 'orders')).toBe('2 orders')
  expect(counted(1, 'entries')).toBe('1 entry')
  expect(counted(3, 'entries')).toBe('3 entries')
  expect(counted(1, 'mails')).toBe('1 mail')
})
