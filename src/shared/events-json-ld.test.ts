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

test("a show with a lineup names its comics as performers, each a Person with their page's address", () => {
  const [event] = eventsJsonLd(
    [
      {
        id: 'evt-2',
        name: 'Tuesday Night Stand-Up',
        description: '',
        startTime: '2026-11-25T01:00:00.000Z',
        comics: [
          { name: 'Sam Stone', slug: 'sam-stone', role: 'host', url: '/comics/sam-stone' },
          { name: 'Lee Park', slug: 'lee-park', role: 'headliner', url: '/comics/lee-park' },
        ],
      },
    ],
    'https://punchlinevr.club',
  )
  expect(event?.performer).toEqual([
    { '@type': 'Person', name: 'Sam Stone', url: 'https://punchlinevr.club/comics/sam-stone' },
    { '@type': 'Person', name: 'Lee Park', url: 'https://punchlinevr.club/comics/lee-park' },
  ])
})
