import { expect, test } from 'vitest'
import { axisTicks } from './report-files'

test("the boosts chart's axis: whole, round ticks from 0 past the largest bar", () => {
  expect(axisTicks(10)).toEqual({ ceiling: 10, ticks: [0, 5, 10] })
  expect(axisTicks(37)).toEqual({ ceiling: 40, ticks: [0, 10, 20, 30, 40] })
  expect(axisTicks(123)).toEqual({ ceiling: 150, ticks: [0, 50, 100, 150] })
  expect(axisTicks(1999)).toEqual({ ceiling: 2000, ticks: [0, 500, 1000, 1500, 2000] })
  for (const max of [10, 11, 19, 99, 101, 777, 12_345]) {
    const { ceiling, ticks } = axisTicks(max)
    expect(ceiling).toBeGreaterThanOrEqual(max)
    expect(ticks.every(Number.isInteger)).toBe(true)
    expect(ticks.length).toBeGreaterThanOrEqual(3)
    expect(ticks.length).toBeLessThanOrEqual(6)
  }
})
