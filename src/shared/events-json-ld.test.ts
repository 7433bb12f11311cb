import { expect, test } from 'vitest'
import { eventsJsonLd, scriptSafeJson } from './events-json-ld'
import { limits } from './limits'

test('script-safe JSON escapes every "<" and still parses to the same value', () => {
  const value = { name: '</script><script>alert(1)</script>' }
  const json = scriptSafeJson(value)
  expect(json).not.toContain('<')
  expect(JSON.parse(json)).toEqual(value)
})

test('each show ends when its calendar entry does and names its performers', () => {
  const [event] = eventsJsonLd(
    [
      {
        id: 'evt-1',
        name: 'Sunday Stand-Up',
        description: 'Fresh sets.\nMore.',
        startTime: '2026-11-22T22:00:00.000Z',
      },
    ],
    'https://punchlinevr.club',
  )
  expect(event).toMatchObject({
    startDate: '2026-11-22T22:00:00.000Z',
    endDate: new Date(Date.parse('2026-11-22T22:00:00.000Z') + limits.showRolloverMs).toISOString(),
    performer: { '@type': 'PerformingGroup', name: 'The comics of Punchline VR' },
    location: { url: 'https://punchlinevr.club/' },
  })
})
