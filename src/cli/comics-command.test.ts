import { describe, expect, test } from 'vitest'
import { runAdminCommand as admin } from '#test/admin'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import { addComic } from '../core/comics/roster'
import { editOwnPage } from '../core/operator/comic-own-page'
import type { ComicView, LineupView } from '../shared/comics'
import { adminUsage } from './admin'
import { comicsUsage, parseComicsCommand } from './comics-command'
import { lineupUsage, parseLineupCommand } from './lineup-command'

const now = '2026-11-22T20:00:00Z'

test('comics commands are read strictly, before anything is touched', () => {
  expect(parseComicsCommand([])).toEqual({ kind: 'help' })
  expect(parseComicsCommand(['list', '--all', '--json'])).toEqual({
    kind: 'list',
    all: true,
    json: true,
  })
  expect(
    parseComicsCommand([
      'add',
      'Sam Stone',
      '--bio',
      'Tells the truth,\\nslowly.',
      '--payout',
      'sam@example.com',
      '--link',
      'YouTube=https://youtube.com/@sam',
      '--link',
      'https://sam.example',
    ]),
  ).toEqual({
    kind: 'add',
    json: false,
    input: {
      name: 'Sam Stone',
      bio: 'Tells the truth,\nslowly.',
      payoutEmail: 'sam@example.com',
      links: [
        { label: 'YouTube', url: 'https://youtube.com/@sam' },
        { label: 'sam.example', url: 'https://sam.example' },
      ],
    },
  })
  expect(parseComicsCommand(['edit', 'sam-stone', '--payout', '', '--unarchive'])).toEqual({
    kind: 'edit',
    json: false,
    input: { comic: 'sam-stone', payoutEmail: '', archived: false },
  })
  expect(parseComicsCommand(['add', 'Rosa Delgado', '--pronouns', ' she/her '])).toEqual({
    kind: 'add',
    json: false,
    input: { name: 'Rosa Delgado', pronouns: 'she/her' },
  })
  expect(parseComicsCommand(['edit', 'rosa-delgado', '--pronouns', ''])).toMatchObject({
    input: { comic: 'rosa-delgado', pronouns: '' },
  })
  expect(parseComicsCommand(['edit', 'sam-stone', '--no-links'])).toMatchObject({
    input: { comic: 'sam-stone', links: [] },
  })
  expect(parseComicsCommand(['archive', 'sam-stone'])).toEqual({
    kind: 'archive',
    comic: 'sam-stone',
    json: false,
  })
  expect(() => parseComicsCommand(['add'])).toThrow('comics add takes one stage name')
  expect(() => parseComicsCommand(['edit', 'sam-stone'])).toThrow('needs something to change')
  expect(() => parseComicsCommand(['add', 'Sam', '--unarchive'])).toThrow(
    'comics add does not take --unarchive',
  )
  expect(() => parseComicsCommand(['add', 'Sam', '--link', 'http://sam.example'])).toThrow(
    'Bad --link "http://sam.example"',
  )
  expect(() => parseComicsCommand(['fire', 'sam'])).toThrow('Unknown command "comics fire"')
  expect(parseComicsCommand(['lock', 'sam-stone', '--unlock'])).toEqual({
    kind: 'lock',
    comic: 'sam-stone',
    unlock: true,
    json: false,
  })
  expect(parseComicsCommand(['undo', 'sam-stone', '--change', '3'])).toEqual({
    kind: 'undo',
    comic: 'sam-stone',
    change: 3,
    json: false,
  })
  expect(() => parseComicsCommand(['undo', 'sam-stone', '--change', 'x'])).toThrow(
    'comics undo --change takes the number comics changes prints.',
  )
})

test('lineup commands read each place as <comic>:<role>[:<minutes>]', () => {
  expect(parseLineupCommand(['show'])).toEqual({ kind: 'show', json: false })
  expect(parseLineupCommand(['show', 'evt_1', '--json'])).toEqual({
    kind: 'show',
    show: 'evt_1',
    json: true,
  })
  expect(
    parseLineupCommand([
      'set',
      'evt_1',
      'sam-stone:host:5',
      'lee-park:feature',
      'robin:headliner:20',
    ]),
  ).toEqual({
    kind: 'set',
    show: 'evt_1',
    json: false,
    places: [
      { comic: 'sam-stone', role: 'host', setMinutes: 5 },
      { comic: 'lee-park', role: 'feature' },
      { comic: 'robin', role: 'headliner', setMinutes: 20 },
    ],
  })
  // Without a show, tonight's.
  expect(parseLineupCommand(['set', 'sam-stone:open-mic'])).toEqual({
    kind: 'set',
    json: false,
    places: [{ comic: 'sam-stone', role: 'open-mic' }],
  })
  expect(parseLineupCommand(['set', 'evt_1', '--clear'])).toMatchObject({ places: [] })
  expect(() => parseLineupCommand(['set', 'evt_1'])).toThrow('lineup set takes the whole bill')
  expect(() => parseLineupCommand(['set', 'evt_1', 'sam:star'])).toThrow(
    'Bad role in "sam:star": one of host, feature, headliner, open-mic.',
  )
  expect(() => parseLineupCommand(['set', 'evt_1', 'sam:host:0'])).toThrow('Bad minutes in')
  expect(() => parseLineupCommand(['set', 'evt_1', 'sam:host:5:x'])).toThrow('Bad place')
  expect(() => parseLineupCommand(['set', 'evt_1', 'sam:host', '--clear'])).toThrow('not both')
})

test('the help names every comics and lineup command', () => {
  for (const usage of [comicsUsage, lineupUsage]) expect(adminUsage).toContain(usage)
  expect(comicsUsage).toMatch(/comics edit <comic> .*--unarchive/s)
  expect(comicsUsage).toMatch(/^ {2}--pronouns TEXT +shown after the name on their page/m)
  expect(lineupUsage).toContain('lineup set <show> <comic>:<role>[:<minutes>] ...')
})

describe.each(testDatabases)('comics and lineup commands on $name', (database) => {
  const t = withTestApp(database, { now })

  test('add, list, edit, archive and bring back a comic; each change is in the audit log', async () => {
    const added = await admin(t, [
      'comics',
      'add',
      'Sam Stone',
      '--bio',
      'Tells the truth, slowly.',
      '--payout',
      'Sam@Example.com',
    ])
    expect(added.code).toBe(0)
    expect(added.log[0]).toBe('Added Sam Stone to the roster.')
    expect(added.text).toContain('/comics/sam-stone')
    expect(added.text).toContain('payout     sam@example.com')

    const edited = await admin(t, ['comics', 'edit', 'sam-stone', '--vrchat', 'SamTheSlow'])
    expect(edited.log[0]).toBe('Saved Sam Stone.')
    const again = await admin(t, ['comics', 'edit', 'sam-stone', '--vrchat', 'SamTheSlow'])
    expect(again.log[0]).toBe('Nothing changed: Sam Stone was like that already.')

    const listed = await admin(t, ['comics', 'list'])
    expect(listed.log).toEqual([
      'sam-stone         Sam Stone  VRChat SamTheSlow  payout sam@example.com',
      '1 comic.',
    ])
    // The VRChat name off the public pages and back on.
    const hidden = await admin(t, ['comics', 'edit', 'sam-stone', '--vrchat-private'])
    expect(hidden.text).toContain('VRChat     SamTheSlow (not public)')
    const shown = await admin(t, ['comics', 'edit', 'sam-stone', '--vrchat-public', '--json'])
    expect(JSON.parse(shown.text)).toMatchObject({ vrchatName: 'SamTheSlow', vrchatPublic: true })
    const both = await admin(t, [
      'comics',
      'edit',
      'sam-stone',
      '--vrchat-public',
      '--vrchat-private',
    ])
    expect(both.code).not.toBe(0)

    expect((await admin(t, ['comics', 'archive', 'sam-stone'])).log[0]).toMatch(
      /^Archived Sam Stone/,
    )
    expect((await admin(t, ['comics', 'list'])).log).toEqual([
      'No comics on the roster yet (comics add <name>).',
    ])
    const all: ComicView[] = JSON.parse(
      (await admin(t, ['comics', 'list', '--all', '--json'])).text,
    )
    expect(all).toMatchObject([{ slug: 'sam-stone', archived: true, vrchatName: 'SamTheSlow' }])

    const back = await admin(t, ['comics', 'edit', 'sam-stone', '--unarchive', '--json'])
    expect(JSON.parse(back.text)).toMatchObject({ slug: 'sam-stone', archived: false })

    const audit = await admin(t, ['audit', 'list', '--search', 'Sam Stone'])
    expect(audit.text).toContain('Added Sam Stone to the roster')
    expect(audit.text).toContain('Archived Sam Stone')
  })

  test('comics add and edit take --pronouns, print them, and --json has them', async () => {
    const added = await admin(t, ['comics', 'add', 'Rosa Delgado', '--pronouns', 'she/her'])
    expect(added.code).toBe(0)
    expect(added.log).toContain('  pronouns   she/her')
    const edited = await admin(t, [
      'comics',
      'edit',
      'rosa-delgado',
      '--pronouns',
      'they/them',
      '--json',
    ])
    expect(JSON.parse(edited.text)).toMatchObject({ name: 'Rosa Delgado', pronouns: 'they/them' })
    const refused = await admin(t, ['comics', 'edit', 'rosa-delgado', '--pronouns', 'x'.repeat(41)])
    expect(refused.code).not.toBe(0)
    const listed: ComicView[] = JSON.parse((await admin(t, ['comics', 'list', '--json'])).text)
    expect(listed.find((comic) => comic.slug === 'rosa-delgado')?.pronouns).toBe('they/them')
  })

  test('lineup set replaces the bill in the order given; lineup show prints it', async () => {
    for (const name of ['Jo Hart', 'Lee Park', 'Robin']) {
      expect((await admin(t, ['comics', 'add', name])).code).toBe(0)
    }
    const tonight: LineupView = JSON.parse((await admin(t, ['lineup', 'show', '--json'])).text)
    expect(tonight.entries).toEqual([])

    const set = await admin(t, [
      'lineup',
      'set',
      tonight.showId,
      'jo-hart:host:5',
      'lee-park:feature',
      'robin:headliner:20',
    ])
    expect(set.code).toBe(0)
    expect(set.log.slice(0, 1)).toEqual(['Saved the lineup.'])
    expect(set.log.slice(2)).toEqual([
      '   1  Jo Hart (jo-hart)  Host/MC  5 min',
      '   2  Lee Park (lee-park)  Feature  10 min',
      '   3  Robin (robin)  Headliner  20 min',
    ])
    expect(set.log[1]).toContain(`(${tonight.showId})`)

    // Without a show: tonight's, the same one.
    const shown = await admin(t, ['lineup', 'show'])
    expect(shown.log.slice(1)).toEqual(set.log.slice(2))
    const reordered = await admin(t, ['lineup', 'set', 'robin:headliner:20', 'jo-hart:host:5'])
    expect(reordered.log.slice(2)).toEqual([
      '   1  Robin (robin)  Headliner  20 min',
      '   2  Jo Hart (jo-hart)  Host/MC  5 min',
    ])
    const same = await admin(t, [
      'lineup',
      'set',
      tonight.showId,
      'robin:headliner:20',
      'jo-hart:host:5',
    ])
    expect(same.log[0]).toBe('Nothing changed: the lineup was like that already.')

    const refused = await admin(t, ['lineup', 'set', tonight.showId, 'nobody:host'])
    expect(refused).toMatchObject({
      code: 1,
      error: ['There is no comic "nobody" (see: npm run admin -- comics list).'],
    })
    const cleared = await admin(t, ['lineup', 'set', tonight.showId, '--clear'])
    expect(cleared.log.at(-1)).toBe('  nobody on the lineup yet (lineup set)')
  })

  test("lock, list the changes of and undo a comic's own page from the command line", async () => {
    const comic = await addComic(t.db, { name: 'Una Undo' }, t.clock.now())
    await editOwnPage(
      t.db,
      { comic, email: 'una@example.com' },
      { bio: 'Her own words.' },
      t.clock.now(),
    )
    const locked = await admin(t, ['comics', 'lock', 'una-undo'])
    expect(locked.log).toEqual(["Una Undo's page is locked: only the host edits it."])
    const changes = await admin(t, ['comics', 'changes', 'una-undo'])
    expect(changes.text).toMatch(/^\d+ {2}\S+ {2}bio$/m)
    const undone = await admin(t, ['comics', 'undo', 'una-undo'])
    expect(undone.log[0]).toMatch(/^Undid change \d+ of Una Undo's page: bio\.$/)
    const again = await admin(t, ['comics', 'undo', 'una-undo'])
    expect([again.code, again.error.join('\n')]).toEqual([
      1,
      expect.stringContaining('has no change of their own page'),
    ])
  })
})
