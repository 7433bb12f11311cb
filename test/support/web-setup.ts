import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, vi } from 'vitest'

afterEach(() => {
  cleanup()
  // Stubbed globals (fetch) and spies (window.alert) never leak into the next test.
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  // Server-rendering tests run in the node environment, which has no localStorage.
  if (typeof localStorage !== 'undefined') localStorage.clear()
})

// The unit files share their worker's document (vitest.config.ts, isolate: false): each file
// leaves it as the next one expects to find it, whatever the file did to it.
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
