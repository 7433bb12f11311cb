import { expect, test } from 'vitest'
import { axisTicks, csvField, reportCsv } from './report-files'

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

/** A CSV line's cells as a spreadsheet that splits on `separator` reads them (quotes kept whole). */
function cellsSplitOn(line: string, separator: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (const char of line) {
    if (char === '"') quoted = !quoted
    if (char === separator && !quoted) {
      cells.push(cell)
      cell = ''
    } else cell += char
  }
  return [...cells, cell]
}

test('a show name stays one cell, as text, whichever separator the spreadsheet splits on', () => {
  const name = "=1+2;=cmd|' /C calc'!A0"
  const row = {
    key: 'evt_1',
    label: name,
    startsAt: null,
    orders: 1,
    sold: 1,
    redeemed: 0,
    anonymous: 0,
    voided: 0,
    refundedOrders: 0,
    disputedOrders: 0,
    takenCents: 499,
    refundedCents: 0,
    disputedCents: 0,
    boosts: 0,
  }
  const line = reportCsv([row], 'show').split('\r\n')[1] ?? ''
  for (const separator of [',', ';', '\t']) {
    const cells = cellsSplitOn(line, separator)
    // No cell but the quoted name itself starts with a formula character.
    expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([])
  }
  expect(cellsSplitOn(line, ',')[1]).toBe(`"'${name}"`)
  expect(csvField('a\tb')).toBe('"a\tb"')
  expect(csvField('say "hi"; bye')).toBe('"say ""hi""; bye"')
  expect(csvField('plain')).toBe('plain')
  // A line break, either kind, stays inside its cell.
  expect(csvField('Roast\nNight')).toBe('"Roast\nNight"')
  expect(csvField('Roast\r\nNight')).toBe('"Roast\r\nNight"')
  expect(csvField('\r=1+2')).toBe('"\'\r=1+2"')
})
