import { act, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { lineMismatches } from '#test/catalogue-facts'
import { catalogue } from '../../../shared/catalogue'
import { limits } from '../../../shared/limits'
import { formatUsd } from '../../../shared/money'
import { TransitionRouter } from '../../components/transition-router'
import { ItemCarousel } from './item-carousel'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

function renderItems(random?: () => number) {
  return render(
    <TransitionRouter url="/">
      <ItemCarousel random={random} />
    </TransitionRouter>,
  )
}

function slideNames(): string[] {
  return screen
    .getAllByRole('group')
    .map((slide) => slide.querySelector('.item-slide-name')?.textContent ?? '')
}

function currentName(): string | null | undefined {
  const current = screen.getAllByRole('group').find((slide) => !slide.hasAttribute('inert'))
  return current?.querySelector('.item-slide-name')?.textContent
}

test('shows every catalogue item with its name and price', () => {
  renderItems()
  const carousel = screen.getByRole('region', { name: 'Store items' })
  expect(within(carousel).getAllByRole('group')).toHaveLength(catalogue.length)
  expect(catalogue.length).toBe(8)
  for (const product of catalogue) {
    const name = within(carousel).getByText(product.name)
    const slide = name.closest('[role="group"]')
    expect(slide?.textContent).toContain(formatUsd(product.priceCents))
  }
})

test("every slide says what its item's catalogue entry declares, and nothing it does not", () => {
  renderItems()
  for (const product of catalogue) {
    const slide = screen.getByText(product.name).closest('[role="group"]')
    const blurb = slide?.querySelector('.item-slide-blurb')?.textContent ?? ''
    expect(lineMismatches(product, blurb.split(' · '))).toEqual([])
  }
})

test('every slide is a link to the store (a membership to its section there)', () => {
  renderItems()
  const links = screen.getAllByRole('group').map((slide) => slide.querySelector('a'))
  expect(links).toHaveLength(catalogue.length)
  for (const link of links)
    expect(link?.getAttribute('href')).toMatch(/^\/store(#store-memberships)?$/)
})

test('shuffles the items after mount', () => {
  // Always 0: each step swaps the last unshuffled item with the first, a known non-identity order.
  renderItems(() => 0)
  const names = slideNames()
  expect(names).not.toEqual(catalogue.map((product) => product.name))
  expect([...names].sort()).toEqual(catalogue.map((product) => product.name).sort())
})

test('advances to the next item every 7 seconds', () => {
  renderItems()
  const order = slideNames()
  expect(currentName()).toBe(order[0])
  act(() => vi.advanceTimersByTime(limits.itemCarouselMs - 1))
  expect(currentName()).toBe(order[0])
  act(() => vi.advanceTimersByTime(1))
  expect(currentName()).toBe(order[1])
  act(() => vi.advanceTimersByTime(limits.itemCarouselMs))
  expect(currentName()).toBe(order[2])
  expect(limits.itemCarouselMs).toBe(7000)
})

test('a membership slide links to the store\'s memberships and carries "Join" beside "Coming Soon"', () => {
  renderItems()
  const carousel = screen.getByRole('region', { name: 'Store items' })
  const tier = within(carousel)
    .getAllByRole('group')
    .find((slide) => slide.querySelector('.item-slide-name')?.textContent === 'Tier 1')
  const link = tier?.querySelector('a')
  expect(link?.getAttribute('href')).toBe('/store#store-memberships')
  // The page's CSS shows one of the two from <html data-memberships> (landing.css).
  expect(link?.querySelector('.item-slide-closed')?.textContent).toBe('Coming Soon')
  expect(link?.querySelector('.item-slide-open')?.textContent).toBe('Join')
})
