import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { callsTo, stubFetch } from '#test/fetch-stub'
import type { ScheduleEvent } from '../../../shared/schedule'
import { ScheduleAnswerSchema } from '../../../shared/schedule-answer'
import { texts } from '../../../shared/texts'
import { TransitionRouter } from '../../components/transition-router'
import { LandingPage } from './landing-page'
import { landingTexts } from './landing-texts'
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

/** When the schedule was read in these tests: Sunday Nov 22, noon Central. */
const readAt = '2026-11-22T18:00:00.000Z'

/** The regular shows of eight weeks from Sunday Nov 22: 16 events, two a week. */
function eightWeeks(): ScheduleEvent[] {
  const week = 7 * 24 * 60 * 60_000
  return Array.from({ length: 8 }, (_, i) => [
    {
      ...sunday,
      id: `sun-${i}`,
      startTime: new Date(Date.parse(sunday.startTime) + i * week).toISOString(),
    },
    {
      ...tuesday,
      id: `tue-${i}`,
      startTime: new Date(Date.parse(tuesday.startTime) + i * week).toISOString(),
    },
  ]).flat()
}

function renderPage() {
  return render(
    <TransitionRouter url="/">
      <LandingPage />
    </TransitionRouter>,
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

test("names each show's comics in running order, each a link to their page", () => {
  const billed: ScheduleEvent = {
    ...tuesday,
    comics: [
      { name: 'Sam Stone', slug: 'sam-stone', role: 'host', url: '/comics/sam-stone' },
      { name: 'Lee Park', slug: 'lee-park', role: 'headliner', url: '/comics/lee-park' },
    ],
  }
  render(<ScheduleList events={[sunday, billed]} readAt={readAt} timeZone="America/Chicago" />)
  const [first, second] = screen.getAllByRole('listitem')
  expect(first?.querySelector('.show-bill')).toBeNull()
  expect(second?.querySelector('.show-bill')?.textContent).toBe(
    'With Sam Stone (Host/MC), Lee Park (Headliner)',
  )
  const links = within(second as HTMLElement).getAllByRole('link', { name: /Sam|Lee/ })
  expect(links.map((link) => link.getAttribute('href'))).toEqual([
    '/comics/sam-stone',
    '/comics/lee-park',
  ])
})

test("links an open mic's page from its show: sign up while open, the running order after", () => {
  const openMic = (open: boolean): ScheduleEvent['openMic'] => ({
    url: '/open-mic/tue-24',
    open,
    slots: 10,
    runningOrder: [],
  })
  const { rerender } = render(
    <ScheduleList
      events={[sunday, { ...tuesday, openMic: openMic(true) }]}
      readAt={readAt}
      timeZone="America/Chicago"
    />,
  )
  const [first, second] = screen.getAllByRole('listitem')
  expect(first?.querySelector('.schedule-event-open-mic')).toBeNull()
  const link = within(second as HTMLElement).getByRole('link', {
    name: `${landingTexts.openMicSignUp}: Tuesday Night Stand-Up`,
  })
  expect(link.getAttribute('href')).toBe('/open-mic/tue-24')
  rerender(
    <ScheduleList
      events={[sunday, { ...tuesday, openMic: openMic(false) }]}
      readAt={readAt}
      timeZone="America/Chicago"
    />,
  )
  expect(
    screen.getByRole('link', {
      name: `${landingTexts.openMicRunningOrder}: Tuesday Night Stand-Up`,
    }),
  ).toBeTruthy()
  // The schedule API's answer keeps the open mic, checked.
  const parsed = ScheduleAnswerSchema.parse(
    JSON.parse(JSON.stringify([{ ...tuesday, openMic: openMic(true) }])),
  )
  expect(parsed[0]?.openMic).toEqual(openMic(true))
  expect(() => ScheduleAnswerSchema.parse([{ ...tuesday, openMic: { url: '/x' } }])).toThrow()
})

test('shows each time in Central time marked CT', () => {
  render(<ScheduleList events={[sunday, tuesday]} readAt={readAt} timeZone="America/Chicago" />)
  const times = screen.getAllByRole('listitem').map((item) => item.querySelector('time'))
  expect(times.map((time) => time?.textContent)).toEqual([
    'Sun, Nov 22, 4:00 PM CT',
    'Tue, Nov 24, 7:00 PM CT',
  ])
  expect(times[0]?.getAttribute('datetime')).toBe(sunday.startTime)
})

test("adds the visitor's own time only when their zone differs from Central", () => {
  const { unmount } = render(
    <ScheduleList events={[sunday]} readAt={readAt} timeZone="America/Chicago" />,
  )
  expect(screen.queryByText(/your time/)).toBeNull()
  unmount()
  render(<ScheduleList events={[sunday]} readAt={readAt} timeZone="Europe/Berlin" />)
  expect(screen.getByText(/your time/).textContent).toBe(' (Sun, Nov 22, 11:00 PM GMT+1 your time)')
})

test('shows only the first line of a description', () => {
  render(<ScheduleList events={[sunday, tuesday]} readAt={readAt} timeZone="America/Chicago" />)
  expect(screen.getByText('The weekly Sunday show.')).toBeTruthy()
  expect(screen.getByText('Five comics, one kiosk.')).toBeTruthy()
  expect(screen.queryByText(/Second line/)).toBeNull()
  expect(screen.queryByText(/Doors open/)).toBeNull()
})

test('offers each event as a calendar file and links the subscribable feed', () => {
  render(<ScheduleList events={[sunday]} readAt={readAt} timeZone="America/Chicago" />)
  const add = screen.getByRole('link', { name: /^Add to calendar/ })
  expect(add.getAttribute('href')).toBe('/api/schedule/sun-22.ics')
  expect(add.hasAttribute('download')).toBe(true)
  const feed = screen.getByRole('link', { name: /calendar feed/ })
  expect(feed.getAttribute('href')).toBe('/api/schedule.ics')
  const webcal = screen.getByRole('link', { name: /calendar app/ })
  expect(webcal.getAttribute('href')).toMatch(/^webcal:\/\/[^/]+\/api\/schedule\.ics$/)
})

test('each entry offers "Remind me" for its own show', () => {
  render(<ScheduleList events={[sunday, tuesday]} readAt={readAt} timeZone="America/Chicago" />)
  const remind = screen.getAllByRole('link', { name: /^Remind me/ })
  expect(remind.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Remind me: Sunday Stand-Up', '/remind?show=sun-22'],
    ['Remind me: Tuesday Night Stand-Up', '/remind?show=tue-24'],
  ])
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

test('lists the next two weeks, then "Show all N upcoming shows" opens the rest', async () => {
  const user = userEvent.setup()
  render(<ScheduleList events={eightWeeks()} readAt={readAt} timeZone="America/Chicago" />)
  const section = scheduleSection()
  expect(within(section).getAllByRole('listitem')).toHaveLength(4)
  const more = within(section).getByRole('button', { name: 'Show all 16 upcoming shows' })
  expect(more.getAttribute('aria-expanded')).toBe('false')
  expect(document.getElementById(more.getAttribute('aria-controls') ?? '')?.tagName).toBe('OL')
  await user.click(more)
  expect(within(section).getAllByRole('listitem')).toHaveLength(16)
  expect(more.getAttribute('aria-expanded')).toBe('true')
  expect(more.textContent).toBe('Show fewer shows')
  await user.click(more)
  expect(within(section).getAllByRole('listitem')).toHaveLength(4)
})

test('always at least four shows before "Show all", and no button when all fit', () => {
  const monthly = eightWeeks().filter((_, i) => i % 8 === 0)
  const spread = [
    ...monthly,
    ...monthly.map((e) => ({
      ...e,
      id: `${e.id}-b`,
      startTime: new Date(Date.parse(e.startTime) + 86_400_000).toISOString(),
    })),
    eightWeeks()[15] as ScheduleEvent,
  ].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
  const { unmount } = render(<ScheduleList events={spread} readAt={readAt} />)
  // Only two of them fall in the next two weeks: four are listed anyway.
  expect(screen.getAllByRole('listitem')).toHaveLength(4)
  expect(
    screen.getByRole('button', { name: `Show all ${spread.length} upcoming shows` }),
  ).toBeTruthy()
  unmount()
  render(<ScheduleList events={[sunday, tuesday]} readAt={readAt} />)
  expect(screen.getAllByRole('listitem')).toHaveLength(2)
  expect(screen.queryByRole('button')).toBeNull()
})
