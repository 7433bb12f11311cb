// Set-up of the unit project's files (jsdom): each test leaves the page, storage and stubs as it
// found them.
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'

// The answers' schemas load with a page's first answer (src/web/api/answer-schemas.ts and
// people-answer-schemas.ts): loaded here first, so a test's timeout or fake clock never waits on
// their first transform.
beforeAll(() =>
  Promise.all([
    import('../../src/web/api/answer-schemas'),
    import('../../src/web/api/people-answer-schemas'),
  ]),
)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  if (typeof localStorage !== 'undefined') localStorage.clear()
})

// With one jsdom per worker (isolate: false), each file leaves the document as the next expects.
afterAll(() => {
  vi.useRealTimers()
  if (typeof document === 'undefined') return
  sessionStorage.clear()
  document.title = ''
  document.head.replaceChildren()
  document.body.replaceChildren()
  for (const { name } of [...document.documentElement.attributes]) {
    document.documentElement.removeAttribute(name)
  }
  window.history.replaceState(null, '', '/')
})
