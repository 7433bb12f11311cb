import { expect, test } from 'vitest'
import { schemaOrgProblems } from '#test/schema-org'
import { showJsonLd, showPhase } from './show-json-ld'
import { type ShowPageData, showPageHead } from './show-page-view'

const origin = 'https://club.example'
const found: Extract<ShowPageData, { state: 'found' }> = {
  state: 'found',
  show: {
    id: 'regular-20261122T2200Z',
    name: 'Sunday Stand-Up',
    description: 'Live stand-up.\nSecond line.',
    startTime: '2026-11-22T22:00:00.000Z',
  },
  phase: 'upcoming',
  lineup: [
    {
      name: 'Sam Stone',
      slug: 'sam-stone',
      role: 'host',
      url: '/comics/sam-stone',
      pictureUrl: null,
    },
  ],
  openMic: null,
  onStage: null,
  onSale: true,
  next: null,
}

test("a show's JSON-LD is a valid Event: Google's required and recommended properties, offers with price, currency, availability and url", () => {
  const event = showJsonLd(found, origin)
  expect(schemaOrgProblems(event)).toEqual([])
  expect(event.description).toBe('Live stand-up.')
  expect(schemaOrgProblems(showJsonLd({ ...found, lineup: [] }, origin))).toEqual([])
})

test('the validator finds what a search engine would refuse', () => {
  const event = showJsonLd(found, origin)
  const { startDate: _start, ...noStart } = event
  expect(schemaOrgProblems(noStart)).toEqual(['$: ComedyEvent needs startDate'])
  const offer = event.offers[0]
  expect(
    schemaOrgProblems({ ...event, offers: [{ ...offer, priceCurrency: 'usd', price: '$4.99' }] }),
  ).toEqual([
    '$.offers[0].price: not a number',
    '$.offers[0].priceCurrency: not an ISO 4217 currency',
  ])
  expect(schemaOrgProblems({ ...event, offers: [{ ...offer, availability: 'InStock' }] })).toEqual([
    '$.offers[0].availability: not an ItemAvailability',
  ])
  expect(schemaOrgProblems({ ...event, location: { '@type': 'VirtualLocation' } })).toEqual([
    '$.location: VirtualLocation needs url',
  ])
  expect(
    schemaOrgProblems({ ...event, organizer: { '@type': 'Organization', name: 'x' } }),
  ).toEqual(['$.organizer: Organization needs url'])
  expect(schemaOrgProblems({ ...event, endDate: '2026-11-22T21:00:00Z' })).toEqual([
    '$.endDate: before startDate',
  ])
  expect(schemaOrgProblems({ ...event, starts: event.startDate })).toEqual([
    '$: ComedyEvent has no property starts',
  ])
  expect(schemaOrgProblems({ ...event, eventStatus: 'Scheduled' })).toEqual([
    '$.eventStatus: not an EventStatusType',
  ])
})

test("a show's head: its own title and card, wide; a removed show kept out of search engines", () => {
  const head = showPageHead(found)
  expect(head.title).toBe('Sunday Stand-Up, Sun, Nov 22, 4:00 PM CT · Punchline VR')
  expect(head.image?.url).toBe('/shows/regular-20261122T2200Z/card.png')
  expect(head.wideImage).toBe(true)
  expect(showPageHead({ state: 'gone', id: 'x', next: null }).noindex).toBe(true)
})

test('a show is upcoming before its start, on for three hours, then over', () => {
  const start = '2026-11-22T22:00:00.000Z'
  expect(showPhase(start, new Date('2026-11-22T21:59:59Z'))).toBe('upcoming')
  expect(showPhase(start, new Date('2026-11-22T22:00:00Z'))).toBe('on')
  expect(showPhase(start, new Date('2026-11-23T00:59:59Z'))).toBe('on')
  expect(showPhase(start, new Date('2026-11-23T01:00:00Z'))).toBe('over')
})
