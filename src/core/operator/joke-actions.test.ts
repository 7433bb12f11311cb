import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { insertMembership } from '#test/memberships'
import { withTestApp } from '#test/test-app'
import { jokeTexts } from '../../shared/jokes'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { submitJoke } from '../memberships/member-jokes'
import { Refusal } from '../refusal'
import { listAudit } from './audit'
import { runOperatorAction } from './run-action'

const now = '2026-11-22T22:30:00Z'

describe.each(testDatabases)('joke actions on $name', (database) => {
  const t = withTestApp(database, { now })
  const actor = { who: 'sam', via: 'cli' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, actor, name, input)

  async function sendJoke(text: string, fields: Parameters<typeof insertMembership>[1] = {}) {
    const member = await insertMembership(t.db, fields)
    const sent = await submitJoke(t.db, member, text, t.clock.now())
    if (!sent.ok) throw new Error(sent.reason)
    return sent.joke
  }

  test("jokes list shows the text, tier, when it was sent and its state; never the member's address", async () => {
    const joke = await sendJoke('Why did the avatar cross the world?', {
      tier: 'membership-3',
      display_name: 'Robin',
      email: 'robin.private@example.com',
    })
    const listed = (await run('jokes.list', { states: ['waiting'] })).find((j) => j.id === joke.id)
    expect(listed).toEqual({
      id: joke.id,
      text: 'Why did the avatar cross the world?',
      state: 'waiting',
      tier: 'membership-3',
      displayName: 'Robin',
      membershipId: joke.membership_id,
      sentAt: now.replace('Z', '.000Z'),
      updatedAt: now.replace('Z', '.000Z'),
    })
    expect(JSON.stringify(await run('jokes.list', {}))).not.toContain('robin.private')
  })

  test('accept, performed and decline move a joke and write the audit log once', async () => {
    const joke = await sendJoke('Accept me')
    const accepted = await run('jokes.accept', { id: joke.id })
    expect(accepted).toMatchObject({ changed: true, joke: { id: joke.id, state: 'accepted' } })
    // A double click: the same answer, nothing more in the log.
    expect(await run('jokes.accept', { id: joke.id })).toMatchObject({ changed: false })
    expect(await run('jokes.performed', { id: joke.id })).toMatchObject({
      joke: { state: 'performed' },
    })
    const log = await listAudit(t.db, { search: joke.id, page: 1, pageSize: 10 })
    expect(log.items.map((e) => [e.action, e.actor, e.via, e.targetId])).toEqual([
      ['jokes.performed', 'sam', 'cli', joke.id],
      ['jokes.accept', 'sam', 'cli', joke.id],
    ])
    expect(log.items[1]?.summary).toBe("Marked a member's joke accepted")

    const other = await sendJoke('Decline me')
    expect(await run('jokes.decline', { id: other.id })).toMatchObject({
      joke: { state: 'declined' },
    })
    expect(
      (await run('jokes.list', { states: ['waiting', 'accepted'] })).map((j) => j.id),
    ).not.toEqual(expect.arrayContaining([joke.id]))
  })

  test('a move the state does not allow, or an unknown joke, is refused in a sentence', async () => {
    const joke = await sendJoke('Not yet')
    await expect(run('jokes.performed', { id: joke.id })).rejects.toThrow(
      new Refusal('invalid', 'This joke is waiting: it cannot be marked performed.'),
    )
    await run('jokes.decline', { id: joke.id })
    await expect(run('jokes.accept', { id: joke.id })).rejects.toThrow(
      'This joke is declined: it cannot be marked accepted.',
    )
    const missing = await run('jokes.accept', { id: 'jok_nothing' }).catch((error) => error)
    expect(missing).toBeInstanceOf(Refusal)
    expect(missing.message).toBe(jokeTexts.notFound('jok_nothing'))
    expect(missing.message).toBe('There is no joke jok_nothing (see: npm run admin -- jokes list).')
    expect(missing.kind).toBe('not-found')
    const log = await listAudit(t.db, { search: joke.id, page: 1, pageSize: 10 })
    expect(log.items.map((e) => e.action)).toEqual(['jokes.decline'])
  })
})
