import { describe, expect, test } from 'vitest'
import { runAdminCommand as admin } from '#test/admin'
import { testDatabases } from '#test/databases'
import { insertMembership } from '#test/memberships'
import { withTestApp } from '#test/test-app'
import { submitJoke } from '../core/memberships/member-jokes'
import type { HostJokeView } from '../shared/jokes'
import { parseJokesCommand } from './jokes-command'

const now = '2026-11-22T22:30:00Z'

test('jokes commands are read strictly, before anything is touched', () => {
  expect(parseJokesCommand([])).toEqual({ kind: 'help' })
  expect(parseJokesCommand(['list', '--state', 'waiting', '--json'])).toEqual({
    kind: 'list',
    state: 'waiting',
    json: true,
  })
  expect(parseJokesCommand(['performed', 'jok_1'])).toEqual({ kind: 'performed', id: 'jok_1' })
  expect(() => parseJokesCommand(['list', '--state', 'funny'])).toThrow(
    'Bad --state "funny": one of waiting, accepted, performed, declined.',
  )
  expect(() => parseJokesCommand(['accept'])).toThrow('jokes accept takes one joke id')
  expect(() => parseJokesCommand(['accept', 'a', 'b'])).toThrow('jokes accept takes one joke id')
  expect(() => parseJokesCommand(['accept', 'a', '--json'])).toThrow('takes only the joke')
  expect(() => parseJokesCommand(['tell', 'a'])).toThrow('Unknown command "jokes tell"')
})

describe.each(testDatabases)('jokes commands on $name', (database) => {
  const t = withTestApp(database, { now })

  async function sendJoke(text: string, fields: Parameters<typeof insertMembership>[1] = {}) {
    const member = await insertMembership(t.db, fields)
    const sent = await submitJoke(t.db, member, text, t.clock.now())
    if (!sent.ok) throw new Error(sent.reason)
    return sent.joke
  }

  test('jokes list prints each joke with its tier and time, the text indented below', async () => {
    const joke = await sendJoke('Knock knock.\nWho is there?', {
      tier: 'membership-3',
      display_name: 'Robin',
      email: 'robin.private@example.com',
    })
    const listed = await admin(t, ['jokes', 'list', '--state', 'waiting'])
    expect(listed.code).toBe(0)
    const at = listed.log.findIndex((line) => line.startsWith(joke.id))
    expect(listed.log.slice(at, at + 3)).toEqual([
      `${joke.id}  waiting    Tier 3 (Robin)  sent Sun 2026-11-22 16:30 CT`,
      '    Knock knock.',
      '    Who is there?',
    ])
    expect(listed.text).not.toContain('robin.private')
    expect(listed.log.at(-1)).toMatch(/^\d+ jokes?\.$/)

    const json = await admin(t, ['jokes', 'list', '--json'])
    const jokes: HostJokeView[] = JSON.parse(json.text)
    expect(jokes.find((j) => j.id === joke.id)).toMatchObject({
      text: 'Knock knock.\nWho is there?',
      tier: 'membership-3',
      state: 'waiting',
      sentAt: '2026-11-22T22:30:00.000Z',
    })
  })

  test('accept, performed and decline move a joke; a refused move is one line and code 1', async () => {
    const joke = await sendJoke('Move me')
    expect(await admin(t, ['jokes', 'accept', joke.id])).toMatchObject({
      code: 0,
      log: [`Joke ${joke.id} is now accepted.`],
    })
    expect(await admin(t, ['jokes', 'accept', joke.id])).toMatchObject({
      code: 0,
      log: [`Joke ${joke.id} was accepted already.`],
    })
    expect(await admin(t, ['jokes', 'performed', joke.id])).toMatchObject({ code: 0 })
    expect(await admin(t, ['jokes', 'decline', joke.id])).toMatchObject({
      code: 1,
      error: ['This joke is performed: it cannot be marked declined.'],
    })
    const audit = await admin(t, ['audit', 'list', '--search', joke.id])
    expect(audit.text).toContain('jokes.performed')
    const performed = JSON.parse(
      (await admin(t, ['jokes', 'list', '--state', 'performed', '--json'])).text,
    )
    expect(performed.map((j: HostJokeView) => j.id)).toContain(joke.id)
    expect(await admin(t, ['jokes', 'decline', 'jok_nothing'])).toMatchObject({ code: 1 })
  })

  test('the help lists the jokes commands', async () => {
    const help = await admin(t, ['--help'])
    expect(help.text).toContain('jokes performed <id>')
  })

  test('a joke keeps no C1 control or direction override, and the terminal gets no raw control from old text', async () => {
    const joke = await sendJoke('Csi\u009b31m red \u202eevil\u202c end', { display_name: 'Kim' })
    expect(joke.text).toBe('Csi31m red evil end')
    // A name written before the rule, or by hand in the database, is escaped when printed.
    await t.db
      .updateTable('memberships')
      .set({ display_name: 'Kim\u001b[2J\u202e' })
      .where('id', '=', joke.membership_id)
      .execute()
    const listed = await admin(t, ['jokes', 'list', '--state', 'waiting'])
    const line = listed.log.find((l) => l.startsWith(joke.id)) ?? ''
    expect(line).toContain('(Kim\\u001b[2J\\u202e)')
    expect(listed.lines.join('\n')).not.toMatch(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
      /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/,
    )
    const json = await admin(t, ['jokes', 'list', '--json'])
    const jokes: HostJokeView[] = JSON.parse(json.text)
    expect(jokes.find((j) => j.id === joke.id)?.displayName).toBe('Kim\u001b[2J\u202e')
  })
})
