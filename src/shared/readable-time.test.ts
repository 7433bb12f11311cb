import { expect, test } from 'vitest'
import { clockTime, readableTime, timeChange } from './readable-time'

const saturdayHalfPastSeven = new Date('2026-11-29T01:30:00.000Z')
const saturdayFive = new Date('2026-11-28T23:00:00.000Z')
const sundayNoon = new Date('2026-11-29T18:00:00.000Z')

test('the console reads every instant one way, in Central time, with the year', () => {
  expect(readableTime(saturdayHalfPastSeven)).toBe('Sat, Nov 28, 2026, 7:30 PM CT')
  expect(clockTime(sundayNoon)).toBe('12:00 PM')
  expect(clockTime(new Date('2026-11-29T06:05:00.000Z'))).toBe('12:05 AM')
})

test('a change of time says the clock only when the day stays', () => {
  expect(timeChange(saturdayHalfPastSeven, saturdayFive)).toBe('7:30 PM to 5:00 PM')
  expect(timeChange(saturdayFive, sundayNoon)).toBe(
    'Sat, Nov 28, 2026, 5:00 PM CT to Sun, Nov 29, 2026, 12:00 PM CT',
  )
})
