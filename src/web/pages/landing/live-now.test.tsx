import { act, render, screen, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { callsTo, notLiveFeed, stubFetch } from '#test/fetch-stub'
import { goalTexts } from '../../../shared/goal'
import type { LiveFeed } from '../../../shared/live'
import { landingAnchors } from '../../../shared/pages'
import type { ScheduleEvent } from '../../../shared/schedule'
import { TransitionRouter } from '../../components/transition-router'
import { LandingPage } from './landing-page'
import { landingTexts } from './landing-texts'
import { LiveNowBanner, livePollMs, showLiveAt, useLiveFeed } from './live-now'

function LiveNow(props: { events: ScheduleEvent[]; readAt: string }) {
  return <LiveNowBanner {...props} feed={useLiveFeed()} />
}

const liveFeed: LiveFeed = {
  state: 'live',
  showId: 'regular-20261122T2200Z',
  show: 'Sunday Stand-Up',
  startsAt: '2026-11-22T22:00:00.000Z',
  totalBoosts: 1235,
  gifts: [
    {
      product: 'ffr-50',
      productName: 'FFR 50',
      boosts: 25,
      anonymous: true,
      name: '',
      from: 'an anonymous fan',
      message: '',
      at: '2026-11-22T22:41:07.000Z',
      comic: 'Sam',
      text: 'An anonymous fan gave 25 boosts to Sam',
    },
    {
      product: 'boosts-5',
      productName: '5 Boosts',
      boosts: 5,
      anonymous: false,
      name: '',
      from: 'a fan',
      message: '',
      at: '2026-11-22T22:40:00.000Z',
      comic: '',
      text: 'A fan gave 5 boosts',
    },
  ],
  onStage: null,
  lineup: [],
  goal: null,
}

afterEach(() => {
  vi.useRealTimers()
})

function renderLanding(live: () => Promise<Response>) {
  const fetch = stubFetch(async () => Response.json([]), live)
  render(
    <TransitionRouter url="/">
      <LandingPage />
    </TransitionRouter>,
  )
  return fetch
}

test('during a show: "Live now" with the running total, the last gifts and a way in', async () => {
  renderLanding(async () => Response.json(liveFeed))
  const banner = await screen.findByRole('region', { name: 'Live now: Sunday Stand-Up' })
  expect(banner.textContent).toContain('1,235 boosts given tonight')
  const gifts = within(banner).getAllByRole('listitem')
  expect(gifts.map((gift) => gift.textContent)).toEqual([
    expect.stringContaining('An anonymous fan gave 25 boosts to Sam'),
    expect.stringContaining('A fan gave 5 boosts'),
  ])
  const join = within(banner).getByRole('link', { name: 'Join the show' })
  expect(join.getAttribute('href')).toBe(`#${landingAnchors.findWorld}`)
  expect(document.getElementById(landingAnchors.findWorld)).not.toBeNull()
})

test('outside a show nothing is added to the page', async () => {
  const fetch = renderLanding(async () => Response.json(notLiveFeed))
  await vi.waitFor(() => expect(callsTo(fetch, '/api/live')).toHaveLength(1))
  await act(async () => {})
  expect(screen.queryByRole('region', { name: /Live now/ })).toBeNull()
})

test('the banner refreshes every 10 s and keeps what it shows when a read fails', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  let answer: () => Promise<Response> = async () => Response.json(liveFeed)
  const fetch = renderLanding(() => answer())
  const banner = await screen.findByRole('region', { name: /Live now/ })

  answer = async () => Response.json({ ...liveFeed, totalBoosts: 1300 })
  await act(async () => {
    await vi.advanceTimersByTimeAsync(livePollMs)
  })
  expect(banner.textContent).toContain('1,300 boosts given tonight')

  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  answer = async () => new Response('down', { status: 503 })
  await act(async () => {
    await vi.advanceTimersByTimeAsync(livePollMs)
  })
  expect(error).toHaveBeenCalled()
  expect(screen.getByRole('region', { name: /Live now/ }).textContent).toContain('1,300')
  expect(callsTo(fetch, '/api/live').length).toBe(3)
})

test('after the show, the banner goes away', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  let answer: () => Promise<Response> = async () => Response.json(liveFeed)
  renderLanding(() => answer())
  await screen.findByRole('region', { name: /Live now/ })
  answer = async () => Response.json({ ...notLiveFeed, state: 'ended' })
  await act(async () => {
    await vi.advanceTimersByTimeAsync(livePollMs)
  })
  expect(screen.queryByRole('region', { name: /Live now/ })).toBeNull()
})

/** A browser's EventSource, played by the test: it dispatches the stream's named events. */
class StandInStream extends EventTarget {
  static opened: StandInStream[] = []
  closed = false
  constructor(readonly url: string) {
    super()
    StandInStream.opened.push(this)
  }
  send(event: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }))
  }
  close() {
    this.closed = true
  }
}

test('where EventSource exists, the banner follows the stream instead of polling', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  StandInStream.opened = []
  vi.stubGlobal('EventSource', StandInStream)
  try {
    const fetch = renderLanding(async () => Response.json(liveFeed))
    const banner = await screen.findByRole('region', { name: /Live now/ })
    const [stream] = StandInStream.opened
    expect(stream?.url).toBe('/api/live/events')
    act(() => {
      stream?.send('gift', { ...liveFeed.gifts[1], text: 'Sam gave 20 boosts' })
      stream?.send('total', { showId: liveFeed.showId, totalBoosts: 1255 })
    })
    expect(banner.textContent).toContain('1,255 boosts given tonight')
    expect(within(banner).getAllByRole('listitem')[0]?.textContent).toContain('Sam gave 20 boosts')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(livePollMs * 3)
    })
    expect(callsTo(fetch, '/api/live')).toHaveLength(1)

    // The show ends: the banner goes, and the stream is closed.
    act(() => stream?.send('state', { ...liveFeed, state: 'ended' }))
    expect(screen.queryByRole('region', { name: /Live now/ })).toBeNull()
    expect(stream?.closed).toBe(true)
  } finally {
    vi.unstubAllGlobals()
  }
})

test('a show on by the schedule has its banner from the first render, the numbers once the feed is in', async () => {
  const readAt = '2026-11-22T22:30:00.000Z'
  const events = [
    {
      id: 'regular-20261122T2200Z',
      name: 'Sunday Stand-Up',
      description: '',
      startTime: '2026-11-22T22:00:00.000Z',
    },
  ]
  expect(showLiveAt(events, readAt)).toBe('Sunday Stand-Up')
  expect(showLiveAt(events, '2026-11-22T21:59:00.000Z')).toBeNull()
  expect(showLiveAt(events, '2026-11-23T01:00:00.000Z')).toBeNull()
  let answer: (response: Response) => void = () => {}
  stubFetch(
    async () => Response.json([]),
    () => new Promise<Response>((resolve) => (answer = resolve)),
  )
  render(<LiveNow events={events} readAt={readAt} />)
  // Before any answer, as the server renders it: the show, a placeholder, the gifts' place.
  const banner = screen.getByRole('region', { name: 'Live now: Sunday Stand-Up' })
  expect(banner.textContent).toContain('… boosts given tonight')
  expect(banner.textContent).toContain(landingTexts.giftsWaiting)
  await act(async () => answer(Response.json(liveFeed)))
  expect(banner.textContent).toContain('1,235 boosts given tonight')
  expect(within(banner).getAllByRole('listitem')).toHaveLength(2)
})

test('the banner says who is on stage, from the feed and then from the stream', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  StandInStream.opened = []
  vi.stubGlobal('EventSource', StandInStream)
  try {
    const sam = { id: 'cmc-sam', slug: 'sam', name: 'Sam', vrchatName: 'SamVR', pictureUrl: null }
    const startedAt = '2026-11-22T22:05:00.000Z'
    renderLanding(async () => Response.json({ ...liveFeed, onStage: { ...sam, startedAt } }))
    const banner = await screen.findByRole('region', { name: /Live now/ })
    await vi.waitFor(() => expect(banner.textContent).toContain('On stage: Sam'))
    const [stream] = StandInStream.opened
    const robin = { ...sam, id: 'cmc-robin', slug: 'robin', name: 'Robin' }
    act(() => stream?.send('onstage', { showId: liveFeed.showId, comic: robin, startedAt }))
    expect(banner.textContent).toContain('On stage: Robin')
    // Another show's stage changes nothing here; an intermission empties the line.
    act(() => stream?.send('onstage', { showId: 'other', comic: sam, startedAt }))
    expect(banner.textContent).toContain('On stage: Robin')
    act(() => stream?.send('onstage', { showId: liveFeed.showId, comic: null, startedAt: null }))
    expect(banner.textContent).not.toContain('On stage')
  } finally {
    vi.unstubAllGlobals()
  }
})

test('each gift is one line of its own, its time first and its words whole; no empty rows', async () => {
  renderLanding(async () => Response.json(liveFeed))
  const banner = await screen.findByRole('region', { name: /Live now/ })
  const list = within(banner).getByRole('list', { name: 'Latest gifts' })
  // Only the feed's gifts: no rows kept for gifts not given yet.
  expect(list.children).toHaveLength(liveFeed.gifts.length)
  const items = within(list).getAllByRole('listitem')
  items.forEach((item, i) => {
    const gift = liveFeed.gifts[i]
    const [time, words] = Array.from(item.children)
    expect(time?.tagName).toBe('TIME')
    expect(time?.getAttribute('dateTime')).toBe(gift?.at)
    // The gift's words whole, in one element of their own.
    expect(words?.textContent).toBe(gift?.text)
  })
})

test("the night's goal shows in the banner with a bar, follows the stream's totals, and says when it is reached", async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  StandInStream.opened = []
  vi.stubGlobal('EventSource', StandInStream)
  try {
    const goal = { boosts: 1500, reward: 'crowd work', level: 1, reached: false }
    renderLanding(async () => Response.json({ ...liveFeed, goal }))
    const banner = await screen.findByRole('region', { name: /Live now/ })
    const bar = within(banner).getByRole('progressbar', {
      name: `${goalTexts.heading} ${goalTexts.progress(1235, goal)}`,
    })
    expect(bar.getAttribute('value')).toBe('1235')
    expect(bar.getAttribute('max')).toBe('1500')
    const [stream] = StandInStream.opened
    act(() => {
      stream?.send('total', { showId: liveFeed.showId, totalBoosts: 1510, goal })
      stream?.send('goal', { ...goal, reached: true, showId: liveFeed.showId, totalBoosts: 1510 })
    })
    const reached = within(banner).getByRole('progressbar', {
      name: `${goalTexts.reachedTitle} ${goalTexts.progress(1510, goal)}`,
    })
    expect(reached.getAttribute('value')).toBe('1500')
    // A show without a goal shows no bar.
    act(() => stream?.send('total', { showId: liveFeed.showId, totalBoosts: 1510, goal: null }))
    expect(within(banner).queryByRole('progressbar')).toBeNull()
  } finally {
    vi.unstubAllGlobals()
  }
})
