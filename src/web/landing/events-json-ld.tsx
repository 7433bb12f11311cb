import { firstLine } from '../../shared/first-line'
import type { ScheduleEvent } from '../../shared/schedule'
import { siteConfig } from '../../shared/site-config'

/** schema.org ComedyEvent items, so search engines can list the upcoming shows. */
export function eventsJsonLd(events: readonly ScheduleEvent[], origin: string) {
  const home = new URL('/', origin).href
  return events.map((event) => ({
    '@context': 'https://schema.org',
    '@type': 'ComedyEvent',
    name: event.name,
    description: firstLine(event.description),
    startDate: new Date(event.startTime).toISOString(),
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'VirtualLocation', name: siteConfig.worldName, url: home },
    organizer: { '@type': 'Organization', name: siteConfig.brand, url: home },
    image: [new URL('/images/og.png', origin).href],
  }))
}

/** The JSON, safe inside a script element: no "<" can close it early. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/** Rendered only once events are loaded, which happens in the browser after mount. */
export function EventsJsonLd({ events }: { events: readonly ScheduleEvent[] }) {
  if (events.length === 0) return null
  const data = eventsJsonLd(events, window.location.origin)
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data, "<" escaped by scriptSafeJson
      dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }}
    />
  )
}
