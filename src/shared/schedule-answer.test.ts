import { expect, test } from 'vitest'
import { ScheduleAnswerSchema } from './schedule-answer'

const event = { id: 'a', name: 'Show', description: 'd', startTime: '2026-11-22T22:00:00.000Z' }
const parse = (value: unknown) => ScheduleAnswerSchema.safeParse(value)

test('a schedule is a list of events; extra fields are dropped, anything else refused', () => {
  expect(parse([{ ...event, extra: 1 }]).data).toEqual([event])
  expect(parse([]).data).toEqual([])
  for (const bad of [null, {}, [null], [{ ...event, id: 1 }], [{ name: 'x' }], 'events']) {
    expect(parse(bad).success).toBe(false)
  }
})

test("a show's bill keeps only each comic's public fields; a bill of another shape is refused", () => {
  const sam = { name: 'Sam Stone', slug: 'sam-stone', role: 'host', url: '/comics/sam-stone' }
  expect(parse([{ ...event, comics: [{ ...sam, payoutEmail: 'sam@example.com' }] }]).data).toEqual([
    { ...event, comics: [sam] },
  ])
  for (const comics of [null, [null], [{ ...sam, role: 1 }], [{ ...sam, url: 1 }], 'Sam']) {
    expect(parse([{ ...event, comics }]).success).toBe(false)
  }
})
