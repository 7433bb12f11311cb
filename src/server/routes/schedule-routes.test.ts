import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import ICAL from 'ical.js'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { ManualClock } from '#test/clock'
import { type OpenTestDatabase, testDatabases } from '#test/databases'
import { buildTestApp, type TestApp, testPublicUrl } from '#test/test-app'
import { housekeep } from '../../core/housekeeping'
import {
  addEvent,
  listUpcoming,
  removeEvent,
  seedRegularShows,
  updateEvent,
} from '../../core/schedule/events'
import { showPath } from '../../shared/schedule'
import { ScheduleAnswerSchema } from '../../shared/schedule-answer'
import { zonedParts } from '../../shared/show-time'
import { regularShowDescription, siteConfig } from '../../shared/site-config'
import { createScheduleCache, scheduleCacheMs } from '../plugins/schedule-cache'

/** Sunday 2026-11-22, noon in Chicago (CST): the Sunday show starts at 22:00 UTC. */
const sundayNoon = '2026-11-22T18:00:00Z'

describe.each(testDatabases)('schedule on $name', (database) => {
  let opened: OpenTestDatabase
  let t: TestApp

  beforeAll(async () => {
    opened = await database.open()
  })
  afterAll(async () => {
    await t?.app.close()
    await opened.close()
  })
  // Each test starts from an empty events table and an app (and schedule cache) of its own.
  beforeEach(async () => {
    await t?.app.close()
    await opened.db.deleteFrom('events').execute()
    t = await buildTestApp(opened.db, { now: sundayNoon })
  })

  async function getSchedule() {
    const response = await t.app.inject({ method: 'GET', url: '/api/schedule' })
    expect(response.statusCode).toBe(200)
    return ScheduleAnswerSchema.parse(response.json())
  }

  /** Past the cache's lifetime, so the next read sees the database again. */
  function afterCache() {
    t.clock.advance(scheduleCacheMs)
  }

  test('a fresh install lists the regular Sunday and Tuesday shows of the coming 8 weeks', async () => {
    const events = await getSchedule()
    expect(events).toHaveLength(16)
    expect(events[0]).toEqual({
      id: 'regular-20261122T2200Z',
      name: 'Sunday Stand-Up',
      description: regularShowDescription,
      startTime: '2026-11-22T22:00:00.000Z',
      // Its bill: nobody before the host sets a lineup (schedule-bills.test.ts).
      comics: [],
    })
    expect(events[1]).toMatchObject({
      name: 'Tuesday Night Stand-Up',
      startTime: '2026-11-25T01:00:00.000Z',
    })
    expect(events.at(-1)?.startTime).toBe('2027-01-13T01:00:00.000Z')
    for (const event of events) {
      const p = zonedParts(new Date(event.startTime))
      expect([p.weekday, p.hour, p.minute]).toEqual(p.weekday === 0 ? [0, 16, 0] : [2, 19, 0])
    }
    // The first line is a pitch a person can read on its own.
    expect(regularShowDescription.split('\n').length).toBeGreaterThan(1)
    expect(regularShowDescription.split('\n')[0]?.length).toBeLessThan(120)
  })

  test('seeding twice gives the same rows', async () => {
    await opened.db.deleteFrom('events').execute()
    const clock = new ManualClock(sundayNoon)
    expect(await seedRegularShows(opened.db, clock)).toBe(16)
    const first = await opened.db.selectFrom('events').selectAll().orderBy('id').execute()
    clock.advance(60_000)
    expect(await seedRegularShows(opened.db, clock)).toBe(0)
    const second = await opened.db.selectFrom('events').selectAll().orderBy('id').execute()
    expect(second).toEqual(first)
    expect(first).toHaveLength(16)
  })

  test('a week later, seeding adds the week that came into range and nothing else', async () => {
    const clock = new ManualClock(sundayNoon)
    await seedRegularShows(opened.db, clock)
    clock.advance(7 * 24 * 60 * 60 * 1000)
    expect(await seedRegularShows(opened.db, clock)).toBe(2)
    const count = await opened.db.selectFrom('events').select('id').execute()
    expect(count).toHaveLength(18)
  })

  test("the hourly housekeeping keeps a long-running server's schedule 8 weeks ahead", async () => {
    await getSchedule()
    t.clock.advance(7 * 24 * 60 * 60 * 1000)
    await housekeep(opened.db, t.clock, path.join(os.tmpdir(), 'punchline-no-mail'), testPublicUrl)
    const events = await getSchedule()
    expect(events).toHaveLength(16)
    expect(events.at(-1)?.startTime).toBe('2027-01-20T01:00:00.000Z')
  })

  test('an event is listed until three hours after it starts', async () => {
    const startsAt = new Date('2026-11-22T20:00:00Z')
    const open = await addEvent(
      opened.db,
      { name: 'Open Mic Night', description: '', startsAt },
      t.clock.now(),
    )
    const ids = async () => (await listUpcoming(opened.db, t.clock.now())).map((row) => row.id)

    t.clock.set('2026-11-22T22:59:59.999Z')
    expect(await ids()).toContain(open.id)
    expect((await getSchedule()).map((event) => event.id)).toContain(open.id)

    t.clock.set('2026-11-22T23:00:00Z')
    expect(await ids()).not.toContain(open.id)
    // The API may serve its copy for a few seconds more.
    afterCache()
    expect((await getSchedule()).map((event) => event.id)).not.toContain(open.id)
  })

  test('events come sorted by start, operator events among the regular shows', async () => {
    const now = t.clock.now()
    await addEvent(
      opened.db,
      { name: 'Late', description: '', startsAt: new Date('2026-12-05T02:00:00Z') },
      now,
    )
    await addEvent(
      opened.db,
      { name: 'Early', description: '', startsAt: new Date('2026-11-22T19:00:00Z') },
      now,
    )
    const events = await getSchedule()
    const times = events.map((event) => Date.parse(event.startTime))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(events[0]?.name).toBe('Early')
    expect(events.findIndex((event) => event.name === 'Late')).toBeGreaterThan(1)
    expect(events).toHaveLength(18)
  })

  test('a change made in this process shows at once, despite the cache', async () => {
    const before = await getSchedule()
    const added = await addEvent(
      opened.db,
      {
        name: 'Holiday Special',
        description: 'Festive.',
        startsAt: new Date('2026-12-24T02:00:00Z'),
      },
      t.clock.now(),
    )
    expect((await getSchedule()).map((event) => event.id)).toContain(added.id)

    await updateEvent(opened.db, added.id, { name: 'Holiday Spectacular' }, t.clock.now())
    expect((await getSchedule()).find((event) => event.id === added.id)?.name).toBe(
      'Holiday Spectacular',
    )

    const sunday = before[0]?.id ?? ''
    await removeEvent(opened.db, sunday, t.clock.now())
    expect((await getSchedule()).map((event) => event.id)).not.toContain(sunday)
  })

  test("another process's change shows once the cache's few seconds are over", async () => {
    await getSchedule()
    // Written straight to the database, as another server process or the admin CLI would.
    await opened.db
      .insertInto('events')
      .values({
        id: 'evt-elsewhere',
        name: 'From elsewhere',
        description: '',
        starts_at: new Date('2026-11-30T02:00:00Z'),
        source: 'operator',
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .execute()
    t.clock.advance(scheduleCacheMs - 1)
    expect((await getSchedule()).map((event) => event.id)).not.toContain('evt-elsewhere')
    t.clock.advance(1)
    expect((await getSchedule()).map((event) => event.id)).toContain('evt-elsewhere')
  })

  test('a removed regular show stays removed when the shows are seeded again', async () => {
    const [sunday] = await getSchedule()
    if (!sunday) throw new Error('no events')
    await removeEvent(opened.db, sunday.id, t.clock.now())
    t.clock.advance(24 * 60 * 60 * 1000)
    expect(await seedRegularShows(opened.db, t.clock)).toBeGreaterThan(0)
    t.clock.set(sundayNoon)
    afterCache()
    expect((await getSchedule()).map((event) => event.id)).not.toContain(sunday.id)
  })

  test('requests that arrive together share one rebuild of the schedule', async () => {
    const cache = createScheduleCache(opened.db, t.clock, { publicUrl: testPublicUrl })
    const snapshots = await Promise.all(Array.from({ length: 20 }, () => cache.get()))
    expect(new Set(snapshots).size).toBe(1)
    expect(await cache.get()).toBe(snapshots[0])
    t.clock.advance(scheduleCacheMs)
    expect(await cache.get()).not.toBe(snapshots[0])
  })

  test('with the database away, the last schedule is served and the failure reported', async () => {
    const errors: unknown[] = []
    const cache = createScheduleCache(opened.db, t.clock, {
      publicUrl: testPublicUrl,
      onError: (error) => errors.push(error),
    })
    const first = await cache.get()
    await sql`alter table events rename to events_away`.execute(opened.db)
    try {
      afterCache()
      expect(await cache.get()).toBe(first)
      expect(errors).toHaveLength(1)
    } finally {
      await sql`alter table events_away rename to events`.execute(opened.db)
    }
    afterCache()
    expect(await cache.get()).not.toBe(first)
  })

  test('the answer is JSON with a short cache lifetime, compressed when asked, and revalidates', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/schedule' })
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(plain.headers['cache-control']).toBe(`public, max-age=${scheduleCacheMs / 1000}`)
    expect(plain.headers['content-encoding']).toBeUndefined()
    const etag = String(plain.headers.etag)

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/schedule',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/schedule',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)

    const notModified = await t.app.inject({
      method: 'GET',
      url: '/api/schedule',
      headers: { 'if-none-match': etag },
    })
    expect(notModified.statusCode).toBe(304)
    expect(notModified.body).toBe('')
  })

  test('the iCalendar feed holds the same events, parsed by ical.js', async () => {
    await addEvent(
      opened.db,
      {
        name: 'Open Mic Night',
        description: 'Five minutes each, 18+.\nSign up at the door; bring friends, and jokes.',
        startsAt: new Date('2026-12-02T02:00:00Z'),
      },
      t.clock.now(),
    )
    const events = await getSchedule()
    const response = await t.app.inject({ method: 'GET', url: '/api/schedule.ics' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8')
    const lines = response.body.split('\r\n')
    expect(lines.every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true)
    expect(response.body.replace(/\r\n/g, '')).not.toContain('\n')

    const calendar = new ICAL.Component(ICAL.parse(response.body))
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN')
    expect(String(calendar.getFirstPropertyValue('prodid'))).toContain(siteConfig.brand)
    expect(String(calendar.getFirstPropertyValue('x-wr-calname'))).toContain(siteConfig.brand)

    const parsed = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
    expect(parsed).toHaveLength(events.length)
    for (const [i, event] of events.entries()) {
      const entry = parsed[i]
      if (!entry) throw new Error(`no VEVENT for ${event.id}`)
      expect(entry.uid).toBe(`${event.id}@store.test`)
      expect(entry.summary).toBe(`${event.name} · ${siteConfig.brand}`)
      expect(entry.description).toBe(event.description)
      expect(entry.location).toContain(siteConfig.worldName)
      expect(entry.startDate.toJSDate().toISOString()).toBe(event.startTime)
      // The hours the site itself treats the show as on (live feed, kiosk, JSON-LD).
      expect(entry.endDate.toJSDate().getTime() - Date.parse(event.startTime)).toBe(
        3 * 60 * 60 * 1000,
      )
      // Each entry links to the show's own page, says who puts it on, and is at its first revision.
      expect(entry.component.getFirstPropertyValue('url')).toBe(
        `${testPublicUrl}${showPath(event.id)}`,
      )
      const organizer = entry.component.getFirstProperty('organizer')
      expect(organizer?.getFirstValue()).toBe(`mailto:${siteConfig.contactEmail}`)
      expect(organizer?.getParameter('cn')).toBe(siteConfig.brand)
      expect(entry.sequence).toBe(0)
      expect(entry.component.getFirstProperty('dtstamp')).not.toBeNull()
    }
  })

  test('a moved show rises in SEQUENCE, in the feed and its own file, so calendar apps replace the old entry; other changes keep it', async () => {
    const [sunday] = await getSchedule()
    if (!sunday) throw new Error('no events')
    const sequenceIn = async (url: string) => {
      const body = (await t.app.inject({ method: 'GET', url })).body
      const vevent = new ICAL.Component(ICAL.parse(body))
        .getAllSubcomponents('vevent')
        .find((component) => component.getFirstPropertyValue('uid') === `${sunday.id}@store.test`)
      if (!vevent) throw new Error(`no VEVENT for ${sunday.id} in ${url}`)
      return new ICAL.Event(vevent).sequence
    }
    const own = `/api/schedule/${sunday.id}.ics`
    expect(await sequenceIn(own)).toBe(0)
    const now = t.clock.now()
    await updateEvent(opened.db, sunday.id, { startsAt: new Date('2026-11-22T22:30:00Z') }, now)
    expect(await sequenceIn(own)).toBe(1)
    // Renamed, or "moved" to the time it already has: not a move.
    await updateEvent(opened.db, sunday.id, { name: 'Sunday Special' }, now)
    await updateEvent(opened.db, sunday.id, { startsAt: new Date('2026-11-22T22:30:00Z') }, now)
    expect(await sequenceIn(own)).toBe(1)
    await updateEvent(opened.db, sunday.id, { startsAt: new Date('2026-11-22T23:00:00Z') }, now)
    expect(await sequenceIn(own)).toBe(2)
    afterCache()
    expect(await sequenceIn('/api/schedule.ics')).toBe(2)
  })

  test('one event downloads as its own calendar file; an unknown one is 404', async () => {
    const [sunday] = await getSchedule()
    if (!sunday) throw new Error('no events')
    const response = await t.app.inject({ method: 'GET', url: `/api/schedule/${sunday.id}.ics` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="sunday-stand-up-2026-11-22.ics"',
    )
    const vevents = new ICAL.Component(ICAL.parse(response.body)).getAllSubcomponents('vevent')
    expect(vevents).toHaveLength(1)
    const event = new ICAL.Event(vevents[0])
    expect(event.summary).toBe(`Sunday Stand-Up · ${siteConfig.brand}`)
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-22T22:00:00.000Z')

    const missing = await t.app.inject({ method: 'GET', url: '/api/schedule/evt-nothing.ics' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'There is no such event.' })
  })
})
