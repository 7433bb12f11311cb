import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { startScript } from './start-script'

type PaintCallback = (list: { getEntriesByName(name: string): unknown[] }) => void

let paint: PaintCallback | undefined
let readyState: DocumentReadyState

beforeEach(() => {
  vi.useFakeTimers()
  paint = undefined
  readyState = 'interactive'
  vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState)
  vi.stubGlobal(
    'PerformanceObserver',
    Object.assign(
      class {
        constructor(callback: PaintCallback) {
          paint = callback
        }
        observe() {}
        disconnect() {}
      },
      { supportedEntryTypes: ['paint'] },
    ),
  )
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16))
  document.head.innerHTML = ''
  document.body.innerHTML =
    '<div id="root" data-entry="/assets/boot.js" data-modules="/assets/page.js /assets/shared.js"><main>Hello</main></div>'
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const started = () =>
  [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'))
const preloaded = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) =>
    l.getAttribute('href'),
  )
const paintNow = () =>
  paint?.({
    getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []),
  })

test('nothing is fetched before the first paint and the load; then the entry and the page chunks', () => {
  new Function(startScript)()
  expect(started()).toEqual([])
  paintNow()
  vi.advanceTimersByTime(100)
  // Painted, but the page's pictures are still loading.
  expect(started()).toEqual([])
  readyState = 'complete'
  window.dispatchEvent(new Event('load'))
  vi.advanceTimersByTime(100)
  expect(started()).toEqual(['/assets/boot.js'])
  expect(preloaded()).toEqual(['/assets/page.js', '/assets/shared.js'])
  // Once only, whatever fires later.
  vi.advanceTimersByTime(5000)
  expect(started()).toEqual(['/assets/boot.js'])
})

test('a page already loaded starts after its paint; a tab that never paints after 2 s', () => {
  readyState = 'complete'
  new Function(startScript)()
  paintNow()
  vi.advanceTimersByTime(100)
  expect(started()).toEqual(['/assets/boot.js'])

  document.head.innerHTML = ''
  new Function(startScript)()
  vi.advanceTimersByTime(1900)
  expect(started()).toEqual([])
  vi.advanceTimersByTime(200)
  expect(started()).toEqual(['/assets/boot.js'])
})

test('a page without an entry to start (the shell, the dev server) is left alone', () => {
  document.body.innerHTML = '<div id="root"></div>'
  readyState = 'complete'
  new Function(startScript)()
  paintNow()
  vi.advanceTimersByTime(3000)
  expect(started()).toEqual([])
})
