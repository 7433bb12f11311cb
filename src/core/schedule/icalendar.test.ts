import ICAL from 'ical.js'
import { expect, test } from 'vitest'
import { escapeText, foldLine, formatUtcDateTime, serializeCalendar } from './icalendar'

const stamp = new Date('2026-11-22T18:00:00Z')

/** Parses with ical.js, the iCalendar parser many calendar apps are built on. */
function parse(text: string) {
  return new ICAL.Component(ICAL.parse(text))
}

function physicalLines(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true)
  return text.slice(0, -2).split('\r\n')
}

test('times are written as UTC date-times', () => {
  expect(formatUtcDateTime(new Date('2026-11-22T22:00:00.000Z'))).toBe('20261122T220000Z')
})

test('text escapes backslashes, semicolons, commas and newlines', () => {
  expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
  expect(escapeText('bell\u0007 tab\tok')).toBe('bell tab\tok')
})

test('long lines fold at 75 octets without splitting a character', () => {
  const line = `DESCRIPTION:${'Stand-up 🎤 comedy, live ünd lôud. '.repeat(12)}`
  const folded = foldLine(line)
  const parts = folded.split('\r\n')
  expect(parts.length).toBeGreaterThan(1)
  for (const [i, part] of parts.entries()) {
    expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75)
    if (i > 0) expect(part.startsWith(' ')).toBe(true)
    // A split inside a character would leave a replacement character after a UTF-8 round trip.
    expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part)
    expect(part).not.toMatch(/[\uD800-\uDBFF]$|^ ?[\uDC00-\uDFFF]/)
  }
  expect(folded.replace(/\r\n /g, '')).toBe(line)
  expect(foldLine('SHORT:line')).toBe('SHORT:line')
})

test('a calendar with awkward text parses back to the same values with ical.js', () => {
  const description = 'First line; with, punctuation\\ and 🎤\nSecond line: "quoted" ünïcode'
  const text = serializeCalendar({
    prodId: '-//Test//Calendar//EN',
    name: 'Shows, etc.',
    timeZoneHint: 'America/Chicago',
    refreshInterval: 'PT6H',
    stamp,
    events: [
      {
        uid: 'evt-1@store.test',
        start: new Date('2026-11-22T22:00:00Z'),
        end: new Date('2026-11-23T00:00:00Z'),
        summary: 'Open Mic; Night, 18+',
        description,
        location: 'The Punchline Club (VRChat)',
        url: 'http://store.test/?a=1,b=2',
        created: stamp,
        lastModified: stamp,
      },
    ],
  })
  for (const line of physicalLines(text)) {
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
    expect(line).not.toMatch(/[\r\n]/)
  }

  const calendar = parse(text)
  expect(calendar.name).toBe('vcalendar')
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
  expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Test//Calendar//EN')
  expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN')
  expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
  // X- properties are TEXT by default (RFC 5545 3.8.8.2) and so escaped; ical.js hands them back raw.
  expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Shows\\, etc.')

  const [vevent] = calendar.getAllSubcomponents('vevent')
  if (!vevent) throw new Error('no VEVENT')
  const event = new ICAL.Event(vevent)
  expect(event.uid).toBe('evt-1@store.test')
  expect(event.summary).toBe('Open Mic; Night, 18+')
  expect(event.description).toBe(description)
  expect(event.location).toBe('The Punchline Club (VRChat)')
  expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-22T22:00:00.000Z')
  expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-23T00:00:00.000Z')
  expect(event.startDate.zone?.tzid).toBe('UTC')
  expect(vevent.getFirstPropertyValue('url')).toBe('http://store.test/?a=1,b=2')
  expect(String(vevent.getFirstPropertyValue('dtstamp'))).toBe('2026-11-22T18:00:00Z')
})

test('a calendar without events is still a valid VCALENDAR', () => {
  const text = serializeCalendar({
    prodId: '-//Test//Empty//EN',
    name: 'Nothing',
    stamp,
    events: [],
  })
  const calendar = parse(text)
  expect(calendar.getAllSubcomponents('vevent')).toHaveLength(0)
  expect(physicalLines(text)).toEqual([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Empty//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Nothing',
    'END:VCALENDAR',
  ])
})
