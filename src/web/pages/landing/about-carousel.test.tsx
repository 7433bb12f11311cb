import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { limits } from '../../../shared/limits'
import { siteConfig } from '../../../shared/site-config'
import { AboutCarousel } from './about-carousel'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

function currentTitle(): string | null | undefined {
  const current = screen.getAllByRole('group').find((slide) => !slide.hasAttribute('inert'))
  return current?.querySelector('h3')?.textContent
}

test('has a slide for the show and for everything else the brand does', () => {
  render(<AboutCarousel />)
  const titles = screen.getAllByRole('group').map((slide) => slide.querySelector('h3')?.textContent)
  expect(titles).toEqual([
    'The show',
    siteConfig.analysisApp.name,
    siteConfig.servicesBusiness.name,
    'Workshops',
    'Open mics (18+ only)',
    'Private shows',
    'Lessons',
  ])
})

test('says plainly that open mic is 18+ only', () => {
  render(<AboutCarousel />)
  const slide = screen.getByText('Open mics (18+ only)').closest('[role="group"]')
  expect(slide?.textContent).toContain('Open mic is 18+ only')
})

test('links the analysis app and the services business', () => {
  render(<AboutCarousel />)
  const hrefs = Array.from(document.querySelectorAll('a')).map((link) => link.getAttribute('href'))
  expect(hrefs).toContain(siteConfig.analysisApp.url)
  expect(hrefs).toContain(siteConfig.servicesBusiness.url)
})

test('advances every 8 seconds', () => {
  render(<AboutCarousel />)
  expect(currentTitle()).toBe('The show')
  act(() => vi.advanceTimersByTime(limits.aboutCarouselMs - 1))
  expect(currentTitle()).toBe('The show')
  act(() => vi.advanceTimersByTime(1))
  expect(currentTitle()).toBe(siteConfig.analysisApp.name)
  expect(limits.aboutCarouselMs).toBe(8000)
})
