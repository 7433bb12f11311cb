import { act, render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { TransitionRouter } from '../../components/transition-router'
import { Hero } from './hero'
import { landingTexts } from './landing-texts'

afterEach(() => {
  vi.useRealTimers()
})

const events = [
  {
    id: 'sun',
    name: 'Sunday Stand-Up',
    description: 'Live.',
    startTime: '2026-11-22T22:00:00.000Z',
  },
]

async function heroAt(now: string) {
  vi.useFakeTimers({ now: new Date(now) })
  render(
    <TransitionRouter url="/">
      <Hero events={events} timeZone="America/Chicago" />
    </TransitionRouter>,
  )
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0)
  })
  // Both words are there (the line keeps its width); the other one is unseen.
  return screen
    .getAllByText(/^(On now|Next show)$/)
    .filter((label) => !label.classList.contains('is-unseen'))
    .map((label) => label.textContent)
    .join()
}

test('before the show the hero says "Next show"', async () => {
  expect(await heroAt('2026-11-22T20:00:00.000Z')).toBe(landingTexts.nextShow)
})

test('while the show is on the hero says "On now"', async () => {
  expect(await heroAt('2026-11-22T22:30:00.000Z')).toBe(landingTexts.onNow)
})
