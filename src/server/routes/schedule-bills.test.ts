import ICAL from 'ical.js'
import { beforeAll, describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import { runOperatorAction } from '../../core/operator/run-action'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import type { ScheduleEvent } from '../../shared/schedule'
import { ScheduleAnswerSchema } from '../../shared/schedule-answer'

/** Sunday 2026-11-22, noon in Chicago: the regular shows of the coming weeks are seeded. */
const sundayNoon = '2026-11-22T18:00:00Z'

describe.each(testDatabases)('the bill fans see on $name', (database) => {
  const t = withTestApp(database, { now: sundayNoon })
  const actor = { who: 'host@example.com', via: 'console' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, actor, name, input)
  let show: ScheduleEvent

  async function schedule() {
    const response = await t.app.inject({ url: '/api/schedule' })
    expect(response.statusCode).toBe(200)
    expect(response.body).not.toContain('@example.com')
    return ScheduleAnswerSchema.parse(response.json())
  }
  const descriptions = (ics: string) =>
    new ICAL.Component(ICAL.parse(ics))
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent))
      .map((event) => [event.uid.split('@')[0], event.description])

  beforeAll(async () => {
    const [first] = await schedule()
    if (!first) throw new Error('no show seeded')
    show = first
    for (const [name, payoutEmail] of [
      ['Sam Stone', 'sam.pay@example.com'],
      ['Lee Park', 'lee.pay@example.com'],
    ] as const) {
      await run('comics.add', { name, payoutEmail, bio: `${name} tells jokes.` })
    }
    await run('lineup.set', {
      show: show.id,
      places: [
        { comic: 'sam-stone', role: 'host' },
        { comic: 'lee-park', role: 'headliner', setMinutes: 20 },
      ],
    })
  })

  test('each show gives its comics in running order, public fields only; a show without a lineup an empty bill', async () => {
    const [first, second] = await schedule()
    expect(first?.id).toBe(show.id)
    expect(first?.comics).toEqual([
      { name: 'Sam Stone', slug: 'sam-stone', role: 'host', url: '/comics/sam-stone' },
      { name: 'Lee Park', slug: 'lee-park', role: 'headliner', url: '/comics/lee-park' },
    ])
    expect(second?.comics).toEqual([])
  })

  test("the calendar feed and the show's own calendar file name the comics in its description", async () => {
    const feed = await t.app.inject({ url: '/api/schedule.ics' })
    const [first, second] = descriptions(feed.body)
    expect(first).toEqual([
      show.id,
      `${show.description}\n\nWith: Sam Stone (Host/MC), Lee Park (Headliner)`,
    ])
    expect(second?.[1]).not.toContain('With:')
    const one = await t.app.inject({ url: `/api/schedule/${show.id}.ics` })
    expect(descriptions(one.body)).toEqual([first])
    expect(feed.body + one.body).not.toContain('@example.com')
  })

  test('a renamed comic is renamed on the bill at once; an archived comic leaves it', async () => {
    await run('comics.edit', { comic: 'lee-park', name: 'Lee Parker' })
    expect((await schedule())[0]?.comics?.map((comic) => comic.name)).toEqual([
      'Sam Stone',
      'Lee Parker',
    ])
    await run('comics.archive', { comic: 'sam-stone' })
    expect((await schedule())[0]?.comics?.map((comic) => comic.slug)).toEqual(['lee-park'])
    const feed = await t.app.inject({ url: '/api/schedule.ics' })
    expect(descriptions(feed.body)[0]?.[1]).toContain('With: Lee Parker (Headliner)')
    expect(feed.body).not.toContain('Sam Stone')
  })
})
