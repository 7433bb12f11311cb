import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
  // Server-rendering tests run in the node environment, which has no localStorage.
  if (typeof localStorage !== 'undefined') localStorage.clear()
})
