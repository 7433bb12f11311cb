import { catalogue } from './catalogue'
import { toDollars } from './money'
import { openMicPath } from './open-mic'
import type { OpenMicPublic } from './open-mic-api'
import { paths } from './pages'
import { showEnd } from './show-json-ld'
import { showCardPath } from './show-page-view'
import { siteConfig } from './site-config'

/**
 * The schema.org items that tell search engines what the club is, besides each show's Event
 * (show-page-view.ts): the Organization and the WebSite on the landing page, a Product with its
 * Offer for each thing the store sells, an Event for each open mic
 * (docs/decisions/048-a-page-for-every-show.md).
 */

/**
 * A path of the site by its whole address. Joined, not parsed: the build writes a marker for the
 * site's address (publicUrlMarker), which the server replaces with its own.
 */
const at = (origin: string, path: string) => `${origin}${path}`

export function organizationJsonLd(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: siteConfig.brand,
    url: at(origin, paths.home),
    logo: at(origin, '/images/og.png'),
    description: siteConfig.tagline,
    email: siteConfig.contactEmail,
  }
}

export function websiteJsonLd(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: siteConfig.brand,
    url: at(origin, paths.home),
    inLanguage: 'en-US',
    publisher: {
      '@type': 'Organization',
      name: siteConfig.brand,
      url: at(origin, paths.home),
    },
  }
}

/** The store's products on sale (memberships only while they are sold: not known at build). */
export function storeProductsJsonLd(origin: string) {
  const store = at(origin, paths.store)
  return catalogue
    .filter((product) => product.available && !product.membership)
    .map((product) => ({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: `${product.name} · ${siteConfig.brand}`,
      description: `${product.category}: ${product.boosts} boosts for the comics, redeemed at the kiosk in the world.`,
      image: at(origin, product.image),
      sku: product.id,
      category: product.category,
      brand: {
        '@type': 'Organization',
        name: siteConfig.brand,
        url: at(origin, paths.home),
      },
      offers: {
        '@type': 'Offer',
        price: toDollars(product.priceCents).toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: store,
      },
    }))
}

/** The JSON-LD of a page built once: the landing page's Organization and WebSite, the store's products. */
export function builtPageJsonLd(path: string, origin: string): object[] {
  if (path === paths.home) return [organizationJsonLd(origin), websiteJsonLd(origin)]
  if (path === paths.store) return storeProductsJsonLd(origin)
  return []
}

/**
 * An open mic as an Event: its show's time, its page, the comics of its running order, and its
 * sign-up as a free offer (on sale while sign-ups are open).
 */
export function openMicJsonLd(openMic: OpenMicPublic, origin: string) {
  const home = at(origin, paths.home)
  const page = at(origin, openMicPath(openMic.showId))
  return {
    '@context': 'https://schema.org',
    '@type': 'ComedyEvent',
    name: `Open mic: ${openMic.showName}`,
    description: `The open mic of ${openMic.showName} at ${siteConfig.brand}: ${openMic.slots} sets of ${openMic.setMinutes} minutes, live in virtual reality.`,
    url: page,
    startDate: new Date(openMic.startsAt).toISOString(),
    endDate: showEnd(openMic.startsAt).toISOString(),
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'VirtualLocation', name: siteConfig.worldName, url: home },
    image: [at(origin, showCardPath(openMic.showId))],
    organizer: { '@type': 'Organization', name: siteConfig.brand, url: home },
    performer:
      openMic.runningOrder.length > 0
        ? openMic.runningOrder.map((entry) => ({ '@type': 'Person', name: entry.name }))
        : { '@type': 'PerformingGroup', name: `The open-mic comics of ${siteConfig.brand}` },
    offers: {
      '@type': 'Offer',
      name: 'Open-mic sign-up',
      price: '0.00',
      priceCurrency: 'USD',
      availability: openMic.open ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url: page,
      validFrom: new Date(openMic.opensAt).toISOString(),
      validThrough: new Date(openMic.closesAt).toISOString(),
    },
  }
}
