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
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { runOperatorAction } from '../operator/run-action'
import { recordReversal } from '../refunds/reversals'
import { Refusal } from '../refusal'
import { settlementTexts as texts } from './settlement-texts'

describe.each(testDatabases)('the pot and changes after closing on $name', (database) => {
  const t = withTestApp(database, { now: '2026-11-01T12:00:00Z' })
  const actor = { who: 'host@example.com', via: 'cli' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, actor, name, input)
  let shows = 0
  async function show(startsAt: string) {
    shows++
    return (await run('events.add', { name: `Pot Show ${shows}`, startsAt })).event.id
  }
  const comic = async (name: string) => (await run('comics.add', { name })).comic.id

  test("with nobody on stage all night, the pot goes to the show's bill in equal shares", async () => {
    const id = await show('2026-11-02T01:00:00Z')
    const [a, b, c] = [await comic('Pat Bill'), await comic('Quinn Bill'), await comic('Ray Bill')]
    await run('lineup.set', {
      show: id,
      places: [a, b, c].map((comic) => ({ comic, role: 'feature' as const })),
    })
    const order = await insertShowOrder(t.db, {
      showId: id,
      lines: [['ffr-10', 1]],
      at: new Date('2026-11-02T00:00:00Z'),
    })
    await redeemAtSet(t.db, {
      code: order.codes[0]?.code ?? '',
      setId: null,
      at: new Date('2026-11-02T01:30:00Z'),
    })
    const view = await run('settlements.show', { show: id })
    // 1499 x 70% = 1049, in three: 350, 350, 349.
    expect(view.lines.map((l) => [l.comic.name, l.potCents, l.owedCents])).toEqual([
      ['Pat Bill', 350, 350],
      ['Quinn Bill', 350, 350],
      ['Ray Bill', 349, 349],
    ])
    expect(view.comicsCents + view.clubCents).toBe(1499)
  })

  test('by boosts, the pot follows what each earned on stage; a dispute and a member refund after closing land on the next settlement and balance', async () => {
    await run('settlements.set-terms', {
      potRule: 'by-boosts',
      sharePercent: 90,
      memberBoostCents: 20,
    })
    const id = await show('2026-11-03T01:00:00Z')
    const [a, b] = [await comic('Sol Boosts'), await comic('Tam Boosts')]
    const at = (m: number) => new Date(Date.parse('2026-11-03T01:00:00Z') + m * 60_000)
    const setA = await insertSet(t.db, { showId: id, comicId: a, from: at(0), to: at(10) })
    const setB = await insertSet(t.db, { showId: id, comicId: b, from: at(15), to: at(30) })
    const order = await insertShowOrder(t.db, { showId: id, lines: [['boosts-5', 3]], at: at(-10) })
    const [one, two, three] = order.codes
    await redeemAtSet(t.db, { code: one?.code ?? '', setId: setA, at: at(5) })
    await redeemAtSet(t.db, { code: two?.code ?? '', setId: setB, at: at(20) })
    await redeemAtSet(t.db, { code: three?.code ?? '', setId: null, at: at(12) })
    const member = await insertMembership(t.db)
    await insertMembershipPayment(t.db, {
      membershipId: member.id,
      periodStart: testPeriod.start,
      amountCents: 4999,
    })
    await insertMemberGrant(t.db, {
      membershipId: member.id,
      showId: id,
      periodStart: testPeriod.start,
      boosts: 10,
      at: at(25),
    })
    await creditMemberGrant(t.db, { membershipId: member.id, showId: id, setId: setB })
    // Sol: 499 -> 90% 449; Tam: 499 + 10 x 20 = 699 -> 629; the pot's 90%, 449, by 499:699 ->
    // 187.02 and 261.98: 187 and 262 (the odd cent to the largest remainder).
    const open = await run('settlements.show', { show: id })
    expect(open.lines.map((l) => [l.comic.name, l.creditedCents, l.potCents, l.owedCents])).toEqual(
      [
        ['Tam Boosts', 699, 262, 891],
        ['Sol Boosts', 499, 187, 636],
      ],
    )
    t.clock.set('2026-11-03T05:00:00Z')
    await run('settlements.close', { show: id })

    // After closing: the order is disputed and the member's payment refunded.
    await recordReversal(t.db, { paymentRef: order.paymentRef, disputed: true }, at(300))
    await t.db
      .updateTable('membership_payments')
      .set({ refunded_at: at(310) })
      .where('membership_id', '=', member.id)
      .execute()
    const next = await show('2026-11-04T01:00:00Z')
    t.clock.set('2026-11-04T05:00:00Z')
    const { closed } = await run('settlements.close', { show: next })
    const landed = closed[0]?.adjustments ?? []
    expect(landed.map((a) => [a.comic?.name ?? 'club', a.cents])).toEqual([
      ['Sol Boosts', -636],
      ['Tam Boosts', -891],
      ['club', -170],
    ])
    // Every cent the show lost: 3 x 499 disputed, 10 member boosts at 20.
    expect(landed.reduce((sum, a) => sum + a.cents, 0)).toBe(-(1497 + 200))
    const statement = await run('comics.statement', { comic: b })
    expect(statement.balance).toMatchObject({ owedCents: 0, stillOwedCents: 0 })
  })

  test("a pot given before any lineup waits for the show's comics: the show cannot close until it has a lineup, and the pot is never the club's", async () => {
    await run('settlements.set-terms', { potRule: 'equal', sharePercent: 70, memberBoostCents: 50 })
    const id = await show('2026-11-06T01:00:00Z')
    const name = `Pot Show ${shows}`
    const order = await insertShowOrder(t.db, {
      showId: id,
      lines: [['ffr-10', 1]],
      at: new Date('2026-11-05T20:00:00Z'),
    })
    await redeemAtSet(t.db, {
      code: order.codes[0]?.code ?? '',
      setId: null,
      at: new Date('2026-11-06T00:50:00Z'),
    })
    // 1499 in; the comics' share of the pot, 1049, is nobody's yet: the club keeps only its 450.
    const open = await run('settlements.show', { show: id })
    expect([open.lines, open.pot.waitingCents, open.comicsCents, open.clubCents]).toEqual([
      [],
      1049,
      0,
      450,
    ])
    t.clock.set('2026-11-06T05:00:00Z')
    const refused = await run('settlements.close', { show: id }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Refusal)
    expect(refused).toMatchObject({ kind: 'conflict', message: texts.potWaits(name, 1049) })
    const month = await run('settlements.close', { month: '2026-11' })
    expect(month.closed.map((v) => v.show.id)).not.toContain(id)
    expect(month.skipped).toContainEqual({ id, name, why: texts.potWaits(name, 1049) })

    const [a, b] = [await comic('Uma Late'), await comic('Vic Late')]
    await run('lineup.set', {
      show: id,
      places: [a, b].map((comic) => ({ comic, role: 'feature' as const })),
    })
    const { closed } = await run('settlements.close', { show: id })
    expect(closed[0]?.lines.map((l) => [l.comic.name, l.potCents])).toEqual([
      ['Uma Late', 525],
      ['Vic Late', 524],
    ])
    expect([closed[0]?.comicsCents, closed[0]?.clubCents]).toEqual([1049, 450])
  })
})
