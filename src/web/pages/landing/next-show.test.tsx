import { act, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test, vi } from 'vitest'
import { countdownParts, NextShow } from './next-show'
import { regularShowsSummary } from './show-time-label'

afterEach(() => {
  vi.useRealTimers()
})

function at(iso: string) {
  vi.useFakeTimers()
  vi.setSystemTime(new Date(iso))
}

function countdownText(): string {
  const units = screen.getByRole('timer').querySelectorAll('.countdown-unit')
  return Array.from(units, (unit) => unit.textContent).join(' ')
}

test('on Saturday noon CT the next show is Sunday 4 PM CT, 1 day 4 hours away', () => {
  at('2026-11-21T18:00:00Z')
  render(<NextShow events={[]} timeZone="America/Chicago" />)
  expect(screen.getByText('Sunday Stand-Up')).toBeTruthy()
  expect(screen.getByText('Sun, Nov 22, 4:00 PM CT')).toBeTruthy()
  expect(countdownText()).toBe('1 day 4 hours 0 minutes 0 seconds')
})

test('the countdown ticks every second', () => {
  at('2026-11-22T21:58:00Z')
  render(<NextShow events={[]} timeZone="America/Chicago" />)
  expect(countdownText()).toBe('0 days 0 hours 2 minutes 0 seconds')
  act(() => vi.advanceTimersByTime(1000))
  expect(countdownText()).toBe('0 days 0 hours 1 minute 59 seconds')
})

test('Sunday 3:59 PM CT counts down the last minute to the Sunday show', () => {
  at('2026-11-22T21:59:00Z')
  render(<NextShow events={[]} timeZone="America/Chicago" />)
  expect(screen.getByText('Sunday Stand-Up')).toBeTruthy()
  expect(countdownText()).toBe('0 days 0 hours 1 minute 0 seconds')
  expect(screen.queryByText('Live now!')).toBeNull()
})

test('during the first three hours of a show it says Live now!', () => {
  at('2026-11-23T00:59:00Z') // Sunday 6:59 PM CT
  render(<NextShow events={[]} timeZone="America/Chicago" />)
  expect(screen.getByText('Sunday Stand-Up')).toBeTruthy()
  expect(screen.getByText('Live now!')).toBeTruthy()
  expect(screen.queryByRole('timer')).toBeNull()
})

test('three hours after the Sunday show starts, the Tuesday show is next', () => {
  at('2026-11-23T01:00:00Z') // Sunday 7:00 PM CT
  render(<NextShow events={[]} timeZone="America/Chicago" />)
  expect(screen.getByText('Tuesday Night Stand-Up')).toBeTruthy()
  expect(screen.getByText('Tue, Nov 24, 7:00 PM CT')).toBeTruthy()
  expect(countdownText()).toBe('2 days 0 hours 0 minutes 0 seconds')
})

test("shows the visitor's own time when their zone differs", () => {
  at('2026-11-21T18:00:00Z')
  render(<NextShow events={[]} timeZone="Asia/Kolkata" />)
  expect(screen.getByText(/your time/).textContent).toBe(
    ' (Mon, Nov 23, 3:30 AM GMT+5:30 your time)',
  )
})

test('the pre-rendered HTML does not depend on the clock', () => {
  at('2026-11-21T18:00:00Z')
  const saturday = renderToString(<NextShow events={[]} />)
  vi.setSystemTime(new Date('2026-11-23T00:00:00Z'))
  const sundayDuringShow = renderToString(<NextShow events={[]} />)
  expect(saturday).toBe(sundayDuringShow)
  expect(saturday).toContain(regularShowsSummary())
  expect(saturday).not.toContain('Live now!')
})

test('countdown parts split a duration into days, hours, minutes and seconds', () => {
  const ms = ((2 * 24 + 3) * 60 * 60 + 4 * 60 + 5) * 1000
  expect(countdownParts(ms).map((part) => part.value)).toEqual([2, 3, 4, 5])
  expect(countdownParts(-5000).map((part) => part.value)).toEqual([0, 0, 0, 0])
})

const special = {
  id: 'evt-roast',
  name: 'The Big Roast',
  description: 'A special night.',
  startTime: '2026-11-21T20:00:00.000Z',
}
const sundayShow = {
  id: 'regular-20261122T2200Z',
  name: 'Sunday Stand-Up',
  description: '',
  startTime: '2026-11-22T22:00:00.000Z',
}

test('the next show comes from the schedule: an operator event before the regular show', () => {
  at('2026-11-21T18:00:00Z')
  render(<NextShow events={[special, sundayShow]} timeZone="America/Chicago" />)
  expect(screen.getByText('The Big Roast')).toBeTruthy()
  expect(countdownText()).toBe('0 days 2 hours 0 minutes 0 seconds')
})

test('a show of the schedule three hours past its start gives way to the next one', () => {
  at('2026-11-21T23:00:00Z')
  render(<NextShow events={[special, sundayShow]} timeZone="America/Chicago" />)
  expect(screen.getByText('Sunday Stand-Up')).toBeTruthy()
})

test("the server's HTML names the first show of the schedule, with the countdown left blank", () => {
  at('2026-11-21T18:00:00Z')
  const html = renderToString(<NextShow events={[special, sundayShow]} />)
  expect(html).toContain('The Big Roast')
  expect(html).toContain('Sat, Nov 21, 2:00 PM CT')
  expect(html).toContain('--')
  vi.setSystemTime(new Date('2026-11-25T00:00:00Z'))
  expect(renderToString(<NextShow events={[special, sundayShow]} />)).toBe(html)
})
