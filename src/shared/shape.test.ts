import { expect, test } from 'vitest'
import { parseLiveFeed } from './live'
import { parseSchedule } from './schedule-answer'
import { ShapeError } from './shape'

const event = { id: 'a', name: 'Show', description: 'd', startTime: '2026-11-22T22:00:00.000Z' }

test('a schedule is a list of events; extra fields are dropped, anything else refused', () => {
  expect(parseSchedule([{ ...event, extra: 1 }])).toEqual([event])
  expect(parseSchedule([])).toEqual([])
  for (const bad of [null, {}, [null], [{ ...event, id: 1 }], [{ name: 'x' }], 'events']) {
    expect(() => parseSchedule(bad)).toThrow(ShapeError)
  }
})

test("a show's bill keeps only each comic's public fields; a bill of another shape is refused", () => {
  const sam = { name: 'Sam Stone', slug: 'sam-stone', role: 'host', url: '/comics/sam-stone' }
  expect(
    parseSchedule([{ ...event, comics: [{ ...sam, payoutEmail: 'sam@example.com' }] }]),
  ).toEqual([{ ...event, comics: [sam] }])
  for (const comics of [null, [null], [{ ...sam, role: 1 }], [{ ...sam, url: 1 }], 'Sam']) {
    expect(() => parseSchedule([{ ...event, comics }])).toThrow(ShapeError)
  }
})

test('the live feed needs every field, a known state and well-formed gifts', () => {
  const gift = {
    product: 'ffr-25',
    productName: 'FFR 25',
    boosts: 10,
    anonymous: false,
    from: 'a fan',
    at: '2026-11-22T22:10:00.000Z',
    text: 'A fan gave 10 boosts (FFR 25)',
  }
  const feed = {
    state: 'live',
    showId: 's',
    show: 'Show',
    startsAt: event.startTime,
    totalBoosts: 10,
    gifts: [gift],
    onStage: null,
  }
  expect(parseLiveFeed(feed)).toEqual(feed)
  // A feed from before the comics has nobody on stage.
  const { onStage: _none, ...older } = feed
  expect(parseLiveFeed(older)).toEqual(feed)
  for (const bad of [
    { ...feed, onStage: 'Sam' },
    { ...feed, state: 'paused' },
    { ...feed, totalBoosts: '10' },
    { ...feed, gifts: [{ ...gift, boosts: '10' }] },
    { ...feed, gifts: undefined },
    [feed],
  ]) {
    expect(() => parseLiveFeed(bad)).toThrow(ShapeError)
  }
})
