import { act, render, screen, within } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test, vi } from 'vitest'
import { stubFetch } from '#test/fetch-stub'
import type { ScheduleEvent } from '../../../shared/schedule'
import { siteConfig } from '../../../shared/site-config'
import { TransitionRouter } from '../../components/transition-router'
import { LandingPage } from './landing-page'

const events: ScheduleEvent[] = [
  {
    id: 'tue-24',
    name: 'Tuesday Night Stand-Up',
    description: 'Five comics, one kiosk.\nSecond line.',
    startTime: '2026-11-25T01:00:00.000Z',
  },
  {
    id: 'special',
    name: 'Roast </script><b>night</b>',
    description: 'A very special roast.',
    startTime: '2026-11-22T22:00:00.000Z',
  },
]

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

function renderPage(answer: () => Promise<Response>) {
  stubFetch(answer)
  return render(
    <TransitionRouter url="/">
      <LandingPage />
    </TransitionRouter>,
  )
}

test('shows its sections in the order of the spec', () => {
  renderPage(() => new Promise<Response>(() => {}))
  const main = within(screen.getByRole('main'))
  const headings = main.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
  expect(headings).toEqual([
    'Boost the comics',
    'Upcoming Events',
    'The next show',
    'About',
    'How it works',
    `Find the club in ${siteConfig.worldApp}`,
    'Contact us',
  ])
})

test('opens with the brand, the tagline, the store and the analysis app', () => {
  // A Monday: on a show's day the second action is how to join (hero.test.tsx).
  vi.useFakeTimers({ now: new Date('2026-11-23T18:00:00Z'), shouldAdvanceTime: true })
  renderPage(() => new Promise<Response>(() => {}))
  const main = within(screen.getByRole('main'))
  expect(main.getByRole('heading', { level: 1 }).textContent).toBe(siteConfig.brand)
  expect(main.getByText(siteConfig.tagline)).toBeTruthy()
  expect(main.getByRole('link', { name: 'Visit the store' }).getAttribute('href')).toBe('/store')
  const app = main.getByRole('link', { name: new RegExp(`^Try ${siteConfig.analysisApp.name},`) })
  expect(app.getAttribute('href')).toBe(siteConfig.analysisApp.url)
})

test('the pre-rendered HTML hydrates without a mismatch', async () => {
  stubFetch(async () => Response.json(events))
  const error = vi.spyOn(console, 'error')
  const page = (
    <TransitionRouter url="/">
      <LandingPage />
    </TransitionRouter>
  )
  const container = document.createElement('div')
  container.innerHTML = renderToString(page)
  document.body.append(container)
  const recoverable = vi.fn()
  const root = await act(async () =>
    hydrateRoot(container, page, { onRecoverableError: recoverable }),
  )
  await vi.waitFor(() => expect(container.querySelector('.schedule-list')).not.toBeNull())
  expect(recoverable).not.toHaveBeenCalled()
  expect(error).not.toHaveBeenCalled()
  act(() => root.unmount())
  container.remove()
  error.mockRestore()
})
