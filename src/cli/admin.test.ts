import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { ManualClock } from '#test/clock'
import { type OpenTestDatabase, testDatabases } from '#test/databases'
import { listFailedMail } from '#test/outbox'
import type { Db } from '../core/db/schema'
import { regularShowId } from '../core/ids'
import { queueMail } from '../core/mail/outbox'
import { findEvent, listUpcoming } from '../core/schedule/events'
import { fatalLine, runAdmin } from './admin'

let db: Db
let opened: OpenTestDatabase
const clock = new ManualClock('2026-11-22T18:00:00Z')
let out: { log: string[]; error: string[] }

beforeAll(async () => {
  const [pglite] = testDatabases
  if (!pglite) throw new Error('no test database')
  opened = await pglite.open()
  db = opened.db
})
afterAll(async () => {
  await opened.close()
})
beforeEach(async () => {
  await db.deleteFrom('events').execute()
  clock.set('2026-11-22T18:00:00Z')
  out = { log: [], error: [] }
})

function admin(...argv: string[]) {
  return runAdmin(argv, {
    db,
    clock,
    out: { log: (line) => out.log.push(line), error: (line) => out.error.push(line) },
  })
}

async function operatorEvents() {
  return db.selectFrom('events').selectAll().where('source', '=', 'operator').execute()
}

/** Each refusal: one line on the error output, exit code 1, and nothing written. */
async function expectRefused(argv: string[], message: string) {
  expect(await admin(...argv)).toBe(1)
  expect(out.error).toEqual([message])
  expect(out.log).toEqual([])
  expect(await operatorEvents()).toEqual([])
}

test('events add stores an event at the Central time given', async () => {
  const code = await admin(
    'events',
    'add',
    '--name',
    'Open Mic Night',
    '--start',
    '2026-12-01 20:00',
    '--description',
    'Five minutes each, 18+.\\nSign up at the door.',
  )
  expect(code).toBe(0)
  const [event] = await operatorEvents()
  expect(event).toMatchObject({
    name: 'Open Mic Night',
    description: 'Five minutes each, 18+.\nSign up at the door.',
    source: 'operator',
  })
  // 20:00 CST is 02:00 UTC the next day.
  expect(event?.starts_at.toISOString()).toBe('2026-12-02T02:00:00.000Z')
  expect(out.log).toEqual([`Added ${event?.id}: Open Mic Night, Tue 2026-12-01 20:00 CT`])
})

test('a summer time is read as daylight time', async () => {
  expect(await admin('events', 'add', '--name', 'Summer Slam', '--start', '2027-07-04 19:30')).toBe(
    0,
  )
  const [event] = await operatorEvents()
  expect(event?.starts_at.toISOString()).toBe('2027-07-05T00:30:00.000Z')
})

test('events list shows a table of upcoming events: id, Central time, name', async () => {
  await admin('events', 'add', '--name', 'Open Mic Night', '--start', '2026-12-01 20:00')
  const [added] = await operatorEvents()
  out.log = []
  expect(await admin('events', 'list')).toBe(0)
  expect(out.log[0]).toMatch(/^ID\s+START \(CENTRAL\)\s+NAME$/)
  // The regular shows are there too, as fans see them.
  expect(out.log[1]).toMatch(/^regular-20261122T2200Z\s+Sun 2026-11-22 16:00 CT\s+Sunday Stand-Up$/)
  const openMic = out.log.find((line) => line.includes('Open Mic Night'))
  expect(openMic).toMatch(new RegExp(`^${added?.id}\\s+Tue 2026-12-01 20:00 CT\\s+Open Mic Night$`))
  expect(out.log).toHaveLength(1 + 16 + 1)
})

test('events list leaves out past events unless --all', async () => {
  await admin('events', 'add', '--name', 'Last Week', '--start', '2026-11-15 20:00')
  expect(out.log).toContain('Note: this event is over, so the schedule does not list it.')
  out.log = []
  await admin('events', 'list')
  expect(out.log.join('\n')).not.toContain('Last Week')
  out.log = []
  await admin('events', 'list', '--all')
  expect(out.log.join('\n')).toContain('Last Week')
})

test('events edit changes the name and the start', async () => {
  await admin('events', 'add', '--name', 'Open Mic', '--start', '2026-12-01 20:00')
  const [added] = await operatorEvents()
  const id = added?.id ?? ''
  out.log = []
  expect(
    await admin('events', 'edit', id, '--name', 'Open Mic Night', '--start', '2026-12-01 21:15'),
  ).toBe(0)
  expect(out.log).toEqual([`Updated ${id}: Open Mic Night, Tue 2026-12-01 21:15 CT`])
  const edited = await findEvent(db, id)
  expect(edited?.name).toBe('Open Mic Night')
  expect(edited?.starts_at.toISOString()).toBe('2026-12-02T03:15:00.000Z')
  expect(edited?.description).toBe('')
})

test('events remove takes a regular show off the schedule for good', async () => {
  await admin('events', 'list')
  const id = regularShowId(new Date('2026-11-25T01:00:00Z'))
  out.log = []
  expect(await admin('events', 'remove', id)).toBe(0)
  expect(out.log).toEqual([`Removed ${id}: Tuesday Night Stand-Up, Tue 2026-11-24 19:00 CT`])
  await admin('events', 'list')
  expect((await listUpcoming(db, clock.now())).map((event) => event.id)).not.toContain(id)
  // Removing it again: it is gone.
  out.error = []
  expect(await admin('events', 'remove', id)).toBe(1)
  expect(out.error).toEqual([`No event with id "${id}" (see: npm run admin -- events list).`])
})

test.each([
  ['a month 13', '2026-13-01 20:00', 'Bad date "2026-13-01 20:00": there is no such day.'],
  ['February 30', '2026-02-30 10:00', 'Bad date "2026-02-30 10:00": there is no such day.'],
  [
    'hour 24',
    '2026-12-01 24:00',
    'Bad date "2026-12-01 24:00": the time must be between 00:00 and 23:59.',
  ],
  ['a word', 'tomorrow', 'Bad date "tomorrow": write it as "YYYY-MM-DD HH:MM" in Central time.'],
  [
    'US order',
    '12/01/2026 8pm',
    'Bad date "12/01/2026 8pm": write it as "YYYY-MM-DD HH:MM" in Central time.',
  ],
  [
    'the skipped spring hour',
    '2026-03-08 02:30',
    'Bad date "2026-03-08 02:30": that time does not exist in Central time (clocks skip that hour).',
  ],
])('events add refuses %s', async (_what, start, message) => {
  await expectRefused(['events', 'add', '--name', 'Show', '--start', start], message)
})

test('events add refuses a missing or empty name and a missing start', async () => {
  await expectRefused(
    ['events', 'add', '--start', '2026-12-01 20:00'],
    'Missing --name: every event needs a name.',
  )
  out.error = []
  await expectRefused(
    ['events', 'add', '--name', '  ', '--start', '2026-12-01 20:00'],
    'The name must not be empty.',
  )
  out.error = []
  await expectRefused(
    ['events', 'add', '--name', 'Show'],
    'Missing --start: give the start as "YYYY-MM-DD HH:MM" Central time.',
  )
  out.error = []
  await expectRefused(['events', 'add', '--name'], '--name needs a value.')
})

test('edit and remove refuse an unknown id, and edit needs something to change', async () => {
  await expectRefused(
    ['events', 'edit', 'evt-nothing', '--name', 'X'],
    'No event with id "evt-nothing" (see: npm run admin -- events list).',
  )
  out.error = []
  await expectRefused(
    ['events', 'remove', 'evt-nothing'],
    'No event with id "evt-nothing" (see: npm run admin -- events list).',
  )
  out.error = []
  await expectRefused(
    ['events', 'edit', 'evt-nothing'],
    'Nothing to change: give --name, --start or --description.',
  )
  out.error = []
  await expectRefused(
    ['events', 'remove'],
    "Give the event's id: events remove <id> (see: events list).",
  )
})

test('unknown commands and options are one-line errors', async () => {
  await expectRefused(
    ['party'],
    'Unknown command "party". Try: npm run admin -- --help (commands: events, comics, lineup, openmic, mail, orders, codes, shows, members, jokes, stage, goal, console-link, audit).',
  )
  out.error = []
  await expectRefused(
    ['events', 'delete', 'x'],
    'Unknown command "events delete". Use list, add, edit or remove (--help for more).',
  )
  out.error = []
  await expectRefused(
    ['events', 'list', '--colour'],
    'Unknown option --colour. See: npm run admin -- events --help',
  )
})

test('--help prints the usage and succeeds', async () => {
  expect(await admin('--help')).toBe(0)
  expect(out.log.join('\n')).toContain('events add --name NAME --start "YYYY-MM-DD HH:MM"')
  out.log = []
  expect(await admin('events', '--help')).toBe(0)
  expect(out.log.join('\n')).toContain('Times are Central time')
  expect(out.error).toEqual([])
})

test('mail list --failed shows mail the outbox gave up on, and mail retry puts it back in the queue', async () => {
  await db.deleteFrom('mail_outbox').execute()
  expect(await admin('mail', 'list', '--failed')).toBe(0)
  expect(out.log).toEqual(['No failed mail.'])

  await queueMail(
    db,
    { dedupeKey: 'test:doomed', to: 'doomed.fan@example.com', subject: 'Your codes', text: 'X' },
    clock.now(),
  )
  const failed = await db
    .updateTable('mail_outbox')
    .set({ failed_at: clock.now(), attempts: 80, last_error: 'connect ECONNREFUSED 127.0.0.1:25' })
    .where('dedupe_key', '=', 'test:doomed')
    .returning('id')
    .executeTakeFirstOrThrow()
  out.log.length = 0
  expect(await admin('mail', 'list', '--failed')).toBe(0)
  expect(out.log).toHaveLength(1)
  expect(out.log[0]).toMatch(new RegExp(`^${failed.id} .*d\\*\\*\\*@example\\.com.*ECONNREFUSED`))
  expect(out.log[0]).not.toContain('doomed.fan')

  expect(await admin('mail', 'retry', '999999')).toBe(1)
  expect(out.error).toEqual(['Mail 999999 is not a failed mail (see mail list --failed).'])
  expect(await admin('mail', 'retry', 'x')).toBe(1)
  expect(await admin('mail', 'retry', String(failed.id))).toBe(0)
  expect(out.log.at(-1)).toMatch(/^Queued 1 mail again/)
  expect(await listFailedMail(db)).toEqual([])
  expect(await admin('mail', 'retry', '--all')).toBe(1)
})

test('a command that fails before it runs prints its one line with hidden characters escaped', () => {
  const folder = '/srv/club\u009b31m\u202e'
  expect(fatalLine(new Error(`The data folder ${folder} is in use`))).toBe(
    'The data folder /srv/club\\u009b31m\\u202e is in use',
  )
  expect(fatalLine('plain words')).toBe('plain words')
})
