import { expect, test } from 'vitest'
import {
  formatCentralClock,
  isShowLive,
  isTonight,
  nextShow,
  regularShowsBetween,
  zonedParts,
  zonedTimeToUtc,
} from './show-time'

/*
 * Central time is UTC-6 in winter (CST) and UTC-5 in summer (CDT). Clocks change at 2:00 on
 * Sunday 2026-03-08 and 2026-11-01, and Sunday 2027-03-14 and 2027-11-07. Every instant below is
 * written in UTC with its Central reading beside it, so each expectation can be checked by hand.
 */
const cases: [string, string, string, string][] = [
  // [what, now (UTC), next show start (UTC), its name]
  [
    'Sunday 15:59 CST: the Sunday show is next',
    '2026-11-22T21:59:00Z',
    '2026-11-22T22:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Sunday 16:00 CST: the Sunday show has started and is still the show',
    '2026-11-22T22:00:00Z',
    '2026-11-22T22:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Sunday 18:59 CST: still the Sunday show (rollover)',
    '2026-11-23T00:59:00Z',
    '2026-11-22T22:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Sunday 19:00 CST: three hours on, Tuesday 19:00 is next',
    '2026-11-23T01:00:00Z',
    '2026-11-25T01:00:00Z',
    'Tuesday Night Stand-Up',
  ],
  [
    'Tuesday 21:59 CST: still the Tuesday show',
    '2026-11-25T03:59:00Z',
    '2026-11-25T01:00:00Z',
    'Tuesday Night Stand-Up',
  ],
  [
    'Tuesday 22:00 CST: the next Sunday is next',
    '2026-11-25T04:00:00Z',
    '2026-11-29T22:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Monday noon CST: Tuesday 19:00 is next',
    '2026-11-23T18:00:00Z',
    '2026-11-25T01:00:00Z',
    'Tuesday Night Stand-Up',
  ],
  // Spring 2026: the Sunday show is the first one in CDT, an hour earlier in UTC.
  [
    'Tuesday 2026-03-03 22:00 CST: Sunday 16:00 CDT on the change day is next',
    '2026-03-04T04:00:00Z',
    '2026-03-08T21:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Sunday 2026-03-08 01:59 CST, just before the change',
    '2026-03-08T07:59:00Z',
    '2026-03-08T21:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Sunday 2026-03-08 03:00 CDT, just after the change',
    '2026-03-08T08:00:00Z',
    '2026-03-08T21:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Sunday 2026-03-08 18:59 CDT: still that show',
    '2026-03-08T23:59:00Z',
    '2026-03-08T21:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Sunday 2026-03-08 19:00 CDT: Tuesday 19:00 CDT is next',
    '2026-03-09T00:00:00Z',
    '2026-03-11T00:00:00Z',
    'Tuesday Night Stand-Up',
  ],
  // Autumn 2026: Tuesday in CDT, the Sunday show after the change in CST.
  [
    'Tuesday 2026-10-27 21:59 CDT: the Tuesday show',
    '2026-10-28T02:59:00Z',
    '2026-10-28T00:00:00Z',
    'Tuesday Night Stand-Up',
  ],
  [
    'Tuesday 2026-10-27 22:00 CDT: Sunday 16:00 CST is next',
    '2026-10-28T03:00:00Z',
    '2026-11-01T22:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Sunday 2026-11-01 01:30 CDT, the first of the repeated hour',
    '2026-11-01T06:30:00Z',
    '2026-11-01T22:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Sunday 2026-11-01 01:30 CST, the second of the repeated hour',
    '2026-11-01T07:30:00Z',
    '2026-11-01T22:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Sunday 2026-11-01 18:59 CST: still that show',
    '2026-11-02T00:59:00Z',
    '2026-11-01T22:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Sunday 2026-11-01 19:00 CST: Tuesday 19:00 CST is next',
    '2026-11-02T01:00:00Z',
    '2026-11-04T01:00:00Z',
    'Tuesday Night Stand-Up',
  ],
  // 2027's changes.
  [
    'Saturday 2027-03-13 noon CST: Sunday 16:00 CDT is next',
    '2027-03-13T18:00:00Z',
    '2027-03-14T21:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Sunday 2027-03-14 15:59 CDT: the Sunday show',
    '2027-03-14T20:59:00Z',
    '2027-03-14T21:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Sunday 2027-03-14 19:00 CDT: Tuesday is next',
    '2027-03-15T00:00:00Z',
    '2027-03-17T00:00:00Z',
    'Tuesday Night Stand-Up',
  ],
  [
    'Saturday 2027-11-06 noon CDT: Sunday 16:00 CST is next',
    '2027-11-06T17:00:00Z',
    '2027-11-07T22:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Sunday 2027-11-07 15:59 CST: the Sunday show',
    '2027-11-07T21:59:00Z',
    '2027-11-07T22:00:00Z',
    'Sunday Stand-Up',
  ],
  [
    'Sunday 2027-11-07 19:00 CST: Tuesday is next',
    '2027-11-08T01:00:00Z',
    '2027-11-10T01:00:00Z',
    'Tuesday Night Stand-Up',
  ],
]

test.each(cases)('next show: %s', (_what, now, startsAt, name) => {
  const show = nextShow(new Date(now))
  expect(show.startsAt.toISOString()).toBe(new Date(startsAt).toISOString())
  expect(show.name).toBe(name)
})

test('the next show always starts at Sunday 16:00 or Tuesday 19:00 Central, all through 2026 and 2027', () => {
  const start = Date.parse('2026-01-01T00:00:00Z')
  const end = Date.parse('2028-01-01T00:00:00Z')
  // Every 97 minutes: the sweep meets every minute-of-hour offset, not only whole hours. What
  // is wrong is collected and compared once (ten thousand expects take seconds on a busy machine).
  const wrong: string[] = []
  for (let t = start; t < end; t += 97 * 60 * 1000) {
    const show = nextShow(new Date(t))
    const p = zonedParts(show.startsAt)
    const slot = p.weekday === 0 ? [0, 16, 0] : [2, 19, 0]
    const inSlot = p.weekday === slot[0] && p.hour === slot[1] && p.minute === slot[2]
    // Not finished yet, and never more than the longest gap between shows away.
    const notOver = show.startsAt.getTime() + 3 * 60 * 60 * 1000 > t
    const near = show.startsAt.getTime() - t < 5 * 24 * 60 * 60 * 1000
    if (!inSlot || !notOver || !near) {
      wrong.push(`${new Date(t).toISOString()} -> ${show.startsAt.toISOString()}`)
    }
  }
  expect(wrong).toEqual([])
})

test('a show is live from its start until three hours later', () => {
  const show = nextShow(new Date('2026-11-22T21:00:00Z'))
  expect(isShowLive(show, new Date('2026-11-22T21:59:59Z'))).toBe(false)
  expect(isShowLive(show, new Date('2026-11-22T22:00:00Z'))).toBe(true)
  expect(isShowLive(show, new Date('2026-11-23T00:59:59Z'))).toBe(true)
  expect(isShowLive(show, new Date('2026-11-23T01:00:00Z'))).toBe(false)
})

test("a show is tonight's from the start of its Central day until three hours after it starts", () => {
  // Tuesday Dec 1, 7 PM Central = Dec 2, 01:00 UTC: Central midnight is 06:00 UTC.
  const show = { name: 'Tuesday Night Stand-Up', startsAt: new Date('2026-12-02T01:00:00Z') }
  expect(isTonight(show, new Date('2026-12-01T05:59:59Z'))).toBe(false)
  expect(isTonight(show, new Date('2026-12-01T06:00:00Z'))).toBe(true)
  expect(isTonight(show, new Date('2026-12-02T00:59:59Z'))).toBe(true)
  // Past Central midnight while it runs, still tonight's; then over.
  const late = { name: 'Late Roast', startsAt: new Date('2026-12-02T05:30:00Z') }
  expect(isTonight(late, new Date('2026-12-02T06:30:00Z'))).toBe(true)
  expect(isTonight(show, new Date('2026-12-02T04:00:00Z'))).toBe(false)
  expect(formatCentralClock(show.startsAt).replace(/\s/g, ' ')).toBe('7:00 PM CT')
})

test('zonedTimeToUtc reads an ordinary winter and summer time', () => {
  const wall = { year: 2026, month: 12, day: 1, hour: 20, minute: 0 }
  expect(zonedTimeToUtc(wall).toISOString()).toBe('2026-12-02T02:00:00.000Z')
  expect(zonedTimeToUtc({ ...wall, month: 7 }).toISOString()).toBe('2026-07-02T01:00:00.000Z')
})

test('zonedTimeToUtc moves a time in the skipped spring hour forward by the gap', () => {
  // 2026-03-08 02:30 never happens in Chicago: 02:00 CST is followed by 03:00 CDT.
  const skipped = zonedTimeToUtc({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 })
  expect(skipped.toISOString()).toBe('2026-03-08T08:30:00.000Z')
  expect(zonedParts(skipped)).toMatchObject({ hour: 3, minute: 30 })
  const skipped2027 = zonedTimeToUtc({ year: 2027, month: 3, day: 14, hour: 2, minute: 0 })
  expect(skipped2027.toISOString()).toBe('2027-03-14T08:00:00.000Z')
})

test('zonedTimeToUtc takes the earlier instant of the repeated autumn hour', () => {
  // 2026-11-01 01:30 happens twice: first in CDT (06:30 UTC), then in CST (07:30 UTC).
  const repeated = zonedTimeToUtc({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 })
  expect(repeated.toISOString()).toBe('2026-11-01T06:30:00.000Z')
  const repeated2027 = zonedTimeToUtc({ year: 2027, month: 11, day: 7, hour: 1, minute: 0 })
  expect(repeated2027.toISOString()).toBe('2027-11-07T06:00:00.000Z')
  // The hours around it are unambiguous.
  const after = zonedTimeToUtc({ year: 2026, month: 11, day: 1, hour: 2, minute: 0 })
  expect(after.toISOString()).toBe('2026-11-01T08:00:00.000Z')
})

test('regularShowsBetween lists eight weeks of Sunday and Tuesday shows in order', () => {
  const slots = regularShowsBetween(new Date('2026-11-22T18:00:00Z'), 0, 56)
  expect(slots).toHaveLength(16)
  expect(slots[0]?.startsAt.toISOString()).toBe('2026-11-22T22:00:00.000Z')
  expect(slots.at(-1)?.startsAt.toISOString()).toBe('2027-01-13T01:00:00.000Z')
  const times = slots.map((slot) => slot.startsAt.getTime())
  expect(times).toEqual([...times].sort((a, b) => a - b))
})
