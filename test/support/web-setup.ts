// Set-up of the unit project's files (jsdom): each test leaves the page, storage and stubs as it
// found them.
import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll, vi } from 'vitest'

// The answers' schemas load with a page's first answer (src/web/api/answer-schemas.ts): loaded
// here first, so a test's timeout or fake clock never waits on their first transform.
beforeAll(() => import('../../src/web/api/answer-schemas'))

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  if (typeof localStorage !== 'undefined') localStorage.clear()
})
