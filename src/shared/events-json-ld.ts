import { firstLine } from './first-line'
import { limits } from './limits'
import type { ScheduleEvent } from './schedule'
import { siteConfig } from './site-config'

/**
 * schema.org ComedyEvent items, so search engines can list the upcoming shows. The server puts
 * them in the landing page's HTML (server/plugins/built-pages.ts), where crawlers and link previews read them.
 */
export function eventsJsonLd(events: readonly ScheduleEvent[], origin: string) {
  const home = new URL('/', origin).href
  return events.map((event) => ({
    '@context': 'https://schema.org',
    '@type': 'ComedyEvent',
    name: event.name,
    description: firstLine(event.description),
    startDate: new Date(event.startTime).toISOString(),
    endDate: new Date(Date.parse(event.startTime) + limits.showRolloverMs).toISOString(),
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'VirtualLocation', name: siteConfig.worldName, url: home },
    organizer: { '@type': 'Organization', name: siteConfig.brand, url: home },
    // Its bill, each comic with their page; before a lineup is set, the club's comics as one group.
    performer:
      event.comics && event.comics.length > 0
        ? event.comics.map((comic) => ({
            '@type': 'Person',
            name: comic.name,
            url: new URL(comic.url, origin).href,
          }))
        : { '@type': 'PerformingGroup', name: `The comics of ${siteConfig.brand}` },
    image: [new URL('/images/og.png', origin).href],
  }))
}

/** The JSON, safe inside a script element: no "<" can close it early. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/** Structured data for search engines, as a page's head carries it. */
export function jsonLdScript(value: unknown): string {
  return `<script type="application/ld+json">${scriptSafeJson(value)}</script>`
}
