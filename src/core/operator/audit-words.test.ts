import { expect, test } from 'vitest'
import { auditWords, idsIn } from './audit-words'

const names = new Map([
  ['evt-k3m9x2qa', 'Saturday Late Show'],
  ['regular-20261122T2200Z', 'Sunday Stand-Up'],
  ['cmc-lee2park', 'Lee Park'],
  ['mem_0123456789abcdefABCD', 'robin@example.com'],
])

test("a show's move reads as a move, by the show's name, the clock alone when the day stays", () => {
  expect(
    auditWords(
      'Changed evt-k3m9x2qa (start Sat 2026-11-28 19:30 CT to Sat 2026-11-28 17:00 CT); 5 buyers mailed',
      names,
    ),
  ).toBe('Moved Saturday Late Show from 7:30 PM to 5:00 PM; 5 buyers mailed')
  expect(
    auditWords(
      'Changed evt-k3m9x2qa (start Sat 2026-11-28 19:30 CT to Sun 2026-11-29 17:00 CT)',
      names,
    ),
  ).toBe(
    'Moved Saturday Late Show from Sat, Nov 28, 2026, 7:30 PM CT to Sun, Nov 29, 2026, 5:00 PM CT',
  )
})

test('ids of shows and comics become names, orders their reference, times the console’s', () => {
  expect(auditWords('Added evt-k3m9x2qa: Saturday Late Show, Sat 2026-11-28 19:30 CT', names)).toBe(
    'Added Saturday Late Show, Sat, Nov 28, 2026, 7:30 PM CT',
  )
  expect(auditWords('Changed evt-k3m9x2qa (name "A" to "B")', names)).toBe(
    'Changed Saturday Late Show (name "A" to "B")',
  )
  expect(auditWords('Moved cmc-lee2park to regular-20261122T2200Z', names)).toBe(
    'Moved Lee Park to Sunday Stand-Up',
  )
  expect(
    auditWords('Refunded $9.98 of order ord_7f3KqZ0aBcDeFgHiJkLm; 2 codes voided', names),
  ).toBe('Refunded $9.98 of order 7F3KQZ; 2 codes voided')
  expect(
    auditWords(
      'Refunded $5.00 of membership mem_0123456789abcdefABCD (pay_1); the membership ended',
      names,
    ),
  ).toBe('Refunded $5.00 of membership robin@example.com (pay_1); the membership ended')
  // A show removed since: its id stays, the one thing left that names it.
  expect(auditWords('Changed evt-gone2222 (description)', names)).toBe(
    'Changed evt-gone2222 (description)',
  )
  expect(idsIn('evt-k3m9x2qa and cmc-lee2park, regular-20261122T2200Z')).toEqual([
    'evt-k3m9x2qa',
    'cmc-lee2park',
    'regular-20261122T2200Z',
  ])
})
