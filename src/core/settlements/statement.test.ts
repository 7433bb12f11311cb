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
import type { ComicStatement } from '../../shared/settlements'
import {
  adjustmentSentence,
  showItemLines,
  statementCsv,
  statementLedger,
} from '../../shared/statement-ledger'
import { runOperatorAction } from '../operator/run-action'
import { recordReversal } from '../refunds/reversals'

/** The Amount column of a statement's CSV, in cents, and its last Balance. */
function csvSums(csv: string) {
  const rows = csv
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.match(/(-?\d+\.\d{2}),(-?\d+\.\d{2})$/))
  const cents = (text: string | undefined) => Math.round(Number(text) * 100)
  return {
    amount: rows.reduce((sum, m) => sum + cents(m?.[1]), 0),
    last: cents(rows.at(-1)?.[2]),
    rows: rows.length,
  }
}

describe.each(testDatabases)("a comic's itemised statement on $name", (database) => {
  const t = withTestApp(database, { now: '2026-11-01T12:00:00Z' })
  const actor = { who: 'host@example.com', via: 'cli' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, actor, name, input)

  /** Every show of the statement, checked against its settlement's line for the comic. */
  async function expectShowsMatchSettlements(statement: ComicStatement) {
    for (const show of statement.shows) {
      const view = await run('settlements.show', { show: show.showId })
      const line = view.lines.find((l) => l.comic.id === statement.comic.id)
      expect([show.owedCents, show.creditedCents, show.potCents]).toEqual([
        line?.owedCents ?? 0,
        line?.creditedCents ?? 0,
        line?.potCents ?? 0,
      ])
      expect(show.codeCents + show.memberCents).toBe(show.creditedCents)
      expect(show.ownShareCents).toBe(
        Math.floor((show.creditedCents * view.terms.sharePercent) / 100),
      )
      expect(show.ownShareCents + show.potCents).toBe(show.owedCents)
      expect(show.terms).toEqual(view.terms)
      expect(show.pot.comicsCents).toBe(view.pot.comicsCents)
      // The lines the page shows: each source's worth adds up to what the share is taken of,
      // and the last line is the show's figure.
      const items = showItemLines(show)
      expect(items.at(-1)?.cents).toBe(show.owedCents)
    }
  }

  test("across a refund, a dispute, a member's payment taken back and payouts, the statement's items and totals equal the settlements' to the cent", async () => {
    await run('settlements.set-terms', { sharePercent: 70, memberBoostCents: 50, potRule: 'equal' })
    const ana = (await run('comics.add', { name: 'Ana Items' })).comic
    const ben = (await run('comics.add', { name: 'Ben Items' })).comic
    const addShow = async (name: string, startsAt: string) =>
      (await run('events.add', { name, startsAt })).event.id

    // November 1 (Central): Ana and Ben on stage, show codes, member boosts, and the pot.
    const first = await addShow('Items Sunday', '2026-11-02T01:00:00Z')
    const at = (m: number) => new Date(Date.parse('2026-11-02T01:00:00Z') + m * 60_000)
    const setAna = await insertSet(t.db, {
      showId: first,
      comicId: ana.id,
      from: at(0),
      to: at(10),
    })
    await insertSet(t.db, { showId: first, comicId: ben.id, from: at(15), to: at(30) })
    const ffr = await insertShowOrder(t.db, { showId: first, lines: [['ffr-10', 1]], at: at(-60) })
    const packs = await insertShowOrder(t.db, {
      showId: first,
      lines: [['boosts-5', 2]],
      at: at(-50),
    })
    await redeemAtSet(t.db, { code: ffr.codes[0]?.code ?? '', setId: setAna, at: at(5) })
    await redeemAtSet(t.db, { code: packs.codes[0]?.code ?? '', setId: setAna, at: at(6) })
    await redeemAtSet(t.db, { code: packs.codes[1]?.code ?? '', setId: null, at: at(12) })
    const member = await insertMembership(t.db)
    await insertMembershipPayment(t.db, {
      membershipId: member.id,
      periodStart: testPeriod.start,
      amountCents: 4999,
    })
    await insertMemberGrant(t.db, {
      membershipId: member.id,
      showId: first,
      periodStart: testPeriod.start,
      boosts: 4,
      at: at(7),
    })
    await creditMemberGrant(t.db, { membershipId: member.id, showId: first, setId: setAna })
    t.clock.set('2026-11-02T05:00:00Z')
    await run('settlements.close', { show: first })

    // After the close: part of the packs refunded, the FFR disputed, the member's payment refunded.
    await recordReversal(t.db, { paymentRef: packs.paymentRef, refundedCents: 300 }, at(300))
    await recordReversal(t.db, { paymentRef: ffr.paymentRef, disputed: true }, at(301))
    await t.db
      .updateTable('membership_payments')
      .set({ refunded_at: at(302) })
      .where('membership_id', '=', member.id)
      .execute()

    // November 8: Ana again; the changes at Sunday land on this settlement.
    const second = await addShow('Items Next', '2026-11-09T01:00:00Z')
    const at2 = (m: number) => new Date(Date.parse('2026-11-09T01:00:00Z') + m * 60_000)
    const set2 = await insertSet(t.db, {
      showId: second,
      comicId: ana.id,
      from: at2(0),
      to: at2(20),
    })
    const next = await insertShowOrder(t.db, {
      showId: second,
      lines: [['ffr-25', 1]],
      at: at2(-30),
    })
    await redeemAtSet(t.db, { code: next.codes[0]?.code ?? '', setId: set2, at: at2(5) })
    t.clock.set('2026-11-09T05:00:00Z')
    await run('settlements.close', { show: second })
    await run('payouts.record', {
      comic: ana.id,
      amountCents: 1000,
      paidOn: '2026-11-20',
      reference: '7XK21',
      method: 'PayPal',
      force: false,
    })

    // December: one more show, closed, and a payout; and one still open.
    const third = await addShow('Items December', '2026-12-02T02:00:00Z')
    const at3 = (m: number) => new Date(Date.parse('2026-12-02T02:00:00Z') + m * 60_000)
    const set3 = await insertSet(t.db, { showId: third, comicId: ana.id, from: at3(0), to: at3(9) })
    const dec = await insertShowOrder(t.db, { showId: third, lines: [['ffr-10', 1]], at: at3(-9) })
    await redeemAtSet(t.db, { code: dec.codes[0]?.code ?? '', setId: set3, at: at3(3) })
    t.clock.set('2026-12-02T06:00:00Z')
    await run('settlements.close', { show: third })
    await run('payouts.record', {
      comic: ana.id,
      amountCents: 700,
      paidOn: '2026-12-03',
      reference: 'Bank 22',
      force: false,
    })
    const open = await addShow('Items Open', '2026-12-09T02:00:00Z')
    await insertSet(t.db, {
      showId: open,
      comicId: ana.id,
      from: new Date('2026-12-09T02:05:00Z'),
      to: null,
    })
    t.clock.set('2026-12-09T03:00:00Z')

    const all = await run('comics.statement', { comic: ana.id })
    await expectShowsMatchSettlements(all)
    const sunday = all.shows.find((s) => s.showId === first)
    // 1499 (the FFR) + one pack's 499 during Ana's set; 4 member boosts at 50.
    expect(sunday).toMatchObject({
      codeBoosts: 10,
      codeCents: 1998,
      memberBoosts: 4,
      memberCents: 200,
      creditedCents: 2198,
      ownShareCents: 1538,
      pot: { boosts: 5, creditedCents: 499, comicsCents: 349 },
      potCents: 175,
      owedCents: 1713,
    })

    // The adjustment names the show and its date, and what happened there.
    const [adjustment] = all.adjustments
    if (!adjustment) throw new Error('no adjustment on the statement')
    expect(all.adjustments).toHaveLength(1)
    const landed = (await run('settlements.show', { show: second })).adjustments.filter(
      (a) => a.comic?.id === ana.id,
    )
    expect(adjustment.cents).toBe(landed.reduce((sum, a) => sum + a.cents, 0))
    expect(adjustment.causes).toEqual(['refund', 'dispute', 'member-payment'])
    expect(adjustmentSentence(adjustment)).toBe(
      "A refund and a dispute and a member's payment taken back at Items Sunday (Nov 1, 2026) after it was closed; counted with the settlement of Items Next (Nov 8, 2026).",
    )

    // All time: the ledger ends on what is still owed; the CSV adds up to it.
    const closedOwed = all.shows.filter((s) => s.closed).reduce((sum, s) => sum + s.owedCents, 0)
    expect(all.owedCents).toBe(closedOwed + adjustment.cents)
    expect(all.paidCents).toBe(1700)
    expect(all.balance.stillOwedCents).toBe(all.owedCents - all.paidCents)
    expect(all.balance.pendingCents).toBe(all.shows.find((s) => !s.closed)?.owedCents)
    expect(statementLedger(all).at(-1)?.balanceCents).toBe(all.balance.stillOwedCents)
    expect(csvSums(statementCsv(all))).toMatchObject({
      amount: all.balance.stillOwedCents,
      last: all.balance.stillOwedCents,
    })

    // A month: brought forward from the one before, and it adds up to the month's end.
    const november = await run('comics.statement', { comic: ana.id, month: '2026-11' })
    const december = await run('comics.statement', { comic: ana.id, month: '2026-12' })
    expect(november.openingCents).toBe(0)
    const novemberEnd = november.openingCents + november.owedCents - november.paidCents
    expect(december.openingCents).toBe(novemberEnd)
    expect(december.openingCents + december.owedCents - december.paidCents).toBe(
      all.balance.stillOwedCents,
    )
    for (const month of [november, december]) {
      await expectShowsMatchSettlements(month)
      const csv = csvSums(statementCsv(month))
      expect(csv.amount).toBe(month.owedCents - month.paidCents)
      expect(csv.last).toBe(month.openingCents + month.owedCents - month.paidCents)
    }
    expect(november.payouts.map((p) => [p.paidOn, p.method, p.reference])).toEqual([
      ['2026-11-20', 'PayPal', '7XK21'],
    ])
    expect(statementCsv(november)).toContain(
      '2026-11-20,,Payout,"Sent by PayPal, reference 7XK21",,-10.00,',
    )
  })
})
