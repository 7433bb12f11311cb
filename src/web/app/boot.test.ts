import { afterEach, expect, test, vi } from 'vitest'

const loaded = vi.hoisted(() => ({ main: 0 }))
vi.mock('./main', () => {
  loaded.main += 1
  return {}
})

afterEach(() => {
  vi.useRealTimers()
  document.body.innerHTML = ''
})

test("the dev server's page (only the pre-render marker in #root) starts the app at once", async () => {
  vi.useFakeTimers()
  document.body.innerHTML = '<div id="root"><!--app-html--></div>'
  vi.resetModules()
  await import('./boot')
  // No paint to wait for and no timer advanced: the app module is asked for straight away.
  await vi.dynamicImportSettled()
  expect(loaded.main).toBe(1)
})
