import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { insertMembership, testPeriod } from '#test/memberships'
import { withTestApp } from '#test/test-app'
import { jokeMaxLength } from '../../shared/jokes'
import { memberGraceMs, type TierId } from '../../shared/memberships'
import {
  jokesLeft,
  listJokes,
  memberJokes,
  type SubmitJokeResult,
  setJokeState,
  submitJoke,
} from './member-jokes'

const now = new Date('2026-11-22T22:30:00Z')
const minute = 60_000

function jokeOf(result: SubmitJokeResult) {
  if (!result.ok) throw new Error(`refused: ${result.reason}`)
  return result.joke
}

describe.each(testDatabases)('custom jokes on $name', (database) => {
  const t = withTestApp(database, { now: now.toISOString() })

  test.each([
    ['membership-1', 1],
    ['membership-2', 2],
    ['membership-3', 5],
  ] as [TierId, number][])('%s sends %i jokes a period, then is refused', async (tier, count) => {
    const member = await insertMembership(t.db, { tier })
    expect(await jokesLeft(t.db, member)).toBe(count)
    for (let i = 0; i < count; i++) {
      const sent = await submitJoke(t.db, member, `Joke number ${i + 1}`, now)
      expect(sent.ok).toBe(true)
    }
    expect(await jokesLeft(t.db, member)).toBe(0)
    expect(await submitJoke(t.db, member, 'One too many', now)).toEqual({
      ok: false,
      reason: 'limit',
    })
    expect(await memberJokes(t.db, member.id)).toHaveLength(count)
  })

  test('a joke is counted in characters as a person sees them: 280 emoji fit, 281 do not', async () => {
    const member = await insertMembership(t.db, { tier: 'membership-3' })
    const longest = '😂'.repeat(jokeMaxLength)
    expect(longest.length).toBe(2 * jokeMaxLength)
    const joke = jokeOf(await submitJoke(t.db, member, `  ${longest}\n`, now))
    expect(joke.text).toBe(longest)
    expect(await submitJoke(t.db, member, `${longest}!`, now)).toEqual({
      ok: false,
      reason: 'too_long',
    })
    expect(await submitJoke(t.db, member, 'a'.repeat(jokeMaxLength + 1), now)).toEqual({
      ok: false,
      reason: 'too_long',
    })
    expect(await memberJokes(t.db, member.id)).toHaveLength(1)
  })

  test('an empty joke is refused; control characters go, line breaks stay', async () => {
    const member = await insertMembership(t.db, { tier: 'membership-3' })
    for (const empty of ['', '   ', '\n\t', '\u0000\u0007']) {
      expect(await submitJoke(t.db, member, empty, now)).toEqual({ ok: false, reason: 'empty' })
    }
    const joke = jokeOf(
      await submitJoke(t.db, member, 'Knock\u0000 knock.\r\nWho\u001b is there?', now),
    )
    expect(joke.text).toBe('Knock knock.\nWho is there?')
    expect(joke).toMatchObject({ state: 'waiting', membership_id: member.id })
    expect(joke.id).toMatch(/^jok_[0-9A-Za-z]{20}$/)
    expect(joke.period_start).toEqual(testPeriod.start)
    expect(await jokesLeft(t.db, member)).toBe(4)
  })

  test('eight jokes sent at once with one left: one goes, the others are refused', async () => {
    const member = await insertMembership(t.db, { tier: 'membership-2' })
    jokeOf(await submitJoke(t.db, member, 'The first', now))
    // Every connection of the pool open first, so the attempts really run side by side.
    await Promise.all(Array.from({ length: 8 }, () => sql`select pg_sleep(0.05)`.execute(t.db)))
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => submitJoke(t.db, member, `Second ${i}`, now)),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok && r.reason === 'limit')).toHaveLength(7)
    expect(await memberJokes(t.db, member.id)).toHaveLength(2)
  })

  test('a new period gives the tier its jokes again; the old ones stay listed', async () => {
    const member = await insertMembership(t.db, { tier: 'membership-1' })
    jokeOf(await submitJoke(t.db, member, 'November', now))
    expect(await submitJoke(t.db, member, 'Too soon', now)).toMatchObject({ reason: 'limit' })
    const renewed = await t.db
      .updateTable('memberships')
      .set({ period_start: testPeriod.end, period_end: new Date('2027-01-10T00:00:00Z') })
      .where('id', '=', member.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    const later = new Date('2026-12-11T00:00:00Z')
    expect(await jokesLeft(t.db, renewed)).toBe(1)
    const december = jokeOf(await submitJoke(t.db, renewed, 'December', later))
    expect(december.period_start).toEqual(testPeriod.end)
    expect((await memberJokes(t.db, member.id)).map((j) => j.text)).toEqual([
      'December',
      'November',
    ])
  })

  test('only a membership whose perks are on may send: grace yes; paused, ended, unpaid no', async () => {
    const inGrace = await insertMembership(t.db, {
      status: 'past_due',
      past_due_since: new Date(now.getTime() - memberGraceMs + minute),
    })
    expect((await submitJoke(t.db, inGrace, 'Still in', now)).ok).toBe(true)
    const refused = [
      { status: 'past_due', past_due_since: new Date(now.getTime() - memberGraceMs - minute) },
      { status: 'ended', ended_at: now, end_reason: 'cancelled' },
      { status: 'incomplete', period_start: null, period_end: null },
      // A period that ran out without a renewal pauses the perks too.
      { period_start: new Date('2026-10-01T00:00:00Z'), period_end: new Date('2026-11-01') },
    ] as const
    for (const fields of refused) {
      const member = await insertMembership(t.db, fields)
      expect(await submitJoke(t.db, member, 'Let me in', now)).toEqual({
        ok: false,
        reason: 'not_member',
      })
    }
  })

  test('the membership is read again when sending: one ended since the page loaded is refused', async () => {
    const member = await insertMembership(t.db)
    await t.db
      .updateTable('memberships')
      .set({ status: 'ended', ended_at: now, end_reason: 'refunded' })
      .where('id', '=', member.id)
      .execute()
    expect(await submitJoke(t.db, member, 'Too late', now)).toMatchObject({ reason: 'not_member' })
  })

  test('the host moves a joke along: waiting, accepted, performed; or declined', async () => {
    const member = await insertMembership(t.db, { tier: 'membership-3' })
    const a = jokeOf(await submitJoke(t.db, member, 'A', now))
    const b = jokeOf(await submitJoke(t.db, member, 'B', now))
    const later = new Date(now.getTime() + minute)

    const accepted = await setJokeState(t.db, a.id, 'accepted', later)
    expect(accepted).toMatchObject({ ok: true, changed: true, joke: { state: 'accepted' } })
    expect(accepted.ok && accepted.joke.updated_at).toEqual(later)
    // The same again: a success that changes nothing.
    expect(await setJokeState(t.db, a.id, 'accepted', later)).toMatchObject({
      ok: true,
      changed: false,
    })
    expect(await setJokeState(t.db, a.id, 'waiting', later)).toEqual({
      ok: false,
      reason: 'not_allowed',
      from: 'accepted',
    })
    expect(await setJokeState(t.db, a.id, 'performed', later)).toMatchObject({ ok: true })
    expect(await setJokeState(t.db, a.id, 'declined', later)).toEqual({
      ok: false,
      reason: 'not_allowed',
      from: 'performed',
    })
    expect(await setJokeState(t.db, b.id, 'performed', later)).toEqual({
      ok: false,
      reason: 'not_allowed',
      from: 'waiting',
    })
    expect(await setJokeState(t.db, b.id, 'declined', later)).toMatchObject({ ok: true })
    expect(await setJokeState(t.db, b.id, 'accepted', later)).toMatchObject({ from: 'declined' })
    expect(await setJokeState(t.db, 'jok_nothing', 'accepted', later)).toEqual({
      ok: false,
      reason: 'not_found',
    })
  })

  test("the host's list: oldest first, by state, with the tier and the member's chosen name", async () => {
    const named = await insertMembership(t.db, { tier: 'membership-3', display_name: 'Robin' })
    const plain = await insertMembership(t.db, { tier: 'membership-1' })
    const first = jokeOf(await submitJoke(t.db, plain, 'Oldest', new Date('2026-11-12T00:00:00Z')))
    const second = jokeOf(await submitJoke(t.db, named, 'Newer', new Date('2026-11-13T00:00:00Z')))
    const third = jokeOf(await submitJoke(t.db, named, 'Newest', new Date('2026-11-14T00:00:00Z')))
    await setJokeState(t.db, second.id, 'accepted', now)
    const mine = (list: { id: string }[]) =>
      list.map((j) => j.id).filter((id) => [first.id, second.id, third.id].includes(id))

    const waiting = await listJokes(t.db, { state: 'waiting' })
    expect(mine(waiting)).toEqual([first.id, third.id])
    expect(waiting.every((j) => j.state === 'waiting')).toBe(true)
    expect(mine(await listJokes(t.db))).toEqual([first.id, second.id, third.id])
    const accepted = (await listJokes(t.db, { state: 'accepted' })).find((j) => j.id === second.id)
    expect(accepted).toMatchObject({ text: 'Newer', tier: 'membership-3', display_name: 'Robin' })
    expect(accepted).not.toHaveProperty('email')
    expect(await listJokes(t.db, { limit: 1 })).toHaveLength(1)
  })
})
