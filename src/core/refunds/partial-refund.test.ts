import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { insertSet, insertShowOrder, redeemAtSet } from '#test/settlements'
import { withTestApp } from '#test/test-app'
import { formatCode } from '../../shared/code-format'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { runOperatorAction } from '../operator/run-action'
import { Refusal } from '../refusal'
import { refundPartOfOrder } from './partial-refund'
import type { PartOptions, PartRequest } from './partial-refund-plan'
import { refundTexts } from './refund-texts'

describe.each(testDatabases)('partial refunds on $name', (database) => {
  const t = withTestApp(database, { now: '2026-11-10T12:00:00Z' })
  const actor = { who: 'host@example.com', via: 'cli' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, actor, name, input)
  let shows = 0
  async function show(startsAt: string) {
    shows++
    return (await run('events.add', { name: `Refund Show ${shows}`, startsAt })).event.id
  }
  const comic = async (name: string) => (await run('comics.add', { name })).comic.id
  const refundPart = (orderId: string, request: PartRequest, options: Partial<PartOptions> = {}) =>
    refundPartOfOrder({ db: t.db, payments: t.payments, now: t.clock.now() }, orderId, request, {
      force: false,
      ...options,
    })
  const refusalOf = (promise: Promise<unknown>) => promise.catch((error: unknown) => error)
  const codesOf = (orderId: string) =>
    t.db.selectFrom('codes').selectAll().where('order_id', '=', orderId).orderBy('seq').execute()
  const orderRow = (orderId: string) =>
    t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()
  const mailsOf = (key: string) =>
    t.db.selectFrom('mail_outbox').selectAll().where('dedupe_key', 'like', key).execute()
  const at = (start: string, minutes: number) => new Date(Date.parse(start) + minutes * 60_000)

  test('the unused codes alone: their price back, they are void, the redeemed keep counting, the fan is mailed; the settlement values the kept codes at their price', async () => {
    const start = '2026-11-11T01:00:00Z'
    const id = await show(start)
    const a = await comic('Ana Partial')
    await run('lineup.set', { show: id, places: [{ comic: a, role: 'feature' }] })
    const setA = await insertSet(t.db, { showId: id, comicId: a, from: at(start, 0), to: null })
    const order = await insertShowOrder(t.db, {
      showId: id,
      lines: [['ffr-10', 3]],
      at: at(start, -60),
    })
    const [one, two, three] = order.codes
    await redeemAtSet(t.db, { code: one?.code ?? '', setId: setA, at: at(start, 5) })
    await redeemAtSet(t.db, { code: two?.code ?? '', setId: setA, at: at(start, 6) })
    t.clock.set(at(start, 30).toISOString())

    const done = await refundPart(order.id, { kind: 'codes', includeRedeemed: false })
    expect(done.refund).toMatchObject({ cents: 1499, state: 'done', before_cents: 0 })
    expect(done.voided.map((c) => c.code)).toEqual([three?.code])
    expect(await orderRow(order.id)).toMatchObject({ status: 'fulfilled', refunded_cents: 1499 })
    const codes = await codesOf(order.id)
    expect(codes.map((c) => [c.redeemed_at !== null, c.voided_at !== null, c.refund_id])).toEqual([
      [true, false, null],
      [true, false, null],
      [false, true, done.refund.id],
    ])
    const [mail, ...more] = await mailsOf(`refund-part:%`)
    expect(more).toEqual([])
    expect(mail).toMatchObject({
      to_address: 'fan@example.com',
      dedupe_key: `refund-part:${done.refund.id}`,
    })
    expect(mail?.text_body).toContain('We have refunded $14.99 of your order')
    expect(mail?.text_body).toContain(formatCode(three?.code ?? ''))
    // No whole-order refund mail: the order is still paid for in part.
    expect(await mailsOf(`refund:${order.id}`)).toEqual([])

    // The two codes kept are worth what they cost, credited to the comic; the refunded one nothing.
    const view = await run('settlements.show', { show: id })
    expect(view.lines.map((l) => [l.comic.name, l.creditedCents])).toEqual([['Ana Partial', 2998]])
    expect(view.comicsCents + view.clubCents).toBe(2998)
  })

  test("a redeemed code, or an amount beyond the unused codes, only by the host's choice; after closing, the partial refund lands on the next settlement as its adjustment", async () => {
    await run('settlements.set-terms', { potRule: 'equal', sharePercent: 70, memberBoostCents: 50 })
    const start = '2026-11-12T01:00:00Z'
    const id = await show(start)
    const b = await comic('Bo Partial')
    await run('lineup.set', { show: id, places: [{ comic: b, role: 'feature' }] })
    const setB = await insertSet(t.db, { showId: id, comicId: b, from: at(start, 0), to: null })
    const order = await insertShowOrder(t.db, {
      showId: id,
      lines: [['ffr-10', 2]],
      at: at(start, -60),
    })
    const [one, two] = order.codes
    await redeemAtSet(t.db, { code: one?.code ?? '', setId: setB, at: at(start, 5) })
    await redeemAtSet(t.db, { code: two?.code ?? '', setId: setB, at: at(start, 6) })
    t.clock.set(at(start, 240).toISOString())
    const closed = await run('settlements.close', { show: id })
    expect(closed.closed[0]?.lines.map((l) => l.owedCents)).toEqual([2098])

    // Nothing unused: the codes option has nothing, and an amount would pay back used goods.
    expect(
      await refusalOf(refundPart(order.id, { kind: 'codes', includeRedeemed: false })),
    ).toMatchObject({
      message: refundTexts.noUnusedCodes(order.id),
    })
    const refused = await refusalOf(
      refundPart(order.id, { kind: 'amount', cents: 500, includeRedeemed: false }),
    )
    expect(refused).toBeInstanceOf(Refusal)
    expect(refused).toMatchObject({
      message: refundTexts.amountCoversRedeemed(order.id, 500, 0),
      details: { advice: 'include-redeemed' },
    })
    const named = await refusalOf(
      refundPart(order.id, {
        kind: 'codes',
        codes: [formatCode(two?.code ?? '')],
        includeRedeemed: false,
      }),
    )
    expect(named).toMatchObject({ message: refundTexts.codeRedeemed(order.id, two?.code ?? '') })
    expect(await orderRow(order.id)).toMatchObject({ refunded_cents: 0 })
    expect(
      await t.db
        .selectFrom('order_refunds')
        .select('id')
        .where('order_id', '=', order.id)
        .execute(),
    ).toEqual([])

    // The host chooses: $5.00 back, the codes stay redeemed.
    const done = await refundPart(order.id, { kind: 'amount', cents: 500, includeRedeemed: true })
    expect(done.voided).toEqual([])
    expect((await codesOf(order.id)).map((c) => [c.voided_at, c.refund_id])).toEqual([
      [null, null],
      [null, null],
    ])
    expect(await orderRow(order.id)).toMatchObject({ status: 'fulfilled', refunded_cents: 500 })

    // Then the redeemed code itself, named: its price, less nothing, since 2498 remain.
    const second = await refundPart(
      order.id,
      { kind: 'codes', codes: [two?.code ?? ''], includeRedeemed: true },
      { refundedWhenAsked: 500 },
    )
    expect(second.refund).toMatchObject({ cents: 1499, before_cents: 500 })
    expect(await orderRow(order.id)).toMatchObject({ status: 'fulfilled', refunded_cents: 1999 })
    expect((await codesOf(order.id)).map((c) => [c.voided_at, c.refund_id])).toEqual([
      [null, null],
      [null, second.refund.id],
    ])

    // The next show's settlement carries what the show lost, 1999: the order kept 999, all of it
    // the one code still paid for, credited to Bo (70%: 699, was 2098); the club 300, was 900.
    const next = await show('2026-11-13T01:00:00Z')
    t.clock.set('2026-11-13T05:00:00Z')
    const after = await run('settlements.close', { show: next })
    const landed = after.closed[0]?.adjustments ?? []
    expect(landed.map((x) => [x.comic?.name ?? 'club', x.cents])).toEqual([
      ['Bo Partial', -1399],
      ['club', -600],
    ])
    expect(landed.reduce((sum, x) => sum + x.cents, 0)).toBe(-1999)
  })

  test('a request retried after it refunded, or made on a stale view, refunds nothing; the whole remainder and more than is left are refused', async () => {
    const start = '2026-11-14T01:00:00Z'
    const id = await show(start)
    const order = await insertShowOrder(t.db, {
      showId: id,
      lines: [['boosts-5', 3]],
      at: at(start, -60),
    })
    t.clock.set(at(start, -30).toISOString())
    const [one] = order.codes
    const first = await refundPart(
      order.id,
      { kind: 'codes', codes: [one?.code ?? ''], includeRedeemed: false },
      { refundedWhenAsked: 0 },
    )
    expect(first.refund.cents).toBe(499)
    const retried = await refusalOf(
      refundPart(
        order.id,
        { kind: 'amount', cents: 499, includeRedeemed: false },
        { refundedWhenAsked: 0 },
      ),
    )
    expect(retried).toMatchObject({
      message: refundTexts.refundedWhileDeciding(order.id, 499),
      details: { advice: 'look-again' },
    })
    expect(
      await refusalOf(
        refundPart(order.id, { kind: 'codes', codes: [one?.code ?? ''], includeRedeemed: false }),
      ),
    ).toMatchObject({
      message: refundTexts.codeVoidAlready(order.id, one?.code ?? ''),
    })
    expect(
      await refusalOf(refundPart(order.id, { kind: 'codes', includeRedeemed: false })),
    ).toMatchObject({
      message: refundTexts.wholeRemainder(order.id, 998),
    })
    expect(
      await refusalOf(refundPart(order.id, { kind: 'amount', cents: 999, includeRedeemed: false })),
    ).toMatchObject({
      message: refundTexts.amountOutOfRange(order.id, 999, 998),
    })
    expect(
      await refusalOf(
        refundPart(order.id, { kind: 'codes', codes: ['ABCDE-FGHJK'], includeRedeemed: false }),
      ),
    ).toMatchObject({
      message: refundTexts.notOfOrder(order.id, 'ABCDE-FGHJK'),
    })
    expect(await orderRow(order.id)).toMatchObject({ refunded_cents: 499 })
    expect(
      await mailsOf(`refund-part:%`).then((m) =>
        m.filter((x) => x.dedupe_key === `refund-part:${first.refund.id}`),
      ),
    ).toHaveLength(1)

    // Past the window: refused unless forced.
    t.clock.set('2026-11-30T12:00:00Z')
    expect(
      await refusalOf(refundPart(order.id, { kind: 'amount', cents: 100, includeRedeemed: false })),
    ).toMatchObject({
      details: { advice: 'force' },
    })
    const forced = await refundPart(
      order.id,
      { kind: 'amount', cents: 100, includeRedeemed: false },
      { force: true },
    )
    expect(forced.order.refunded_cents).toBe(599)
  })

  test('a refund left half-made (its process stopped while the provider was asked) is finished by the next request, once', async () => {
    const start = '2026-11-15T01:00:00Z'
    const id = await show(start)
    const order = await insertShowOrder(t.db, {
      showId: id,
      lines: [['boosts-5', 2]],
      at: at(start, -60),
    })
    t.clock.set(at(start, -30).toISOString())
    const [one] = order.codes
    const left = await t.db
      .insertInto('order_refunds')
      .values({
        order_id: order.id,
        cents: 499,
        before_cents: 0,
        include_redeemed: false,
        state: 'asking',
        created_at: t.clock.now(),
        done_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await t.db
      .updateTable('codes')
      .set({ refund_id: left.id, voided_at: t.clock.now(), void_reason: 'refund' })
      .where('code', '=', one?.code ?? '')
      .execute()

    const refused = await refusalOf(
      refundPart(order.id, { kind: 'amount', cents: 100, includeRedeemed: false }),
    )
    expect(refused).toMatchObject({ message: refundTexts.refundWasUnderWay(order.id, 499) })
    expect(await orderRow(order.id)).toMatchObject({ refunded_cents: 499, status: 'fulfilled' })
    const rows = await t.db
      .selectFrom('order_refunds')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute()
    expect(rows.map((r) => [r.cents, r.state])).toEqual([[499, 'done']])
    const mails = await mailsOf(`refund-part:${left.id}`)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text_body).toContain(formatCode(one?.code ?? ''))
  })
})
