import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { insertSet, insertShowOrder, redeemAtSet } from '#test/settlements'
import { withTestApp } from '#test/test-app'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { formatCentralTime } from '../../shared/show-time'
import { runOperatorAction } from '../operator/run-action'
import { recordReversal } from '../refunds/reversals'
import { Refusal } from '../refusal'
import { settlementTexts as texts } from './settlement-texts'

describe.each(testDatabases)('recording payouts on $name', (database) => {
  const t = withTestApp(database, { now: '2026-10-31T12:00:00Z' })
  const actor = { who: 'host@example.com', via: 'cli' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, actor, name, input)
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (error instanceof Refusal ? [error.kind, error.message] : error),
    )

  let shows = 0
  /**
   * A comic owed 1049 cents at a closed show (an FFR 10 paid $14.99 during their set, 70%), and
   * the order, to take its money back.
   */
  async function owedComic(name: string) {
    shows++
    const startsAt = new Date(Date.UTC(2026, 10, shows, 1))
    const at = (minutes: number) => new Date(startsAt.getTime() + minutes * 60_000)
    const show = (
      await run('events.add', { name: `Payout Show ${shows}`, startsAt: at(0).toISOString() })
    ).event.id
    const comic = (await run('comics.add', { name })).comic
    const set = await insertSet(t.db, { showId: show, comicId: comic.id, from: at(5), to: at(20) })
    const order = await insertShowOrder(t.db, { showId: show, lines: [['ffr-10', 1]], at: at(-60) })
    await redeemAtSet(t.db, { code: order.codes[0]?.code ?? '', setId: set, at: at(10) })
    t.clock.set(at(4 * 60))
    await run('settlements.close', { show })
    expect((await run('comics.statement', { comic: comic.id })).balance.stillOwedCents).toBe(1049)
    return { comic, order, at }
  }

  const payout = (comic: string, amountCents: number, reference: string, force = false) =>
    run('payouts.record', { comic, amountCents, paidOn: '2026-11-20', reference, force })

  test('50 payouts of the whole amount owed at once: exactly one is recorded', async () => {
    const { comic } = await owedComic('Ida Race')
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => payout(comic.id, 1049, `PayPal RACE${i}`)),
    )
    const recorded = results.filter((r) => r.status === 'fulfilled')
    expect(recorded).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected') {
        expect(await refusal(Promise.reject(result.reason))).toEqual([
          'invalid',
          texts.overpaid('Ida Race', 0),
        ])
      }
    }
    const statement = await run('comics.statement', { comic: comic.id })
    expect(statement.balance).toMatchObject({ paidCents: 1049, stillOwedCents: 0 })
  })

  test('a reference already recorded for the comic is refused, saying when, even 50 at once; forced, it is recorded', async () => {
    const { comic } = await owedComic('Jo Twice')
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => payout(comic.id, 100, 'PayPal 7XK21')),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const earlier = {
      reference: 'PayPal 7XK21',
      amountCents: 100,
      paidOn: '2026-11-20',
      recordedAt: t.clock.now(),
    }
    expect(await refusal(payout(comic.id, 100, ' paypal 7xk21 '))).toEqual([
      'conflict',
      texts.sameReference('Jo Twice', earlier),
    ])
    expect(texts.sameReference('Jo Twice', earlier)).toContain(
      `"PayPal 7XK21" was recorded already, on ${formatCentralTime(earlier.recordedAt)} ($1.00 paid on 2026-11-20)`,
    )
    // Another comic may have a transfer of the same reference.
    const other = await owedComic('Kit Other')
    await payout(other.comic.id, 100, 'PayPal 7XK21')
    const forced = await payout(comic.id, 100, 'PayPal 7XK21', true)
    expect(forced.stillOwedCents).toBe(849)
  })

  test('a refund at a closed show that has not landed yet lowers what may be paid', async () => {
    const { comic, order, at } = await owedComic('Lou Refund')
    await recordReversal(t.db, { paymentRef: order.paymentRef, disputed: true }, at(5 * 60))
    // Nothing landed yet: the balance still says 1049, the dispute will take it all back.
    expect((await run('comics.statement', { comic: comic.id })).balance).toMatchObject({
      stillOwedCents: 1049,
      pendingCents: -1049,
    })
    expect(await refusal(payout(comic.id, 1049, 'Bank 1'))).toEqual([
      'invalid',
      texts.overpaid('Lou Refund', 0, 1049),
    ])
    const forced = await payout(comic.id, 1049, 'Bank 1', true)
    expect(forced.payout.amountCents).toBe(1049)
  })
})
