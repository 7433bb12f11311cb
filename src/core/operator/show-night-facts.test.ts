import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { clearRegularShowsNear } from '#test/schedule'
import { insertShowOrder, redeemAtSet } from '#test/settlements'
import { withTestApp } from '#test/test-app'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { runOperatorAction } from './run-action'

const showStart = new Date('2026-11-25T02:00:00Z')
const minutes = (n: number) => n * 60_000

describe.each(testDatabases)("Tonight's show night and wrap-up on $name", (database) => {
  const t = withTestApp(database, { now: '2026-11-25T01:50:00Z' })
  const actor = { who: 'host@example.com', via: 'console' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, actor, name, input)

  /** The open set's id, for a grant the test credits to it. */
  async function openSetId(show: string): Promise<number> {
    return (await run('stage.show', { show })).onStage?.id ?? -1
  }

  test('each comic’s sets and boosts while the show runs; the wrap-up once the lineup is through, until the next show starts', async () => {
    await clearRegularShowsNear(t.db, t.clock, minutes(48 * 60))
    const show = (
      await run('events.add', { name: 'Wrap Night', startsAt: showStart.toISOString() })
    ).event.id
    const [ann, bo, cy] = await Promise.all(
      ['Ann Wrap', 'Bo Wrap', 'Cy Wrap'].map(
        async (name) => (await run('comics.add', { name })).comic,
      ),
    )
    if (!ann || !bo || !cy) throw new Error('comics not added')
    await run('lineup.set', {
      show,
      places: [
        { comic: ann.id, role: 'host', setMinutes: 10 },
        { comic: bo.id, role: 'feature', setMinutes: 10 },
        { comic: cy.id, role: 'headliner', setMinutes: 20 },
      ],
    })
    await run('goal.set', { show, boosts: 20, reward: 'a song' })
    const order = await insertShowOrder(t.db, {
      showId: show,
      lines: [
        ['ffr-25', 1],
        ['boosts-5', 2],
      ],
      at: new Date(showStart.getTime() - minutes(60)),
    })
    const [ffr, five, unused] = order.codes.map((c) => c.code)

    t.clock.set(new Date(showStart.getTime() + minutes(5)))
    await run('stage.next', { show })
    t.clock.advance(minutes(3))
    await redeemAtSet(t.db, { code: ffr ?? '', setId: await openSetId(show), at: t.clock.now() })
    t.clock.advance(minutes(9))
    let tonight = await run('tonight', {})
    expect(tonight.state).toBe('live')
    expect(tonight.setBoosts).toBe(10)
    expect(tonight.comics).toEqual([
      { comic: { id: ann.id, name: 'Ann Wrap' }, sets: 1, seconds: 12 * 60, boosts: 10 },
    ])
    expect(tonight.wrapUp).toBeNull()

    await run('stage.next', { show })
    t.clock.advance(minutes(10))
    await run('stage.off', { show })
    // An intermission is not the end: Cy is still to go on.
    expect((await run('tonight', {})).wrapUp).toBeNull()
    t.clock.advance(minutes(15))
    await run('stage.next', { show })
    t.clock.advance(minutes(1))
    await redeemAtSet(t.db, { code: five ?? '', setId: await openSetId(show), at: t.clock.now() })
    tonight = await run('tonight', {})
    expect(tonight.setBoosts).toBe(5)
    expect(tonight.comics.map((c) => [c.comic.name, c.sets, c.boosts])).toEqual([
      ['Ann Wrap', 1, 10],
      ['Bo Wrap', 1, 0],
      ['Cy Wrap', 1, 5],
    ])
    t.clock.advance(minutes(19))
    await run('stage.off', { show })

    // The lineup is through and nobody is on: the show has ended, and Tonight wraps it up.
    tonight = await run('tonight', {})
    expect(tonight.setBoosts).toBeNull()
    const wrapUp = tonight.wrapUp
    expect(wrapUp).toMatchObject({
      show: { id: show, name: 'Wrap Night' },
      boosts: 15,
      potBoosts: 0,
      codesSold: 3,
      codesRedeemed: 2,
      orders: 1,
      goal: { boosts: 20, reward: 'a song', reached: false },
      settled: false,
    })
    expect(unused).toBeTruthy()
    expect(wrapUp?.comics.map((c) => [c.comic.name, c.sets, c.seconds / 60, c.boosts])).toEqual([
      ['Ann Wrap', 1, 12, 10],
      ['Bo Wrap', 1, 10, 0],
      ['Cy Wrap', 1, 20, 5],
    ])
    // The money is the settlement's, to the cent.
    const settlement = await run('settlements.show', { show })
    expect(wrapUp?.moneyCents).toBe(settlement.moneyCents)
    expect(wrapUp?.comicsCents).toBe(settlement.comicsCents)
    for (const line of settlement.lines) {
      expect(wrapUp?.comics.find((c) => c.comic.id === line.comic.id)?.owedCents).toBe(
        line.owedCents,
      )
    }
    expect(wrapUp?.comics.reduce((sum, c) => sum + c.owedCents, 0)).toBe(settlement.comicsCents)

    // Settled, it says so; it stays after the show rolls over, until the next show starts.
    t.clock.advance(minutes(4 * 60))
    await run('settlements.close', { show })
    expect((await run('tonight', {})).wrapUp).toMatchObject({ show: { id: show }, settled: true })
    const next = await run('events.add', {
      name: 'Next Night',
      startsAt: new Date(t.clock.now().getTime() + minutes(30)).toISOString(),
    })
    expect((await run('tonight', {})).wrapUp?.show.id).toBe(show)
    t.clock.advance(minutes(31))
    tonight = await run('tonight', {})
    expect(tonight.show?.id).toBe(next.event.id)
    expect(tonight.wrapUp).toBeNull()
  })
})
