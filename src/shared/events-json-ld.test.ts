import { expect, test } from 'vitest'
import { scriptSafeJson } from './events-json-ld'

test('script-safe JSON escapes every "<" and still parses to the same value', () => {
  const value = { name: '</script><script>alert(1)</script>' }
  const json = scriptSafeJson(value)
  expect(json).not.toContain('<')
  expect(JSON.parse(json)).toEqual(value)
})
