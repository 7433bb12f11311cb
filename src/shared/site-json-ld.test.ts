import { expect, test } from 'vitest'
import { schemaOrgProblems } from '#test/schema-org'
import { catalogue } from './catalogue'
import type { OpenMicPublic } from './open-mic-api'
import { publicUrlMarker } from './page-rendering'
import { builtPageJsonLd, openMicJsonLd, storeProductsJsonLd } from './site-json-ld'

const origin = 'https://club.example'

test('the landing page tells search engines of the Organization and the WebSite; both valid', () => {
  const items = builtPageJsonLd('/', origin)
  expect(items.map((item) => (item as { '@type': string })['@type'])).toEqual([
    'Organization',
    'WebSite',
  ])
  for (const item of items) expect(schemaOrgProblems(item)).toEqual([])
  expect(builtPageJsonLd('/success', origin)).toEqual([])
})

test('the store lists each product on sale as a Product with its Offer: price, currency, availability and url', () => {
  const products = storeProductsJsonLd(origin)
  const onSale = catalogue.filter((product) => product.available && !product.membership)
  expect(products.map((product) => product.sku)).toEqual(onSale.map((product) => product.id))
  for (const product of products) expect(schemaOrgProblems(product)).toEqual([])
  expect(products[0]?.offers).toEqual({
    '@type': 'Offer',
    price: '14.99',
    priceCurrency: 'USD',
    availability: 'https://schema.org/InStock',
    url: 'https://club.example/store',
  })
  expect(builtPageJsonLd('/store', origin)).toEqual(products)
})

test("the build's marker for the site's address is kept whole, for the server to replace", () => {
  const [organization] = builtPageJsonLd('/', publicUrlMarker) as { url: string }[]
  expect(organization?.url).toBe(`${publicUrlMarker}/`)
})

test('an open mic is a valid Event: its running order as performers, its sign-up a free offer while open', () => {
  const openMic: OpenMicPublic = {
    showId: 'evt-1',
    showName: 'Tuesday Open Mic',
    startsAt: '2026-11-25T01:00:00.000Z',
    slots: 8,
    slotsLeft: 7,
    setMinutes: 5,
    opensAt: '2026-11-22T18:00:00.000Z',
    closesAt: '2026-11-25T00:00:00.000Z',
    rule: 'first-come',
    drawAt: null,
    open: true,
    runningOrder: [{ position: 1, name: 'Quinn Open', plannedAt: '2026-11-25T01:05:00.000Z' }],
    waitlistCount: 0,
    drawSeedHash: null,
    draw: null,
  }
  const event = openMicJsonLd(openMic, origin)
  expect(schemaOrgProblems(event)).toEqual([])
  expect(event.url).toBe('https://club.example/open-mic/evt-1')
  expect(event.performer).toEqual([{ '@type': 'Person', name: 'Quinn Open' }])
  expect(event.offers).toMatchObject({ price: '0.00', availability: 'https://schema.org/InStock' })
  const closed = openMicJsonLd({ ...openMic, open: false, runningOrder: [] }, origin)
  expect(schemaOrgProblems(closed)).toEqual([])
  expect(closed.offers.availability).toBe('https://schema.org/SoldOut')
})
