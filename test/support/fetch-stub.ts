import { vi } from 'vitest'

/**
 * Replaces the global fetch (the browser's edge) with one that answers each call with
 * `answer()`. web-setup.ts restores the real one after every test.
 */
export function stubFetch(answer: () => Promise<Response>) {
  const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer())
  vi.stubGlobal('fetch', fetch)
  return fetch
}
