import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { Carousel } from './carousel'

const slides = ['Alpha', 'Bravo', 'Charlie', 'Delta'].map((word) => ({
  key: word,
  content: <a href="/store">{word}</a>,
}))

function renderCarousel(intervalMs = 5000) {
  return render(
    <Carousel label="Test slides" slides={slides} intervalMs={intervalMs} layout="peek" />,
  )
}

/** The slide a visitor sees and can reach: the one that is not inert. */
function currentSlide(): string | null {
  const current = screen.getAllByRole('group').filter((slide) => !slide.hasAttribute('inert'))
  expect(current).toHaveLength(1)
  return current[0]?.textContent ?? null
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

test('follows the WAI-ARIA carousel pattern: a labelled carousel of numbered slides', () => {
  renderCarousel()
  const carousel = screen.getByRole('region', { name: 'Test slides' })
  expect(carousel.getAttribute('aria-roledescription')).toBe('carousel')
  const groups = screen.getAllByRole('group')
  expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual([
    '1 of 4',
    '2 of 4',
    '3 of 4',
    '4 of 4',
  ])
  for (const group of groups) expect(group.getAttribute('aria-roledescription')).toBe('slide')
})

test('puts the rotation control first, then previous and next', () => {
  renderCarousel()
  const buttons = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))
  expect(buttons).toEqual(['Stop automatic slide show', 'Previous slide', 'Next slide'])
})

test('advances one slide per interval and wraps around', () => {
  renderCarousel(5000)
  expect(currentSlide()).toBe('Alpha')
  act(() => vi.advanceTimersByTime(4999))
  expect(currentSlide()).toBe('Alpha')
  act(() => vi.advanceTimersByTime(1))
  expect(currentSlide()).toBe('Bravo')
  act(() => vi.advanceTimersByTime(5000 * 3))
  expect(currentSlide()).toBe('Alpha')
})

test('previous and next move by one slide, wrapping at both ends', () => {
  renderCarousel()
  fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }))
  expect(currentSlide()).toBe('Delta')
  fireEvent.click(screen.getByRole('button', { name: 'Next slide' }))
  fireEvent.click(screen.getByRole('button', { name: 'Next slide' }))
  expect(currentSlide()).toBe('Bravo')
})

test('the pause button stops rotation and the play button starts it again', () => {
  renderCarousel(5000)
  // fireEvent.click leaves focus where it was, so only the button's own effect is seen here.
  fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }))
  act(() => vi.advanceTimersByTime(20_000))
  expect(currentSlide()).toBe('Alpha')
  expect(
    screen.getByRole('group', { name: '1 of 4' }).parentElement?.getAttribute('aria-live'),
  ).toBe('polite')

  fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }))
  act(() => vi.advanceTimersByTime(5000))
  expect(currentSlide()).toBe('Bravo')
})

test('rotation pauses while the pointer is over the carousel and resumes when it leaves', () => {
  renderCarousel(5000)
  const carousel = screen.getByRole('region', { name: 'Test slides' })
  fireEvent.mouseEnter(carousel)
  act(() => vi.advanceTimersByTime(20_000))
  expect(currentSlide()).toBe('Alpha')
  fireEvent.mouseLeave(carousel)
  act(() => vi.advanceTimersByTime(5000))
  expect(currentSlide()).toBe('Bravo')
})

test('rotation pauses while keyboard focus is inside and the live region turns polite', () => {
  renderCarousel(5000)
  const live = screen.getByRole('group', { name: '1 of 4' }).parentElement
  expect(live?.getAttribute('aria-live')).toBe('off')
  const next = screen.getByRole('button', { name: 'Next slide' })
  act(() => next.focus())
  expect(live?.getAttribute('aria-live')).toBe('polite')
  act(() => vi.advanceTimersByTime(20_000))
  expect(currentSlide()).toBe('Alpha')
  act(() => next.blur())
  act(() => vi.advanceTimersByTime(5000))
  expect(currentSlide()).toBe('Bravo')
})

test('does not rotate at all when the visitor prefers reduced motion', () => {
  stubReducedMotion(true)
  renderCarousel(5000)
  act(() => vi.advanceTimersByTime(60_000))
  expect(currentSlide()).toBe('Alpha')
  expect(screen.getByRole('button', { name: 'Start automatic slide show' })).toBeTruthy()
})

test('rotates when the visitor has no reduced-motion preference', () => {
  stubReducedMotion(false)
  renderCarousel(5000)
  act(() => vi.advanceTimersByTime(5000))
  expect(currentSlide()).toBe('Bravo')
})

test('a slide reached by hand gets a full interval before rotation moves on', () => {
  renderCarousel(5000)
  act(() => vi.advanceTimersByTime(4000))
  fireEvent.click(screen.getByRole('button', { name: 'Next slide' }))
  act(() => vi.advanceTimersByTime(4000))
  expect(currentSlide()).toBe('Bravo')
  act(() => vi.advanceTimersByTime(1000))
  expect(currentSlide()).toBe('Charlie')
})
