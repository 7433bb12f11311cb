import { describe, expect, test } from 'vitest'
import { runAdminCommand as admin } from '#test/admin'
import { testDatabases } from '#test/databases'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { confirmSignup, signUp } from '../core/open-mic/signups'
import type { OpenMicView } from '../shared/open-mic-operator'
import { parseOpenMicCommand } from './openmic-command'

const now = '2026-12-01T18:00:00Z'

test('openmic commands are read strictly, before anything is touched', () => {
  expect(parseOpenMicCommand([])).toEqual({ kind: 'help' })
  expect(parseOpenMicCommand(['move', 'evt-1', '7', 'waitlist'])).toEqual({
    kind: 'action',
    name: 'openmic.move',
    input: { show: 'evt-1', signup: 7, to: 'waitlist' },
    json: false,
  })
  expect(() => parseOpenMicCommand(['draw'])).toThrow('openmic draw needs a show id')
  expect(() => parseOpenMicCommand(['move', 'evt-1', '7', 'stage'])).toThrow(
    'openmic move takes list or waitlist',
  )
  expect(() => parseOpenMicCommand(['set', 'evt-1', '--slots', '0', '--minutes', '5'])).toThrow(
    '--slots needs a whole number from 1 to 40.',
  )
  expect(() =>
    parseOpenMicCommand(['set', 'evt-1', '--slots', '3', '--minutes', '5', '--opens', 'soon']),
  ).toThrow()
  expect(() => parseOpenMicCommand(['juggle', 'evt-1'])).toThrow('Unknown command "openmic juggle"')
})

describe.each(testDatabases)('openmic commands on $name', (database) => {
  const t = withTestApp(database, { now })

  test('the host sets an open mic, sees the list, draws, moves and makes the lineup from the command line', async () => {
    const added = await admin(t, [
      'events',
      'add',
      '--name',
      'Open Mic Night',
      '--start',
      '2026-12-01 20:00',
    ])
    const show = /evt-[a-z0-9]+/.exec(added.text)?.[0] ?? ''
    const set = await admin(t, [
      'openmic',
      'set',
      show,
      '--slots',
      '1',
      '--minutes',
      '5',
      '--opens',
      '2026-12-01 06:00',
      '--closes',
      '2026-12-01 19:00',
      '--lottery',
      '--draw',
      '2026-12-01 19:30',
    ])
    expect(set.code).toBe(0)
    expect(set.log[1]).toBe(
      '  1 slots of 5 min, lottery drawn at Tue 2026-12-01 19:30 CT; sign-up Tue 2026-12-01 06:00 CT to Tue 2026-12-01 19:00 CT',
    )
    const context = { publicUrl: testPublicUrl, now: t.clock.now() }
    for (const who of ['ann', 'bob']) {
      await signUp(
        t.db,
        show,
        { stageName: who, email: `${who}@example.com`, vrchatName: `vr-${who}`, adult: true },
        context,
      )
      const mail = await t.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', `${who}@example.com`)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      await confirmSignup(t.db, /#confirm=([\w-]+)/.exec(mail.text_body)?.[1] ?? '', context)
    }
    const drawn = await admin(t, ['openmic', 'draw', show, '--json'])
    const view: OpenMicView = JSON.parse(drawn.text)
    expect([view.slots.length, view.waitlist.length]).toEqual([1, 1])
    const waiting = view.waitlist[0]
    const moved = await admin(t, ['openmic', 'move', show, String(waiting?.id), 'list'])
    expect(moved.text).toContain(`#${waiting?.id}  ${waiting?.stageName}  <${waiting?.email}>`)
    expect(moved.log).toContain('The list:')
    const lineup = await admin(t, ['openmic', 'lineup', show])
    expect(lineup.code).toBe(0)
    const bill = await admin(t, ['lineup', 'show', show])
    expect(bill.log.slice(1).map((l) => l.includes('Open mic'))).toEqual([true, true])
    const again = await admin(t, ['openmic', 'draw', show])
    expect([again.code, again.error[0]]).toEqual([
      1,
      'This open mic has been drawn already: its draw stands as recorded.',
    ])
  })
})
