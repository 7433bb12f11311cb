import { act, render, screen, within } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test, vi } from 'vitest'
import type { LiveFeed } from '../../../shared/live'
import type { ScheduleEvent } from '../../../shared/schedule'
import { siteConfig } from '../../../shared/site-config'
import { TransitionRouter } from '../../components/transition-router'
import { Hero } from './hero'
import { landingTexts } from './landing-texts'

afterEach(() => {
  vi.useRealTimers()
})

/** Sunday Nov 22, 2026, 4 PM Central, with its bill. */
const events: ScheduleEvent[] = [
  {
    id: 'sun',
    name: 'Sunday Stand-Up',
    description: 'Live.',
    startTime: '2026-11-22T22:00:00.000Z',
    comics: [
      { name: 'Sam Stone', slug: 'sam-stone', role: 'host', url: '/comics/sam-stone' },
      { name: 'Lee Park', slug: 'lee-park', role: 'headliner', url: '/comics/lee-park' },
    ],
  },
]

const sam = { id: 'cmc-sam', slug: 'sam-stone', name: 'Sam Stone', vrchatName: '' }
const liveFeed: LiveFeed = {
  state: 'live',
  showId: 'sun',
  show: 'Sunday Stand-Up',
  startsAt: '2026-11-22T22:00:00.000Z',
  totalBoosts: 0,
  gifts: [],
  onStage: { ...sam, pictureUrl: null, startedAt: '2026-11-22T22:05:00.000Z' },
  lineup: [],
  goal: null,
}

async function heroAt(now: string, feed?: LiveFeed) {
  vi.useFakeTimers({ now: new Date(now) })
  render(
    <TransitionRouter url="/">
      <Hero events={events} feed={feed} timeZone="America/Chicago" />
    </TransitionRouter>,
  )
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0)
  })
  return within(screen.getByRole('region', { name: siteConfig.brand }))
}

/** Intl puts a narrow no-break space before AM/PM; compare text with plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()

test('the day before the show the hero says "Next show" and offers the analysis app', async () => {
  const hero = await heroAt('2026-11-21T20:00:00.000Z')
  expect(hero.getByText(landingTexts.nextShow)).toBeTruthy()
  expect(hero.queryByText(landingTexts.tonight)).toBeNull()
  expect(hero.getByRole('link', { name: /^Try / }).getAttribute('href')).toBe(
    siteConfig.analysisApp.url,
  )
})

test('on the show day the hero says Tonight with the time, the lineup and how to join', async () => {
  // 10 AM Central on the Sunday: the show is at 4 PM.
  const hero = await heroAt('2026-11-22T16:00:00.000Z')
  const tonight = hero.getByText(landingTexts.tonight).closest('p')
  expect(plain(tonight?.textContent ?? null)).toBe('Tonight Sunday Stand-Up: 4:00 PM CT')
  expect(hero.getByRole('link', { name: 'Sunday Stand-Up' }).getAttribute('href')).toBe(
    '/shows/sun',
  )
  expect(hero.getByRole('link', { name: 'Sam Stone' }).getAttribute('href')).toBe(
    '/comics/sam-stone',
  )
  expect(hero.getByRole('link', { name: 'Lee Park' }).getAttribute('href')).toBe('/comics/lee-park')
  const join = hero.getByRole('link', { name: landingTexts.howToJoin })
  expect(join.getAttribute('href')).toBe('#find-world')
  expect(hero.queryByRole('link', { name: /^Try / })).toBeNull()
  expect(hero.queryByText(landingTexts.onStageNow, { exact: false })).toBeNull()
})

test('while the show runs the hero says who is on stage, a link to their page', async () => {
  const hero = await heroAt('2026-11-22T22:30:00.000Z', liveFeed)
  expect(hero.getByText(landingTexts.tonight)).toBeTruthy()
  const line = hero.getByText(landingTexts.onStageNow, { exact: false })
  expect(plain(line.textContent)).toBe('On stage now: Sam Stone')
  expect(within(line).getByRole('link').getAttribute('href')).toBe('/comics/sam-stone')
})

test('the server says Tonight from the time it rendered at, and hydration renders the same', async () => {
  // The browser's clock is a minute on: the first render still uses the server's time.
  vi.useFakeTimers({ now: new Date('2026-11-22T16:01:00.000Z') })
  const hero = (
    <TransitionRouter url="/">
      <Hero events={events} readAt="2026-11-22T16:00:00.000Z" />
    </TransitionRouter>
  )
  const html = renderToString(hero)
  expect(html).toContain(`>${landingTexts.tonight}<`)
  expect(html).toContain('/comics/lee-park')
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const error = vi.spyOn(console, 'error')
  const recoverable = vi.fn()
  const root = await act(async () =>
    hydrateRoot(container, hero, { onRecoverableError: recoverable }),
  )
  expect(recoverable).not.toHaveBeenCalled()
  expect(error).not.toHaveBeenCalled()
  act(() => root.unmount())
  container.remove()
  error.mockRestore()
})
