import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { listAudit } from '../operator/audit'
import { runOperatorAction } from '../operator/run-action'
import { Refusal } from '../refusal'
import { comicRefusalTexts as texts } from './comic-texts'

const now = '2026-11-22T22:30:00Z'

describe.each(testDatabases)('comics, lineups and the stage on $name', (database) => {
  const t = withTestApp(database, { now })
  const actor = { who: 'host@example.com', via: 'console' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, actor, name, input)
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (error instanceof Refusal ? [error.kind, error.message] : error),
    )

  let showCount = 0
  async function newShow() {
    showCount++
    const { event } = await run('events.add', {
      name: `Comics Night ${showCount}`,
      startsAt: '2026-11-22T22:00:00Z',
    })
    return event.id
  }
  async function addComic(name: string, fields: Partial<OperatorInput<'comics.add'>> = {}) {
    return (await run('comics.add', { name, ...fields })).comic
  }

  test("a comic is added with a slug from the name; the payout address is the host's only", async () => {
    const sam = await addComic("Sam O'Neil", {
      bio: 'Tells the truth, slowly.',
      vrchatName: 'SamTheSlow',
      links: [{ label: 'Instagram', url: 'https://instagram.com/sam' }],
      payoutEmail: 'Sam.Pay@Example.com',
    })
    expect(sam).toMatchObject({
      slug: 'sam-oneil',
      name: "Sam O'Neil",
      vrchatName: 'SamTheSlow',
      payoutEmail: 'sam.pay@example.com',
      archived: false,
      pictureUrl: null,
    })
    expect(await run('comics.show', { comic: 'sam-oneil' })).toEqual(sam)
    expect(await run('comics.show', { comic: sam.id })).toEqual(sam)
    const log = await listAudit(t.db, { search: sam.id, page: 1, pageSize: 5 })
    expect(log.items.map((e) => [e.action, e.summary])).toEqual([
      ['comics.add', "Added Sam O'Neil to the roster"],
    ])
  })

  test("a comic's name, VRChat name, bio and link labels keep no C1 control or direction override", async () => {
    const comic = await addComic('Kit \u202eRAEB\u202c\u009b31m', {
      bio: 'Line one\u2066 isolated\u2069\nLine two\u0085',
      vrchatName: 'Kit\u200fVR\u202d',
      links: [{ label: 'Insta\u202egram', url: 'https://instagram.com/kit' }],
    })
    expect(comic).toMatchObject({
      name: 'Kit RAEB31m',
      bio: 'Line one isolated\nLine two',
      links: [{ label: 'Instagram', url: 'https://instagram.com/kit' }],
    })
    expect(comic.vrchatName).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/)
    const edited = await run('comics.edit', { comic: comic.id, name: '\u202dKit\u0085 Bear' })
    expect(edited.comic.name).toBe('Kit Bear')
  })

  test('a slug held by another comic, a bad slug and a link that is not https are refused, and nothing changes', async () => {
    await addComic('Robin Hood')
    expect(await refusal(addComic('Robin  Hood'))).toEqual([
      'conflict',
      texts.slugTaken('robin-hood', 'Robin Hood'),
    ])
    expect(await refusal(addComic('Robin Two', { slug: 'Robin Two!' }))).toEqual([
      'invalid',
      texts.badSlug('Robin Two!'),
    ])
    expect(
      await refusal(
        addComic('Robin Three', { links: [{ label: 'Site', url: 'javascript:alert(1)' }] }),
      ),
    ).toEqual(['invalid', texts.badLink('javascript:alert(1)')])
    const names = (await run('comics.list', {})).map((c) => c.name)
    expect(names.filter((n) => n.startsWith('Robin'))).toEqual(['Robin Hood'])
  })

  test('edit changes what is given, a repeat changes nothing; archive hides from the list', async () => {
    const lee = await addComic('Lee Park')
    const edited = await run('comics.edit', { comic: lee.slug, bio: 'New bio', slug: 'lee' })
    expect(edited).toMatchObject({ changed: true, comic: { bio: 'New bio', slug: 'lee' } })
    expect(await run('comics.edit', { comic: 'lee', bio: 'New bio' })).toMatchObject({
      changed: false,
    })
    expect(await run('comics.archive', { comic: 'lee' })).toMatchObject({
      changed: true,
      comic: { archived: true },
    })
    expect((await run('comics.list', {})).some((c) => c.id === lee.id)).toBe(false)
    expect((await run('comics.list', { all: true })).some((c) => c.id === lee.id)).toBe(true)
    expect(await refusal(run('comics.show', { comic: 'nobody-here' }))).toEqual([
      'not-found',
      texts.noComic('nobody-here'),
    ])
  })

  test('a comic whose role or set length changes is mailed the change; a reorder, a new comic or no address mails nobody', async () => {
    const show = await newShow()
    const a = await addComic('Cal Change', { payoutEmail: 'cal@example.com' })
    const b = await addComic('Dot Change', { payoutEmail: 'dot@example.com' })
    const c = await addComic('Eli Change')
    const mails = () =>
      t.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('dedupe_key', 'like', `lineup-change:${show}:%`)
        .execute()
    await run('lineup.set', {
      show,
      places: [
        { comic: a.id, role: 'feature', setMinutes: 10 },
        { comic: c.id, role: 'feature' },
      ],
    })
    expect(await mails()).toEqual([])
    // Reordered, Dot added: nobody's own terms changed.
    await run('lineup.set', {
      show,
      places: [
        { comic: b.id, role: 'host' },
        { comic: c.id, role: 'feature' },
        { comic: a.id, role: 'feature', setMinutes: 10 },
      ],
    })
    expect(await mails()).toEqual([])
    // Cal headlines for 15 minutes; Eli (no address) too: only Cal is mailed.
    t.clock.advance(60_000)
    await run('lineup.set', {
      show,
      places: [
        { comic: b.id, role: 'host' },
        { comic: c.id, role: 'headliner' },
        { comic: a.id, role: 'headliner', setMinutes: 15 },
      ],
    })
    const [mail, ...more] = await mails()
    expect(more).toEqual([])
    expect(mail?.to_address).toBe('cal@example.com')
    expect(mail?.subject).toBe(`Your set at Comics Night ${showCount} changed`)
    expect(mail?.text_body).toContain('Role: Headliner (was Feature)')
    expect(mail?.text_body).toContain('Set: 15 minutes (was 10)')
    // Dot's set length alone.
    t.clock.advance(60_000)
    await run('lineup.set', {
      show,
      places: [
        { comic: b.id, role: 'host', setMinutes: 5 },
        { comic: c.id, role: 'headliner' },
        { comic: a.id, role: 'headliner', setMinutes: 15 },
      ],
    })
    const dot = (await mails()).filter((m) => m.to_address === 'dot@example.com')
    expect(dot).toHaveLength(1)
    expect(dot[0]?.text_body).toContain('Set: 5 minutes (was 10)')
    expect(dot[0]?.text_body).not.toContain('Role:')
    t.clock.set(now)
  })

  test('a lineup is set in running order with roles; archived and doubled comics are refused', async () => {
    const show = await newShow()
    const a = await addComic('Ann Lineup')
    const b = await addComic('Bo Lineup')
    const set = await run('lineup.set', {
      show,
      places: [
        { comic: a.slug, role: 'host', setMinutes: 5 },
        { comic: b.id, role: 'headliner' },
      ],
    })
    expect(set.changed).toBe(true)
    expect(set.lineup.entries.map((e) => [e.position, e.comic.name, e.role, e.setMinutes])).toEqual(
      [
        [1, 'Ann Lineup', 'host', 5],
        [2, 'Bo Lineup', 'headliner', 10],
      ],
    )
    expect(JSON.stringify(set.lineup)).not.toContain('payout')
    // Reordered: Bo first.
    const reordered = await run('lineup.set', {
      show,
      places: [
        { comic: b.id, role: 'headliner' },
        { comic: a.slug, role: 'host', setMinutes: 5 },
      ],
    })
    expect(reordered.lineup.entries.map((e) => e.comic.name)).toEqual(['Bo Lineup', 'Ann Lineup'])
    expect(
      await refusal(
        run('lineup.set', {
          show,
          places: [
            { comic: a.id, role: 'host' },
            { comic: a.slug, role: 'feature' },
          ],
        }),
      ),
    ).toEqual(['invalid', texts.twiceInLineup('Ann Lineup')])
    const gone = await addComic('Gone Comic')
    await run('comics.archive', { comic: gone.id })
    expect(
      await refusal(run('lineup.set', { show, places: [{ comic: gone.id, role: 'feature' }] })),
    ).toEqual(['invalid', texts.archived('Gone Comic')])
    expect((await run('lineup.show', { show })).entries.map((e) => e.comic.name)).toEqual([
      'Bo Lineup',
      'Ann Lineup',
    ])
  })

  test('Next steps through the lineup, an intermission keeps the place, and each change is a set', async () => {
    const show = await newShow()
    const a = await addComic('Cy First')
    const b = await addComic('Di Second')
    await run('lineup.set', {
      show,
      places: [
        { comic: a.id, role: 'host' },
        { comic: b.id, role: 'headliner' },
      ],
    })
    expect(await run('stage.show', { show })).toMatchObject({ onStage: null, next: { id: a.id } })
    const first = await run('stage.next', { show })
    expect(first).toMatchObject({ changed: true, stage: { onStage: { comic: { id: a.id } } } })
    expect(first.stage.next?.id).toBe(b.id)
    // A double tap of "On: Cy" changes nothing.
    expect((await run('stage.on', { show, comic: a.slug })).changed).toBe(false)
    t.clock.advance(60_000)
    expect((await run('stage.off', { show })).stage).toMatchObject({
      onStage: null,
      next: { id: b.id },
    })
    t.clock.advance(60_000)
    expect((await run('stage.next', { show })).stage.onStage?.comic.id).toBe(b.id)
    expect(await refusal(run('stage.next', { show }))).toEqual([
      'invalid',
      texts.endOfLineup(`Comics Night ${showCount}`),
    ])
    const sets = await t.db
      .selectFrom('sets')
      .select(['comic_id', 'started_at', 'ended_at'])
      .where('show_id', '=', show)
      .orderBy('id')
      .execute()
    expect(sets.map((s) => [s.comic_id, s.ended_at === null])).toEqual([
      [a.id, false],
      [b.id, true],
    ])
    expect(sets[0]?.ended_at?.getTime()).toBe(new Date(now).getTime() + 60_000)
    const log = await listAudit(t.db, { search: show, page: 1, pageSize: 10 })
    expect(log.items.filter((e) => e.action === 'stage.change').map((e) => e.summary)).toEqual([
      `Put Di Second on stage at Comics Night ${showCount}`,
      `Called an intermission at Comics Night ${showCount} (Cy First off)`,
      `Put Cy First on stage at Comics Night ${showCount}`,
    ])
  })

  test('any comic on the roster may be put on stage; an empty lineup has no Next', async () => {
    const show = await newShow()
    expect(await refusal(run('stage.next', { show }))).toEqual([
      'invalid',
      texts.emptyLineup(`Comics Night ${showCount}`),
    ])
    const guest = await addComic('Surprise Guest')
    expect((await run('stage.on', { show, comic: guest.slug })).stage.onStage?.comic.name).toBe(
      'Surprise Guest',
    )
  })

  test('ten stage changes at once leave exactly one comic on stage', async () => {
    const show = await newShow()
    const comics = await Promise.all(
      Array.from({ length: 5 }, (_, i) => addComic(`Racer ${String.fromCharCode(65 + i)}`)),
    )
    await Promise.all(
      [...comics, ...comics].map((comic) =>
        run('stage.on', { show, comic: comic.id }).catch((error: unknown) => error),
      ),
    )
    const open = await t.db
      .selectFrom('sets')
      .select('comic_id')
      .where('show_id', '=', show)
      .where('ended_at', 'is', null)
      .execute()
    expect(open).toHaveLength(1)
    const stage = await run('stage.show', { show })
    expect(stage.onStage?.comic.id).toBe(open[0]?.comic_id)
  })

  test('archiving a comic on stage takes them off (their set ends), by archive or by edit; one being archived is never left on', async () => {
    const show = await newShow()
    const name = `Comics Night ${showCount}`
    const openSets = (comicId: string) =>
      t.db
        .selectFrom('sets')
        .select(['show_id', 'ended_at'])
        .where('comic_id', '=', comicId)
        .where('ended_at', 'is', null)
        .execute()
    const al = await addComic('Al Archived')
    await run('stage.on', { show, comic: al.id })
    t.clock.advance(60_000)
    expect(await run('comics.archive', { comic: al.id })).toMatchObject({ changed: true })
    expect((await run('stage.show', { show })).onStage).toBeNull()
    expect(await openSets(al.id)).toEqual([])
    const set = await t.db
      .selectFrom('sets')
      .select('ended_at')
      .where('comic_id', '=', al.id)
      .executeTakeFirstOrThrow()
    expect(set.ended_at?.getTime()).toBe(t.clock.now().getTime())
    const log = await listAudit(t.db, { search: show, page: 1, pageSize: 10 })
    expect(log.items.filter((e) => e.action === 'stage.change').map((e) => e.summary)[0]).toBe(
      `Called an intermission at ${name} (Al Archived off)`,
    )
    expect(await refusal(run('stage.on', { show, comic: al.id }))).toEqual([
      'invalid',
      texts.archived('Al Archived'),
    ])

    const bea = await addComic('Bea Edited')
    await run('stage.on', { show, comic: bea.id })
    await run('comics.edit', { comic: bea.id, archived: true })
    expect((await run('stage.show', { show })).onStage).toBeNull()

    // Archiving and putting on at once, ten times: whichever comes first, they end archived and
    // off stage.
    const cy = await addComic('Cy Racing')
    for (let round = 0; round < 10; round++) {
      await run('comics.edit', { comic: cy.id, archived: false })
      await Promise.all([
        run('comics.archive', { comic: cy.id }),
        run('stage.on', { show, comic: cy.id }).catch((error: unknown) => error),
      ])
      expect(await openSets(cy.id), `round ${round}`).toEqual([])
    }
  })
})
