import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { expect, test, vi } from 'vitest'
import { callsTo, stubFetch } from '#test/fetch-stub'
import type { ScheduleEvent } from '../../shared/schedule'
import { texts } from '../../shared/texts'
import { LandingPage } from './landing-page'
import { ScheduleList } from './schedule-list'

const tuesday: ScheduleEvent = {
  id: 'tue-24',
  name: 'Tuesday Night Stand-Up',
  description: 'Five comics, one kiosk.\nDoors open at 6:45 PM.',
  startTime: '2026-11-25T01:00:00.000Z',
}
const sunday: ScheduleEvent = {
  id: 'sun-22',
  name: 'Sunday Stand-Up',
  description: 'The weekly Sunday show.\r\nSecond line, never shown.',
  startTime: '2026-11-22T22:00:00.000Z',
}

function renderPage() {
  return render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  )
}

function scheduleSection() {
  return screen.getByRole('region', { name: 'Upcoming Events' })
}

test('lists the fetched events sorted by start', async () => {
  const fetch = stubFetch(async () => Response.json([tuesday, sunday]))
  renderPage()
  const items = await within(scheduleSection()).findAllByRole('listitem')
  expect(items.map((item) => item.querySelector('h3')?.textContent)).toEqual([
    'Sunday Stand-Up',
    'Tuesday Night Stand-Up',
  ])
  expect(callsTo(fetch, '/api/schedule')).toHaveLength(1)
})

test('shows each time in Central time marked CT', () => {
  render(<ScheduleList events={[sunday, tuesday]} timeZone="America/Chicago" />)
  const times = screen.getAllByRole('listitem').map((item) => item.querySelector('time'))
  expect(times.map((time) => time?.textContent)).toEqual([
    'Sun, Nov 22, 4:00 PM CT',
    'Tue, Nov 24, 7:00 PM CT',
  ])
  expect(times[0]?.getAttribute('datetime')).toBe(sunday.startTime)
})

test("adds the visitor's own time only when their zone differs from Central", () => {
  const { unmount } = render(<ScheduleList events={[sunday]} timeZone="America/Chicago" />)
  expect(screen.queryByText(/your time/)).toBeNull()
  unmount()
  render(<ScheduleList events={[sunday]} timeZone="Europe/Berlin" />)
  expect(screen.getByText(/your time/).textContent).toBe(' (Sun, Nov 22, 11:00 PM GMT+1 your time)')
})

test('shows only the first line of a description', () => {
  render(<ScheduleList events={[sunday, tuesday]} timeZone="America/Chicago" />)
  expect(screen.getByText('The weekly Sunday show.')).toBeTruthy()
  expect(screen.getByText('Five comics, one kiosk.')).toBeTruthy()
  expect(screen.queryByText(/Second line/)).toBeNull()
  expect(screen.queryByText(/Doors open/)).toBeNull()
})

test('offers each event as a calendar file and links the subscribable feed', () => {
  render(<ScheduleList events={[sunday]} timeZone="America/Chicago" />)
  const add = screen.getByRole('link', { name: /^Add to calendar/ })
  expect(add.getAttribute('href')).toBe('/api/schedule/sun-22.ics')
  expect(add.hasAttribute('download')).toBe(true)
  const feed = screen.getByRole('link', { name: /calendar feed/ })
  expect(feed.getAttribute('href')).toBe('/api/schedule.ics')
  const webcal = screen.getByRole('link', { name: /calendar app/ })
  expect(webcal.getAttribute('href')).toMatch(/^webcal:\/\/[^/]+\/api\/schedule\.ics$/)
})

test('shows the empty text while the schedule is loading', () => {
  stubFetch(() => new Promise<Response>(() => {}))
  renderPage()
  expect(within(scheduleSection()).getByText(texts.scheduleEmpty)).toBeTruthy()
  expect(within(scheduleSection()).queryAllByRole('listitem')).toHaveLength(0)
})

test('shows the empty text when there are no upcoming events', async () => {
  const fetch = stubFetch(async () => Response.json([]))
  renderPage()
  await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(within(scheduleSection()).getByText(texts.scheduleEmpty)).toBeTruthy()
})

test('a failing fetch is logged and leaves the list empty', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  stubFetch(async () => {
    throw new TypeError('Failed to fetch')
  })
  renderPage()
  await vi.waitFor(() => expect(error).toHaveBeenCalled())
  expect(within(scheduleSection()).getByText(texts.scheduleEmpty)).toBeTruthy()
  expect(within(scheduleSection()).queryAllByRole('listitem')).toHaveLength(0)
})

test('an error status or a malformed answer is logged and leaves the list empty', async () => {
  for (const answer of [
    () => Response.json({ message: 'Internal Server Error' }, { status: 500 }),
    () => Response.json([{ id: 1, title: 'not an event' }]),
  ]) {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    stubFetch(async () => answer())
    const { unmount } = renderPage()
    await vi.waitFor(() => expect(error).toHaveBeenCalled())
    expect(within(scheduleSection()).getByText(texts.scheduleEmpty)).toBeTruthy()
    unmount()
    error.mockRestore()
  }
})
