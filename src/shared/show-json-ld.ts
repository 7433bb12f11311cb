import { catalogue } from './catalogue'
import { firstLine } from './first-line'
import { limits } from './limits'
import { toDollars } from './money'
import { paths } from './pages'
import { showPath } from './schedule'
import { type ShowPageData, type ShowPhase, showCardPath } from './show-page-view'
import { siteConfig } from './site-config'

/*
 * What the server works out for a show's page and tells search engines: where the show stands,
 * and its ComedyEvent JSON-LD with its offers. Apart from show-page-view.ts, so the page's
 * JavaScript carries neither the catalogue nor these rules (docs/decisions/048-a-page-for-every-show.md).
 */

/** The show's end, as the schedule counts it: start + the rollover (3 hours). */
export function showEnd(startTime: string): Date {
  return new Date(Date.parse(startTime) + limits.showRolloverMs)
}

/** Where a show starting at `startTime` stands at `now`. */
export function showPhase(startTime: string, now: Date): ShowPhase {
  const start = Date.parse(startTime)
  if (now.getTime() < start) return 'upcoming'
  return now.getTime() < showEnd(startTime).getTime() ? 'on' : 'over'
}

/** The products a fan buys for a show (memberships are not for one show). */
export const showProducts = catalogue.filter((product) => !product.membership && product.available)

/**
 * schema.org ComedyEvent of the show (Google's Event: name, startDate, location; and performer,
 * organizer, eventStatus, eventAttendanceMode, image, offers), its offers the store's products for
 * a show at their prices.
 */
export function showJsonLd(data: Extract<ShowPageData, { state: 'found' }>, origin: string) {
  const { show } = data
  const home = new URL(paths.home, origin).href
  const url = new URL(showPath(show.id), origin).href
  const storeUrl = new URL(paths.store, origin).href
  const availability =
    data.phase === 'over'
      ? 'https://schema.org/SoldOut'
      : data.onSale
        ? 'https://schema.org/InStock'
        : 'https://schema.org/PreOrder'
  return {
    '@context': 'https://schema.org',
    '@type': 'ComedyEvent',
    name: show.name,
    description: firstLine(show.description),
    url,
    startDate: new Date(show.startTime).toISOString(),
    endDate: showEnd(show.startTime).toISOString(),
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'VirtualLocation', name: siteConfig.worldName, url: home },
    image: [new URL(showCardPath(show.id), origin).href],
    organizer: { '@type': 'Organization', name: siteConfig.brand, url: home },
    performer:
      data.lineup.length > 0
        ? data.lineup.map((comic) => ({
            '@type': 'Person',
            name: comic.name,
            url: new URL(comic.url, origin).href,
            ...(comic.pictureUrl ? { image: new URL(comic.pictureUrl, origin).href } : {}),
          }))
        : { '@type': 'PerformingGroup', name: `The comics of ${siteConfig.brand}` },
    offers: showProducts.map((product) => ({
      '@type': 'Offer',
      name: product.name,
      price: toDollars(product.priceCents).toFixed(2),
      priceCurrency: 'USD',
      availability,
      url: storeUrl,
      validFrom: new Date(0).toISOString(),
    })),
  }
}
