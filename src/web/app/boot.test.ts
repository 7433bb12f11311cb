import { afterEach, expect, test, vi } from 'vitest'

const loaded = vi.hoisted(() => ({ main: 0 }))
vi.mock('./entry-client', () => {
  loaded.main += 1
  return {}
})

afterEach(() => {
  document.body.innerHTML = ''
})

test('the entry asks for the app at once: the start script has already waited for the paint', async () => {
  document.body.innerHTML = '<div id="root"><!--app-html--></div>'
  vi.resetModules()
  await import('./boot')
  await vi.dynamicImportSettled()
  expect(loaded.main).toBe(1)
})
