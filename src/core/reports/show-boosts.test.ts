import { beforeAll, describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { insertMemberGrant, insertMembership, testPeriod } from '#test/memberships'
import { insertShowOrder, redeemAtSet } from '#test/settlements'
import { withTestApp } from '#test/test-app'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { runOperatorAction } from '../operator/run-action'
import { boostsOfShows } from './show-boosts'

const showStart = new Date('2026-11-22T22:00:00Z')
const at = (minutes: number) => new Date(showStart.getTime() + minutes * 60_000)

describe.each(testDatabases)("a show's boosts on $name", (database) => {
  const t = withTestApp(database, { now: '2026-11-22T23:00:00Z' })
  const actor = { who: 'host@example.com', via: 'console' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, actor, name, input)
  let showId = ''

  beforeAll(async () => {
    showId = (await run('events.add', { name: 'Boost Night', startsAt: showStart.toISOString() }))
      .event.id
    // Show codes: an FFR 25 (10 boosts) and a 5-pack redeemed, a 15-pack not.
    const order = await insertShowOrder(t.db, {
      showId,
      lines: [
        ['ffr-25', 1],
        ['boosts-5', 1],
        ['boosts-15', 1],
      ],
      at: at(-60),
    })
    for (const code of order.codes.filter((c) => c.productId !== 'boosts-15')) {
      await redeemAtSet(t.db, { code: code.code, setId: null, at: at(10) })
    }
    // Two members' gifts: 20 and 7 boosts.
    for (const boosts of [20, 7]) {
      const membership = await insertMembership(t.db)
      await insertMemberGrant(t.db, {
        membershipId: membership.id,
        showId,
        periodStart: testPeriod.start,
        boosts,
        at: at(20),
      })
    }
  })

  test('Tonight, the show report and the chart give the same figures, members apart', async () => {
    const expected = { boosts: 42, codeBoosts: 15, memberBoosts: 27 }
    expect((await boostsOfShows(t.db, [showId, 'evt-none'])).get('evt-none')).toEqual({
      boosts: 0,
      codeBoosts: 0,
      memberBoosts: 0,
    })
    expect((await boostsOfShows(t.db, [showId])).get(showId)).toEqual(expected)

    const tonight = await run('tonight', {})
    expect(tonight.show?.id).toBe(showId)
    expect({
      boosts: tonight.totalBoosts,
      codeBoosts: tonight.codeBoosts,
      memberBoosts: tonight.memberBoosts,
    }).toEqual(expected)

    const report = await run('shows.report', { showId })
    expect([report?.boosts, report?.memberBoosts, report?.memberGifts]).toEqual([42, 27, 2])

    const chart = await run('reports.boosts', { months: 3 })
    expect(chart.find((point) => point.showId === showId)).toMatchObject(expected)
  })
})
