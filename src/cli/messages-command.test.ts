import { describe, expect, test } from 'vitest'
import { runAdminCommand as admin } from '#test/admin'
import { testDatabases } from '#test/databases'
import { insertMembership } from '#test/memberships'
import { withTestApp } from '#test/test-app'
import { moderationTexts } from '../shared/moderation'
import { parseMessagesCommand } from './messages-command'

const now = '2026-11-22T22:30:00Z'

test('messages commands are read strictly, before anything is touched', () => {
  expect(parseMessagesCommand([])).toEqual({ kind: 'help' })
  expect(parseMessagesCommand(['mode', 'hold'])).toEqual({ kind: 'mode', mode: 'hold' })
  expect(parseMessagesCommand(['approve', 'c:ABC'])).toEqual({
    kind: 'decide',
    decision: 'approve',
    id: 'c:ABC',
  })
  expect(parseMessagesCommand(['words', '--add', 'a', '--add', 'b c'])).toEqual({
    kind: 'words',
    add: ['a', 'b c'],
    remove: [],
    json: false,
  })
  expect(() => parseMessagesCommand(['mode', 'loud'])).toThrow('stage messages mode takes one of')
  expect(() => parseMessagesCommand(['reject'])).toThrow(
    'stage messages reject takes one message id',
  )
  expect(() => parseMessagesCommand(['list', '--add', 'x'])).toThrow('takes no --add')
  expect(() => parseMessagesCommand(['shout'])).toThrow('Unknown command "stage messages shout"')
})

describe.each(testDatabases)('messages commands on $name', (database) => {
  const t = withTestApp(database, { now })

  test('the host sets the mode, edits the word list, lists waiting messages and decides them; all audited', async () => {
    expect((await admin(t, ['stage', 'messages', 'mode', 'hold'])).log).toEqual(['Mode: hold'])
    const added = await admin(t, [
      'stage',
      'messages',
      'words',
      '--add',
      'Heckle',
      '--remove',
      'crypto',
    ])
    expect(added.log).toContain('heckle')
    expect(added.log).not.toContain('crypto')
    const member = await insertMembership(t.db, {
      display_name: 'Robin',
      stage_message: 'hello from the back',
    })
    const kiosk = await t.app.inject({ method: 'GET', url: `/k/${member.member_code}` })
    expect(kiosk.json().status).toBe('redeemed')
    const id = `m:${member.id}:regular-20261122T2200Z`
    const listed = await admin(t, ['stage', 'messages', 'list'])
    expect(listed.log).toContain(`  ${id}  Robin gave 10 boosts to tonight's comics`)
    expect(listed.log).toContain('    "hello from the back"')
    expect((await admin(t, ['stage', 'messages', 'approve', id])).log).toEqual([
      moderationTexts.approved,
    ])
    const again = await admin(t, ['stage', 'messages', 'reject', id])
    expect(again.code).not.toBe(0)
    expect(again.error.join('\n')).toContain(moderationTexts.alreadyDecided)
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'moderation.%')
      .execute()
    expect(audit.map((entry) => entry.action)).toEqual([
      'moderation.set',
      'moderation.set',
      'moderation.decide',
    ])
    await admin(t, ['stage', 'messages', 'mode', 'words'])
  })
})
