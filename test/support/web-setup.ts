// Set-up of the unit project's files (jsdom): each test leaves the page, storage and stubs as it
// found them.
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  if (typeof localStorage !== 'undefined') localStorage.clear()
})
