import { expect, test } from 'vitest'
import { centralTimeInput, readCentralTime } from './central-time'

test('a typed Central time is the instant it denotes, in winter and in summer', () => {
  expect(readCentralTime('2026-12-01 20:00')).toEqual({
    ok: true,
    instant: new Date('2026-12-02T02:00:00.000Z'),
  })
  expect(readCentralTime(' 2026-07-04T9:30 ')).toEqual({
    ok: true,
    instant: new Date('2026-07-04T14:30:00.000Z'),
  })
})

test('a malformed date, a day that does not exist and a time past 23:59 are each said', () => {
  expect(readCentralTime('tomorrow 8pm')).toEqual({
    ok: false,
    message: 'Bad date "tomorrow 8pm": write it as "YYYY-MM-DD HH:MM" in Central time.',
  })
  expect(readCentralTime('2026-02-30 20:00')).toEqual({
    ok: false,
    message: 'Bad date "2026-02-30 20:00": there is no such day.',
  })
  expect(readCentralTime('2026-12-01 24:00')).toEqual({
    ok: false,
    message: 'Bad date "2026-12-01 24:00": the time must be between 00:00 and 23:59.',
  })
})

test("a time in the spring's skipped hour is refused", () => {
  expect(readCentralTime('2026-03-08 02:30')).toEqual({
    ok: false,
    message:
      'Bad date "2026-03-08 02:30": that time does not exist in Central time (clocks skip that hour).',
  })
})

test('an instant is written back the way it is typed', () => {
  const instant = new Date('2026-12-02T02:00:00.000Z')
  expect(centralTimeInput(instant)).toBe('2026-12-01 20:00')
  expect(readCentralTime(centralTimeInput(instant))).toEqual({ ok: true, instant })
})
