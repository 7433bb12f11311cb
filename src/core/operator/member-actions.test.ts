import { describe, expect, test } from 'vitest'
import { buyCodes } from '#test/checkout'
import { consoleAction, signInToConsole } from '#test/console'
import { testDatabases } from '#test/databases'
import { insertMemberGrant, insertMembership, testPeriod } from '#test/memberships'
import { type TestContext, withTestApp } from '#test/test-app'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { Refusal } from '../refusal'
import { runOperatorAction } from './run-action'

const now = '2026-11-22T22:30:00Z'
const periodStart = testPeriod.start
const host = 'host@example.com'

async function addGift(
  t: TestContext,
  gift: { membershipId: string; showId: string; boosts: number; at?: Date; period?: Date },
) {
  await insertMemberGrant(t.db, {
    membershipId: gift.membershipId,
    showId: gift.showId,
    periodStart: gift.period ?? periodStart,
    boosts: gift.boosts,
    at: gift.at ?? new Date(now),
  })
}

/** The first shows of the schedule, oldest first: real events for the gifts to name. */
async function shows(t: TestContext) {
  return t.db.selectFrom('events').select(['id', 'name']).orderBy('starts_at').limit(3).execute()
}

describe.each(testDatabases)('member actions on $name', (database) => {
  const t = withTestApp(database, { now, adminEmails: [host] })
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, { who: 'operator', via: 'cli' }, name, input)

  test('members list finds members by part of the address, by member code and by status', async () => {
    await insertMembership(t.db, {
      id: 'mem_list1',
      email: 'Sam.Lister@example.com',
      member_code: '23456789ABCD',
    })
    await insertMembership(t.db, {
      id: 'mem_list2',
      email: 'robin.lister@example.com',
      member_code: '23456789ABCE',
      status: 'ended',
      ended_at: new Date(now),
      end_reason: 'cancelled',
      created_at: new Date('2026-11-11T00:00:00Z'),
    })
    const [show] = await shows(t)
    await addGift(t, { membershipId: 'mem_list1', showId: show?.id ?? '', boosts: 10 })

    const both = await run('members.list', { search: 'LISTER@' })
    expect(both.total).toBe(2)
    expect(both.items.map((m) => m.id)).toEqual(['mem_list2', 'mem_list1'])
    expect(both.items[1]).toMatchObject({
      email: 'Sam.Lister@example.com',
      tier: 'membership-2',
      status: 'active',
      standing: 'active',
      boostsLeft: 90,
      memberCode: '2345-6789-ABCD',
      periodStart: periodStart.toISOString(),
    })
    const byCode = await run('members.list', { search: '2345-6789-abce' })
    expect(byCode.items.map((m) => m.id)).toEqual(['mem_list2'])
    // An ended membership's code grants nothing: no boosts left, whatever its last period held.
    expect(byCode.items[0]).toMatchObject({ status: 'ended', boostsLeft: 0 })
    const active = await run('members.list', { search: 'lister', status: 'active' })
    expect(active.items.map((m) => m.id)).toEqual(['mem_list1'])
    const paged = await run('members.list', { search: 'lister', page: 2, pageSize: 1 })
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 })
    expect(paged.items.map((m) => m.id)).toEqual(['mem_list1'])
    expect((await run('members.list', { search: 'nobody.here' })).total).toBe(0)
  })

  test('members show: one member by id, code or address, with the gifts at each show', async () => {
    await insertMembership(t.db, {
      id: 'mem_show1',
      email: 'pat.shown@example.com',
      member_code: 'ZZZZYYYYXXXX',
      display_name: 'Pat',
      tier: 'membership-3',
      next_tier: 'membership-1',
      cancel_at_period_end: true,
      period_allowance: 200,
      status: 'past_due',
      past_due_since: new Date('2026-11-22T00:00:00Z'),
    })
    const [first, second] = await shows(t)
    await addGift(t, { membershipId: 'mem_show1', showId: first?.id ?? '', boosts: 20 })
    // A gift of the period before counts against that one, not this one.
    await addGift(t, {
      membershipId: 'mem_show1',
      showId: second?.id ?? '',
      boosts: 20,
      period: new Date('2026-10-10T00:00:00Z'),
      at: new Date('2026-10-20T00:00:00Z'),
    })

    const member = await run('members.show', { id: 'mem_show1' })
    expect(member).toMatchObject({
      id: 'mem_show1',
      email: 'pat.shown@example.com',
      tier: 'membership-3',
      nextTier: 'membership-1',
      status: 'past_due',
      standing: 'grace',
      cancelAtPeriodEnd: true,
      boostsLeft: 180,
      memberCode: 'ZZZZ-YYYY-XXXX',
      displayName: 'Pat',
      periodEnd: '2026-12-10T00:00:00.000Z',
      endedAt: null,
      endReason: null,
    })
    expect(member.redemptions).toEqual([
      {
        showId: first?.id,
        showName: first?.name,
        boosts: 20,
        anonymous: false,
        at: now.replace('Z', '.000Z'),
      },
      {
        showId: second?.id,
        showName: second?.name,
        boosts: 20,
        anonymous: false,
        at: '2026-10-20T00:00:00.000Z',
      },
    ])
    expect((await run('members.show', { code: 'zzzz yyyy xxxx' })).id).toBe('mem_show1')
    expect((await run('members.show', { email: 'PAT.SHOWN@example.com' })).id).toBe('mem_show1')

    const missing = await run('members.show', { id: 'mem_nothere' }).catch((error) => error)
    expect(missing).toBeInstanceOf(Refusal)
    expect(missing.message).toBe('There is no membership mem_nothere.')
    expect(missing.kind).toBe('not-found')
  })

  test('shows report counts member boosts apart from the codes sold', async () => {
    // A show of its own, later than the shows the other tests' gifts are at.
    t.clock.set('2026-12-06T22:10:00Z')
    const [code] = await buyCodes(t, [['boosts-5', 2]], 'buyer@example.com')
    t.clock.set(now)
    const order = await t.db
      .selectFrom('orders')
      .select('show_id')
      .where('id', '=', code?.order_id ?? '')
      .executeTakeFirstOrThrow()
    const showId = order.show_id ?? ''
    const before = await run('shows.report', { showId })
    expect(before).toMatchObject({ memberBoosts: 0, memberGifts: 0 })

    for (const [i, boosts] of [10, 10, 20].entries()) {
      const id = `mem_report${i}`
      await insertMembership(t.db, {
        id,
        email: `report${i}@example.com`,
        member_code: `MMMMNNNNPPP${i + 2}`,
      })
      await addGift(t, { membershipId: id, showId, boosts })
    }
    const after = await run('shows.report', { showId })
    expect(after).toMatchObject({ memberBoosts: 40, memberGifts: 3 })
    expect(after?.totals).toEqual(before?.totals)
    expect(after?.lines).toEqual(before?.lines)
  })

  test('a signed-in host lists and shows members from the console', async () => {
    await insertMembership(t.db, {
      id: 'mem_console',
      email: 'console.member@example.com',
      member_code: 'QQQQRRRRSSSS',
    })
    const signedIn = await signInToConsole(t.app, t.db, host)
    const list = await consoleAction(t.app, signedIn, 'members.list', { search: 'console.member' })
    expect(list.statusCode).toBe(200)
    expect(list.json().items.map((m: { id: string }) => m.id)).toEqual(['mem_console'])
    const shown = await consoleAction(t.app, signedIn, 'members.show', { code: 'QQQQ-RRRR-SSSS' })
    expect(shown.statusCode).toBe(200)
    expect(shown.json()).toMatchObject({ id: 'mem_console', redemptions: [] })
    const missing = await consoleAction(t.app, signedIn, 'members.show', { id: 'mem_nothere' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('There is no membership mem_nothere.')
  })
})
