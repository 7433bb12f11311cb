import { beforeAll, describe, expect, test } from 'vitest'
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
import { listAudit } from '../operator/audit'
import { runOperatorAction } from '../operator/run-action'
import { recordReversal } from '../refunds/reversals'
import { Refusal } from '../refusal'
import { settlementTexts as texts } from './settlement-texts'

const showStart = new Date('2026-11-22T22:00:00Z')
const at = (minutes: number) => new Date(showStart.getTime() + minutes * 60_000)

describe.each(testDatabases)('settling with the comics on $name', (database) => {
  const t = withTestApp(database, { now: '2026-11-22T21:00:00Z' })
  const actor = { who: 'host@example.com', via: 'console' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, actor, name, input)
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (error instanceof Refusal ? [error.kind, error.message] : error),
    )

  const ids = { show: '', next: '', ann: '', bo: '', cy: '', orderOne: '', refOne: '' }
  /** What the show's orders kept and its member boosts' worth, added up here, apart from the code. */
  let expectedMoney = 0

  beforeAll(async () => {
    const db = t.db
    ids.show = (
      await run('events.add', { name: 'Sunday Show', startsAt: showStart.toISOString() })
    ).event.id
    ids.next = (
      await run('events.add', { name: 'Tuesday Show', startsAt: '2026-11-25T01:00:00Z' })
    ).event.id
    ids.ann = (
      await run('comics.add', { name: 'Ann Money', payoutEmail: 'ann@example.com' })
    ).comic.id
    ids.bo = (await run('comics.add', { name: 'Bo Money', payoutEmail: 'bo@example.com' })).comic.id
    ids.cy = (await run('comics.add', { name: 'Cy Money' })).comic.id
    await run('lineup.set', {
      show: ids.show,
      places: [
        { comic: ids.ann, role: 'host' },
        { comic: ids.bo, role: 'headliner' },
        { comic: ids.cy, role: 'feature' },
      ],
    })
    const ann = await insertSet(db, { showId: ids.show, comicId: ids.ann, from: at(5), to: at(20) })
    const bo = await insertSet(db, { showId: ids.show, comicId: ids.bo, from: at(30), to: at(50) })

    // An FFR 10 at $14.99, given during Ann's set.
    const one = await insertShowOrder(db, { showId: ids.show, lines: [['ffr-10', 1]], at: at(-60) })
    ids.orderOne = one.id
    ids.refOne = one.paymentRef
    await redeemAtSet(db, { code: one.codes[0]?.code ?? '', setId: ann, at: at(10) })
    // 3 FFR 10 and a 5-boost pack, $49.96 listed, $40.00 paid: the codes are worth 1200 and 400.
    const two = await insertShowOrder(db, {
      showId: ids.show,
      lines: [
        ['ffr-10', 3],
        ['boosts-5', 1],
      ],
      paidCents: 4000,
      at: at(-50),
    })
    const [ffrA, ffrB, , pack] = two.codes
    await redeemAtSet(db, { code: ffrA?.code ?? '', setId: bo, at: at(35), anonymous: true })
    await redeemAtSet(db, { code: ffrB?.code ?? '', setId: null, at: at(25) })
    await redeemAtSet(db, { code: pack?.code ?? '', setId: ann, at: at(12) })
    // 15 boosts at $12.99, given to Bo, then $3.00 refunded: worth 999.
    const three = await insertShowOrder(db, {
      showId: ids.show,
      lines: [['boosts-15', 1]],
      at: at(-40),
    })
    await redeemAtSet(db, { code: three.codes[0]?.code ?? '', setId: bo, at: at(40) })
    await recordReversal(db, { paymentRef: three.paymentRef, refundedCents: 300 }, at(60))
    // An FFR 25 given to Ann, then disputed: worth nothing.
    const four = await insertShowOrder(db, {
      showId: ids.show,
      lines: [['ffr-25', 1]],
      at: at(-30),
    })
    await redeemAtSet(db, { code: four.codes[0]?.code ?? '', setId: ann, at: at(15) })
    await recordReversal(db, { paymentRef: four.paymentRef, disputed: true }, at(70))
    expectedMoney += 1499 + 4000 + (1299 - 300) + 0

    // Member boosts: 10 to Ann; 10 to Bo from a membership whose payment was refunded (worth
    // nothing); 5 anonymous to the pot, in the intermission.
    for (const [boosts, setId, refunded, anonymous] of [
      [10, ann, false, false],
      [10, bo, true, false],
      [5, null, false, true],
    ] as const) {
      const member = await insertMembership(db)
      await insertMembershipPayment(db, {
        membershipId: member.id,
        periodStart: testPeriod.start,
        amountCents: 4999,
        ...(refunded ? { refundedAt: at(90) } : {}),
      })
      await insertMemberGrant(db, {
        membershipId: member.id,
        showId: ids.show,
        periodStart: testPeriod.start,
        boosts,
        anonymous,
        at: at(20),
      })
      await creditMemberGrant(db, { membershipId: member.id, showId: ids.show, setId })
      if (!refunded) expectedMoney += boosts * 50
    }
  })

  test('an open settlement counts boosts per comic (show codes and member boosts apart, anonymous counted) and balances to the cent', async () => {
    const view = await run('settlements.show', { show: ids.show })
    expect(view.closed).toBe(false)
    expect(view.terms).toEqual({ sharePercent: 70, memberBoostCents: 50, potRule: 'equal' })
    expect(
      view.lines.map((l) => [l.comic.name, l.codeBoosts, l.memberBoosts, l.anonymousBoosts]),
    ).toEqual([
      ['Ann Money', 20, 10, 0],
      ['Bo Money', 20, 10, 5],
    ])
    // Ann: 1499 + 400 + 0 (disputed) + 10 x 50 = 2399, 70% = 1679; Bo: 1200 + 999 = 2199 -> 1539.
    // The pot: 1200 + 5 x 50 = 1450, 70% = 1015, in two equal shares: 508 and 507.
    expect(view.lines.map((l) => [l.creditedCents, l.potCents, l.owedCents])).toEqual([
      [2399, 508, 2187],
      [2199, 507, 2046],
    ])
    expect(view.pot).toMatchObject({
      codeBoosts: 5,
      memberBoosts: 5,
      anonymousBoosts: 5,
      creditedCents: 1450,
      comicsCents: 1015,
    })
    expect(view.moneyCents).toBe(expectedMoney)
    expect(view.lines.reduce((s, l) => s + l.owedCents, 0) + view.clubCents).toBe(expectedMoney)
  })

  test('a show still on cannot close; the terms are changed through an audited action', async () => {
    t.clock.set(at(120))
    expect(await refusal(run('settlements.close', { show: ids.show }))).toEqual([
      'invalid',
      texts.notOver('Sunday Show'),
    ])
    const set = await run('settlements.set-terms', { sharePercent: 70, memberBoostCents: 50 })
    expect(set.changed).toBe(false)
    const log = await listAudit(t.db, { search: 'terms', page: 1, pageSize: 5 })
    expect(log.items).toEqual([])
  })

  test('closing keeps the settlement as it was; a second close is refused', async () => {
    t.clock.set(at(200))
    const { closed } = await run('settlements.close', { show: ids.show })
    expect(closed[0]).toMatchObject({
      closed: true,
      moneyCents: expectedMoney,
      comicsCents: 4233,
      clubCents: expectedMoney - 4233,
    })
    expect(await refusal(run('settlements.close', { show: ids.show }))).toEqual([
      'conflict',
      texts.alreadyClosed('Sunday Show'),
    ])
    const log = await listAudit(t.db, { search: ids.show, page: 1, pageSize: 5 })
    expect(log.items[0]?.action).toBe('settlements.close')
  })

  test('a refund after closing never rewrites the settlement: it lands as an adjustment on the next, which balances to the cent', async () => {
    // The whole FFR 10 given during Ann's set goes back, and the terms change: the closed show
    // keeps its own terms, so only the refund moves anything.
    await recordReversal(
      t.db,
      { paymentRef: ids.refOne, refundedCents: 1499, fullyRefunded: true },
      at(300),
    )
    await run('settlements.set-terms', { sharePercent: 50 })
    const closed = await run('settlements.show', { show: ids.show })
    expect(closed.moneyCents).toBe(expectedMoney)
    expect(closed.lines.map((l) => l.owedCents)).toEqual([2187, 2046])
    // Waiting to land on the next settlement: Ann's line 2187 -> 900 x 70% + 508 = 1138.
    const open = await run('settlements.show', { show: ids.next })
    expect(open.adjustments.map((a) => [a.fromShowName, a.comic?.name ?? null, a.cents])).toEqual([
      ['Sunday Show', 'Ann Money', -1049],
      ['Sunday Show', null, -450],
    ])

    const bo = await insertSet(t.db, {
      showId: ids.next,
      comicId: ids.bo,
      from: new Date('2026-11-25T01:05:00Z'),
      to: new Date('2026-11-25T01:30:00Z'),
    })
    const five = await insertShowOrder(t.db, {
      showId: ids.next,
      lines: [['boosts-5', 1]],
      at: at(1500),
    })
    await redeemAtSet(t.db, {
      code: five.codes[0]?.code ?? '',
      setId: bo,
      at: new Date('2026-11-25T01:10:00Z'),
    })
    t.clock.set(new Date('2026-11-25T05:00:00Z'))
    const {
      closed: [next],
    } = await run('settlements.close', { month: '2026-11' })
    expect(next?.show.name).toBe('Tuesday Show')
    expect(next?.lines.map((l) => [l.comic.name, l.owedCents])).toEqual([['Bo Money', 249]])
    expect(next?.adjustments.map((a) => a.cents)).toEqual([-1049, -450])
    expect((next?.comicsCents ?? 0) + (next?.clubCents ?? 0)).toBe(499)
    // Landed once: nothing waits any more.
    expect(
      (await run('settlements.show', { show: ids.show })).lines.map((l) => l.owedCents),
    ).toEqual([2187, 2046])
    const list = await run('settlements.list', { month: '2026-11' })
    expect(list.map((s) => [s.show.name, s.closed])).toEqual([
      ['Tuesday Show', true],
      ['Sunday Show', true],
    ])
  })

  test("a comic's statement shows their shows, the adjustment and payouts, and what is still owed", async () => {
    const statement = await run('comics.statement', { comic: ids.ann, month: '2026-11' })
    expect(statement.shows.map((s) => [s.showName, s.closed, s.hadSet, s.owedCents])).toEqual([
      ['Sunday Show', true, true, 2187],
    ])
    expect(statement.adjustments.map((a) => [a.fromShowName, a.showName, a.cents])).toEqual([
      ['Sunday Show', 'Tuesday Show', -1049],
    ])
    expect(statement.owedCents).toBe(1138)
    expect(
      await refusal(
        run('payouts.record', {
          comic: ids.ann,
          amountCents: 2000,
          paidOn: '2026-11-30',
          reference: 'PayPal 7XK',
        }),
      ),
    ).toEqual(['invalid', texts.overpaid('Ann Money', 1138)])
    const paid = await run('payouts.record', {
      comic: 'ann-money',
      amountCents: 1000,
      paidOn: '2026-11-30',
      reference: 'PayPal 7XK',
    })
    expect(paid.stillOwedCents).toBe(138)
    const after = await run('comics.statement', { comic: ids.ann })
    expect(after.payouts.map((p) => [p.amountCents, p.paidOn, p.reference])).toEqual([
      [1000, '2026-11-30', 'PayPal 7XK'],
    ])
    expect(after.balance).toEqual({
      owedCents: 1138,
      paidCents: 1000,
      stillOwedCents: 138,
      pendingCents: 0,
    })
    // Cy was on the bill without a set: at the show, owed nothing.
    const cy = await run('comics.statement', { comic: ids.cy })
    expect(cy.shows.map((s) => [s.showName, s.hadSet, s.owedCents])).toEqual([
      ['Sunday Show', false, 0],
    ])
    const december = await run('comics.statement', { comic: ids.ann, month: '2026-12' })
    expect(december.shows).toEqual([])
  })

  test('the comics report gives each comic per show and per month', async () => {
    const byShow = await run('comics.report', { by: 'show' })
    expect(byShow.map((r) => [r.label, r.comic.name, r.owedCents, r.closed])).toEqual([
      ['Tuesday Show', 'Bo Money', 249, true],
      ['Sunday Show', 'Ann Money', 2187, true],
      ['Sunday Show', 'Bo Money', 2046, true],
    ])
    const byMonth = await run('comics.report', { by: 'month' })
    expect(byMonth.map((r) => [r.label, r.comic.name, r.owedCents])).toEqual([
      ['2026-11', 'Bo Money', 2295],
      ['2026-11', 'Ann Money', 2187],
    ])
  })
})
