import type { Kysely } from 'kysely'
import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { insertMemberGrant, insertMembership, testPeriod } from '#test/memberships'
import {
  creditMemberGrant,
  insertMembershipPayment,
  insertSet,
  insertShowOrder,
  redeemAtSet,
} from '#test/settlements'
import { withTestApp } from '#test/test-app'
import { runOperatorAction } from '../../../../core/operator/run-action'
import { down, up } from './2026-11-29-027-statement-sources'

describe.each(testDatabases)('migration 027, statement sources, on $name', (database) => {
  const t = withTestApp(database, { now: '2026-11-01T12:00:00Z' })
  const actor = { who: 'host@example.com', via: 'cli' } as const
  const deps = () => ({ db: t.db, clock: t.clock })

  test("reads a line closed before it as its terms had it: its member boosts' worth apart; a payout's method empty", async () => {
    const { event } = await runOperatorAction(deps(), actor, 'events.add', {
      name: 'Before 027',
      startsAt: '2026-11-02T01:00:00Z',
    })
    const { comic } = await runOperatorAction(deps(), actor, 'comics.add', { name: 'Old Line' })
    const at = (m: number) => new Date(Date.parse('2026-11-02T01:00:00Z') + m * 60_000)
    const set = await insertSet(t.db, {
      showId: event.id,
      comicId: comic.id,
      from: at(0),
      to: at(20),
    })
    const order = await insertShowOrder(t.db, {
      showId: event.id,
      lines: [['ffr-10', 1]],
      at: at(-9),
    })
    await redeemAtSet(t.db, { code: order.codes[0]?.code ?? '', setId: set, at: at(5) })
    const member = await insertMembership(t.db)
    await insertMembershipPayment(t.db, {
      membershipId: member.id,
      periodStart: testPeriod.start,
      amountCents: 4999,
    })
    await insertMemberGrant(t.db, {
      membershipId: member.id,
      showId: event.id,
      periodStart: testPeriod.start,
      boosts: 6,
      at: at(6),
    })
    await creditMemberGrant(t.db, { membershipId: member.id, showId: event.id, setId: set })
    t.clock.set('2026-11-02T06:00:00Z')
    await runOperatorAction(deps(), actor, 'settlements.close', { show: event.id })
    await runOperatorAction(deps(), actor, 'payouts.record', {
      comic: comic.id,
      amountCents: 100,
      paidOn: '2026-11-03',
      reference: 'Old 1',
      method: 'PayPal',
      force: false,
    })

    await down(t.db as Kysely<unknown>)
    await up(t.db as Kysely<unknown>)
    const line = await t.db
      .selectFrom('settlement_lines')
      .select(['credited_cents', 'member_cents'])
      .where('show_id', '=', event.id)
      .executeTakeFirstOrThrow()
    // 1499 for the code and 6 member boosts at 50.
    expect(line).toEqual({ credited_cents: 1799, member_cents: 300 })
    const payout = await t.db
      .selectFrom('comic_payouts')
      .select('method')
      .where('comic_id', '=', comic.id)
      .executeTakeFirstOrThrow()
    expect(payout.method).toBe('')
  })
})
