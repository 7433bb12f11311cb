import { afterEach, expect, test } from 'vitest'
import { readPageJson } from './page-json'

const id = 'page-json-test'
const asName = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { name?: unknown }).name === 'string'
    ? (value as { name: string })
    : null

function pageWith(text: string): void {
  const script = document.createElement('script')
  script.type = 'application/json'
  script.id = id
  script.textContent = text
  document.body.append(script)
}

afterEach(() => {
  document.getElementById(id)?.remove()
})

test("reads the server's JSON through the page's reader", () => {
  pageWith('{"name":"Dana"}')
  expect(readPageJson(id, asName)).toEqual({ name: 'Dana' })
})

test('a page without the element, with text that is not JSON, or with JSON its reader refuses: null', () => {
  expect(readPageJson(id, asName)).toBeNull()
  pageWith('{"name":')
  expect(readPageJson(id, asName)).toBeNull()
  document.getElementById(id)?.remove()
  pageWith('{"name":42}')
  expect(readPageJson(id, asName)).toBeNull()
  document.getElementById(id)?.remove()
  pageWith('')
  expect(readPageJson(id, () => ({ name: 'never asked' }))).toBeNull()
})
