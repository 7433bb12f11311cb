import { describe, expect, test } from 'vitest'
import { creditHelpers } from '#test/credit'
import { testDatabases } from '#test/databases'
import { insertMembership } from '#test/memberships'
import { withTestApp } from '#test/test-app'

/** Sunday 22 November 2026, 16:30 CST: half an hour into the Sunday show. */
const duringShow = '2026-11-22T22:30:00Z'
const minutes = (m: number) => new Date(Date.parse(duringShow) + m * 60_000)

describe.each(testDatabases)("a grant's time and its set's on $name", (database) => {
  const t = withTestApp(database, { now: duringShow, trustProxyHops: 1 })
  const { run, onStage, redeem, codes } = creditHelpers(t, duringShow)

  /** Every grant at the show with its set's times (none: the pot), and every set. */
  async function grantsAndSets(showId: string) {
    const sets = await t.db
      .selectFrom('sets')
      .selectAll()
      .where('show_id', '=', showId)
      .orderBy('id')
      .execute()
    const grants = [
      ...(await t.db
        .selectFrom('redemptions')
        .select(['code as what', 'set_id', 'redeemed_at'])
        .where('show_id', '=', showId)
        .execute()),
      ...(await t.db
        .selectFrom('member_redemptions')
        .select(['membership_id as what', 'set_id', 'redeemed_at'])
        .where('show_id', '=', showId)
        .execute()),
    ]
    return { sets, grants }
  }

  test('a grant credited to a set is stamped within it, and one in the pot outside every set, whichever clock was read first', async () => {
    const [show, pot, late] = await codes('boosts-5', 3)
    const members = await Promise.all([
      insertMembership(t.db, { tier: 'membership-1' }),
      insertMembership(t.db, {
        tier: 'membership-1',
        status: 'past_due',
        past_due_since: minutes(-10),
      }),
    ])
    t.clock.set(minutes(0))
    await onStage('Ada Clock')
    const { comic: bo } = await run('comics.add', { name: 'Bo Clock' })
    const { comic: cy } = await run('comics.add', { name: 'Cy Clock' })

    // Grants read 2 minutes in; the "On: Bo" that ends Ada's set had read its clock at 1 minute
    // and took the lock after them (as a change waits for the grants under way).
    t.clock.set(minutes(2))
    expect((await redeem(show ?? '')).comic).toBe('Ada Clock')
    expect((await redeem(members[0]?.member_code ?? '')).comic).toBe('Ada Clock')
    t.clock.set(minutes(1))
    await run('stage.on', { comic: bo.id })

    // An intermission at 5 minutes; a grant that read 4 minutes and waited for it: the pot.
    t.clock.set(minutes(5))
    await run('stage.off', {})
    t.clock.set(minutes(4))
    expect((await redeem(pot ?? '')).comic).toBe('')

    // Cy on at 6 minutes; grants that read 5½ minutes and waited for it: Cy's.
    t.clock.set(minutes(6))
    await run('stage.on', { comic: cy.id })
    t.clock.set(minutes(5.5))
    expect((await redeem(late ?? '')).comic).toBe('Cy Clock')
    expect((await redeem(members[1]?.member_code ?? '')).comic).toBe('Cy Clock')

    const showId = (await run('stage.show', {})).showId
    const { sets, grants } = await grantsAndSets(showId)
    expect(sets).toHaveLength(3)
    expect(grants).toHaveLength(5)
    for (const grant of grants) {
      const at = grant.redeemed_at.getTime()
      const set = sets.find((s) => s.id === grant.set_id)
      if (set) {
        expect(at, grant.what).toBeGreaterThanOrEqual(set.started_at.getTime())
        expect(at, grant.what).toBeLessThanOrEqual(set.ended_at?.getTime() ?? Infinity)
      } else {
        for (const s of sets) {
          const inside = at > s.started_at.getTime() && at < (s.ended_at?.getTime() ?? Infinity)
          expect(inside, `${grant.what} in the pot, within set ${s.id}`).toBe(false)
        }
      }
    }
    // A show's stage times never go backwards: each set starts where the one before ended.
    expect(
      sets.map((s) => [s.started_at.toISOString(), s.ended_at?.toISOString() ?? null]),
    ).toEqual([
      [minutes(0).toISOString(), minutes(2).toISOString()],
      [minutes(2).toISOString(), minutes(5).toISOString()],
      [minutes(6).toISOString(), null],
    ])
  })
})
