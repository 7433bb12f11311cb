import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

afterEach(() => {
  cleanup()
  // Stubbed globals (fetch) and spies (window.alert) never leak into the next test.
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  // Server-rendering tests run in the node environment, which has no localStorage.
  if (typeof localStorage !== 'undefined') localStorage.clear()
})
