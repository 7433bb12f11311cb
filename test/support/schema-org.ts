/**
 * A small offline validator of the schema.org shapes the site writes as JSON-LD: Event (and
 * ComedyEvent), Offer, Organization, WebSite, Product, Person, PerformingGroup and
 * VirtualLocation, with schema.org's properties of each type and Google's required and
 * recommended properties of an Event, a Product's offer and an Organization
 * (developers.google.com/search/docs/appearance/structured-data: event, product, organization).
 * No package validates schema.org offline, so this says what those pages say, no more: it answers
 * the problems it finds, each naming where (empty: valid).
 */

type Json = Record<string, unknown>

const eventTypes = ['Event', 'ComedyEvent']

/** schema.org's properties of each type the site writes (and those of Thing every type has). */
const thing = ['@context', '@type', '@id', 'name', 'description', 'url', 'image', 'sameAs']
const properties: Record<string, readonly string[]> = {
  Event: [
    ...thing,
    'startDate',
    'endDate',
    'eventStatus',
    'eventAttendanceMode',
    'location',
    'organizer',
    'performer',
    'offers',
    'previousStartDate',
  ],
  Offer: [
    ...thing,
    'price',
    'priceCurrency',
    'availability',
    'validFrom',
    'validThrough',
    'category',
    'itemOffered',
  ],
  Organization: [...thing, 'logo', 'email', 'contactPoint'],
  WebSite: [...thing, 'publisher', 'inLanguage'],
  Product: [...thing, 'offers', 'brand', 'sku', 'category'],
  Person: thing,
  PerformingGroup: thing,
  VirtualLocation: thing,
  Place: [...thing, 'address'],
  ContactPoint: [...thing, 'email', 'contactType'],
}
properties.ComedyEvent = properties.Event ?? []

const eventStatuses = [
  'EventScheduled',
  'EventCancelled',
  'EventMovedOnline',
  'EventPostponed',
  'EventRescheduled',
].map((status) => `https://schema.org/${status}`)
const attendanceModes = ['Online', 'Offline', 'Mixed'].map(
  (mode) => `https://schema.org/${mode}EventAttendanceMode`,
)
const availabilities = [
  'InStock',
  'SoldOut',
  'PreOrder',
  'PreSale',
  'OutOfStock',
  'Discontinued',
  'LimitedAvailability',
  'OnlineOnly',
  'BackOrder',
].map((value) => `https://schema.org/${value}`)

/** ISO 8601 date-time with a zone, as Google asks of startDate, endDate and validFrom. */
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isUrl = (value: unknown) => {
  if (typeof value !== 'string') return false
  try {
    return /^https?:$/.test(new URL(value).protocol)
  } catch {
    return false
  }
}
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value])

/** The problems of a JSON-LD item (and the items inside it), each as "path: what". */
export function schemaOrgProblems(item: unknown, where = '$'): string[] {
  if (!isObject(item)) return [`${where}: not an object`]
  const problems: string[] = []
  const type = item['@type']
  if (typeof type !== 'string' || !properties[type]) {
    return [`${where}: @type ${JSON.stringify(type)} is not a type this validator knows`]
  }
  if (where === '$' && item['@context'] !== 'https://schema.org') {
    problems.push(`${where}: @context is not https://schema.org`)
  }
  for (const key of Object.keys(item)) {
    if (!properties[type]?.includes(key)) problems.push(`${where}: ${type} has no property ${key}`)
  }
  const need = (key: string, check: (value: unknown) => boolean, what: string) => {
    if (item[key] === undefined) problems.push(`${where}: ${type} needs ${key}`)
    else if (!check(item[key])) problems.push(`${where}.${key}: not ${what}`)
  }
  const may = (key: string, check: (value: unknown) => boolean, what: string) => {
    if (item[key] !== undefined && !check(item[key])) problems.push(`${where}.${key}: not ${what}`)
  }
  const text = (value: unknown) => typeof value === 'string' && value.trim() !== ''
  may('url', isUrl, 'an absolute URL')
  may('image', (value) => list(value).every(isUrl), 'an absolute URL or a list of them')
  may('sameAs', (value) => list(value).every(isUrl), 'an absolute URL or a list of them')
  const nested = (key: string, types: readonly string[]) => {
    list(item[key]).forEach((child, index) => {
      if (item[key] === undefined) return
      const at = Array.isArray(item[key]) ? `${where}.${key}[${index}]` : `${where}.${key}`
      if (!isObject(child) || !types.includes(String(child['@type']))) {
        problems.push(`${at}: not one of ${types.join(', ')}`)
        return
      }
      problems.push(...schemaOrgProblems(child, at))
    })
  }
  if (eventTypes.includes(type)) {
    // Google's required properties of an Event, and its recommended ones as the site writes them.
    need('name', text, 'a name')
    need('startDate', (value) => isoDateTime.test(String(value)), 'an ISO 8601 date-time')
    need('location', isObject, 'a place')
    may('endDate', (value) => isoDateTime.test(String(value)), 'an ISO 8601 date-time')
    if (item.endDate && item.startDate && String(item.endDate) < String(item.startDate)) {
      problems.push(`${where}.endDate: before startDate`)
    }
    need('eventStatus', (value) => eventStatuses.includes(String(value)), 'an EventStatusType')
    need(
      'eventAttendanceMode',
      (value) => attendanceModes.includes(String(value)),
      'an EventAttendanceModeEnumeration',
    )
    need('image', (value) => list(value).every(isUrl), 'an absolute URL or a list of them')
    need('description', text, 'a description')
    need('organizer', isObject, 'an organizer')
    need('performer', (value) => list(value).length > 0, 'a performer')
    need('offers', (value) => list(value).length > 0, 'an offer or a list of them')
    nested('location', ['VirtualLocation', 'Place'])
    nested('organizer', ['Organization', 'Person'])
    nested('performer', ['Person', 'PerformingGroup'])
    nested('offers', ['Offer'])
    if (
      item.eventAttendanceMode === 'https://schema.org/OnlineEventAttendanceMode' &&
      isObject(item.location) &&
      item.location['@type'] !== 'VirtualLocation'
    ) {
      problems.push(`${where}.location: an online event is at a VirtualLocation`)
    }
  }
  if (type === 'VirtualLocation') need('url', isUrl, 'an absolute URL')
  if (type === 'Place') need('address', Boolean, 'an address')
  if (type === 'Offer') {
    need('price', (value) => /^\d+(\.\d+)?$/.test(String(value)), 'a number')
    need('priceCurrency', (value) => /^[A-Z]{3}$/.test(String(value)), 'an ISO 4217 currency')
    need('availability', (value) => availabilities.includes(String(value)), 'an ItemAvailability')
    need('url', isUrl, 'an absolute URL')
    may('validFrom', (value) => isoDateTime.test(String(value)), 'an ISO 8601 date-time')
  }
  if (['Organization', 'Person', 'PerformingGroup', 'WebSite'].includes(type)) {
    need('name', text, 'a name')
  }
  if (type === 'Organization' || type === 'WebSite') need('url', isUrl, 'an absolute URL')
  if (type === 'WebSite') nested('publisher', ['Organization'])
  if (type === 'Product') {
    need('name', text, 'a name')
    need('image', (value) => list(value).every(isUrl), 'an absolute URL or a list of them')
    need('offers', (value) => list(value).length > 0, 'an offer or a list of them')
    nested('offers', ['Offer'])
    nested('brand', ['Organization'])
  }
  return problems
}
