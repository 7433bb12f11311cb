import { expect, test } from 'vitest'
import { LiveFeedSchema } from './live-api'

test('the live feed needs every field, a known state and well-formed gifts', () => {
  const gift = {
    product: 'ffr-25',
    productName: 'FFR 25',
    boosts: 10,
    anonymous: false,
    name: '',
    from: 'a fan',
    message: '',
    at: '2026-11-22T22:10:00.000Z',
    comic: '',
    text: "A fan gave 10 boosts to tonight's comics",
  }
  const feed = {
    state: 'live',
    showId: 's',
    show: 'Show',
    startsAt: '2026-11-22T22:00:00.000Z',
    totalBoosts: 10,
    gifts: [gift],
    onStage: null,
    lineup: ['Sam Stone'],
    goal: { boosts: 500, reward: 'crowd work', level: 1, reached: false },
  }
  const parse = (value: unknown) => LiveFeedSchema.safeParse(value)
  expect(parse(feed).data).toEqual(feed)
  // A feed from before the comics has nobody on stage, no lineup and no goal.
  const { onStage: _none, lineup: _lineup, goal: _goal, ...older } = feed
  expect(parse(older).data).toEqual({ ...feed, lineup: [], goal: null })
  // A gift from before fans' words has no name and no message.
  const { name: _name, message: _message, ...wordless } = gift
  expect(parse({ ...feed, gifts: [wordless] }).data).toEqual(feed)
  for (const bad of [
    { ...feed, onStage: 'Sam' },
    { ...feed, lineup: 'Sam Stone' },
    { ...feed, goal: { boosts: '500', reward: 'crowd work', level: 1, reached: false } },
    { ...feed, state: 'paused' },
    { ...feed, totalBoosts: '10' },
    { ...feed, gifts: [{ ...gift, boosts: '10' }] },
    { ...feed, gifts: undefined },
    [feed],
  ]) {
    expect(parse(bad).success).toBe(false)
  }
})
