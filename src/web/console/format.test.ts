import { expect, test } from 'vitest'
import { centralText, hostTime } from './format'

const eightPmCentral = new Date('2026-12-02T02:00:00.000Z')

test("the host's own time is said only when their clock reads differently from Central time", () => {
  expect(hostTime(eightPmCentral, 'America/Chicago')).toBeNull()
  // Same offset, another zone's name: the same wall clock, nothing to add.
  expect(hostTime(eightPmCentral, 'America/Winnipeg')).toBeNull()
  expect(hostTime(eightPmCentral, 'Europe/Berlin')).toBe('Wed, Dec 2, 3:00 AM GMT+1')
})

test('times are written in Central time, with the year, and a dash when there is none', () => {
  expect(centralText(eightPmCentral.toISOString())).toBe('Tue, Dec 1, 2026, 8:00 PM CT')
  expect(centralText(null)).toBe('—')
})
