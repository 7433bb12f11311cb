import { describe, expect, test } from 'vitest'
import { buyCodes } from '#test/checkout'
import { creditHelpers } from '#test/credit'
import { testDatabases } from '#test/databases'
import { insertMembership } from '#test/memberships'
import { withTestApp } from '#test/test-app'
import { boardView } from '../../shared/board'
import { findProduct, type ProductId } from '../../shared/catalogue'
import type { LiveFeed } from '../../shared/live'
import { readTopSupporters } from '../kiosk/top-supporters'
import type { StageEvent } from './publish'
import { stageNow } from './state'

/** Half an hour into three shows, one for each test (the file's database is one). */
const shows = {
  sunday: { at: '2026-11-22T22:30:00Z', id: 'regular-20261122T2200Z' },
  tuesday: { at: '2026-11-25T01:30:00Z', id: 'regular-20261125T0100Z' },
  nextSunday: { at: '2026-11-29T22:30:00Z', id: 'regular-20261129T2200Z' },
} as const
const duringShow = shows.sunday.at
const sundayShow = shows.sunday.id

const boostsOf = (product: ProductId) => findProduct(product)?.boosts ?? Number.NaN

describe.each(testDatabases)("the night's top supporters on $name", (database) => {
  const t = withTestApp(database, { now: duringShow, trustProxyHops: 1 })
  const { onStage, redeem, run } = creditHelpers(t, duringShow)

  /** A code bought under `name` (none: no name given) and redeemed at the kiosk, a second on. */
  async function gift(product: ProductId, name?: string, anonymously = false) {
    t.clock.advance(1_000)
    const [code] = await buyCodes(t, [[product, 1]], undefined, name)
    t.clock.advance(1_000)
    const answer = await redeem(`${code?.code}${anonymously ? '0' : ''}`)
    expect(answer).toMatchObject({ status: 'redeemed', anonymous: anonymously })
  }
  /** The stream's events while `act` runs, once `count` have come. */
  async function streamed(act: () => Promise<unknown>, count: number): Promise<StageEvent[]> {
    const events: StageEvent[] = []
    const stop = t.app.stage.onEvents((sent) => events.push(...sent))
    try {
      await act()
      await expect.poll(() => events.length).toBe(count)
      return events
    } finally {
      stop()
    }
  }
  async function feed(): Promise<LiveFeed> {
    t.clock.advance(5_000)
    return (await t.app.inject({ method: 'GET', url: '/api/live' })).json()
  }

  test("names given with gifts are summed, most boosts first, top 3; anonymous gifts and gifts without a name count under no name; a member's under their member name", async () => {
    await onStage('Rosa Delgado')
    expect(await readTopSupporters(t.db, sundayShow)).toEqual([])
    await gift('ffr-25', 'Sam')
    await gift('ffr-25', 'Sam')
    await gift('ffr-50', 'Ash')
    await gift('boosts-5', 'Quinn')
    // Neither counts under a name: the name asked for anonymity, the other gave none.
    await gift('ffr-50', 'Zed', true)
    await gift('ffr-50', 'Zed', true)
    await gift('ffr-50')
    const member = await insertMembership(t.db, { tier: 'membership-3', display_name: 'Robin' })
    const hidden = await insertMembership(t.db, { tier: 'membership-3', display_name: 'Zed' })
    expect(await redeem(member.member_code)).toMatchObject({ status: 'redeemed' })
    expect(await redeem(`${hidden.member_code}0`)).toMatchObject({ status: 'redeemed' })
    const memberBoosts = findProduct('membership-3')?.boosts ?? Number.NaN

    const expected = [
      { name: 'Sam', boosts: 2 * boostsOf('ffr-25') },
      { name: 'Ash', boosts: boostsOf('ffr-50') },
      { name: 'Robin', boosts: memberBoosts },
      { name: 'Quinn', boosts: boostsOf('boosts-5') },
    ].sort((a, b) => b.boosts - a.boosts)
    const top = await readTopSupporters(t.db, sundayShow)
    expect(top).toEqual(expected.slice(0, 3))
    expect(top.map((s) => s.name)).not.toContain('Zed')
    expect(await readTopSupporters(t.db, sundayShow, 5)).toEqual(expected)
    // Another show's list is its own.
    expect(await readTopSupporters(t.db, shows.tuesday.id)).toEqual([])

    // The feed carries the list and the board draws it, as text lines.
    const live = await feed()
    expect(live.supporters).toEqual(expected.slice(0, 3))
    expect(boardView(live).supporters).toEqual(
      expected.slice(0, 3).map((s, i) => `${i + 1}. ${s.name} ${s.boosts}`),
    )
  })

  test('on equal boosts, who reached them first ranks first; the same name from fans and a member is one supporter', async () => {
    t.clock.set(shows.tuesday.at)
    await onStage('Lee Park')
    await gift('ffr-25', 'Kim')
    await gift('ffr-25', 'Zoe')
    t.clock.advance(1_000)
    const member = await insertMembership(t.db, { tier: 'membership-2', display_name: 'Zoe' })
    expect(await redeem(member.member_code)).toMatchObject({ status: 'redeemed' })
    await gift('ffr-25', 'Kim')
    // Kim gave first, but Zoe reached the same boosts first: Zoe ranks first (not by name either).
    const kim = 2 * boostsOf('ffr-25')
    const zoe = boostsOf('ffr-25') + (findProduct('membership-2')?.boosts ?? Number.NaN)
    expect(kim).toBe(zoe)
    expect(await readTopSupporters(t.db, shows.tuesday.id)).toEqual([
      { name: 'Zoe', boosts: zoe },
      { name: 'Kim', boosts: kim },
    ])
  })

  test('the stream sends the list after a named gift that is on it, never after an anonymous one; the host turns the overlay list on and off, each audited, the stream told at once', async () => {
    t.clock.set(shows.nextSunday.at)
    const sundayShow = shows.nextSunday.id
    await onStage('Mo Amer')
    const first = await stageNow(t.db, t.clock.now())
    expect(first.supporters).toMatchObject({
      event: 'supporters',
      data: { showId: sundayShow, overlay: false, supporters: [] },
    })

    const named = await streamed(() => gift('ffr-50', 'Ash'), 3)
    expect(named.map((e) => e.event)).toEqual(['gift', 'total', 'supporters'])
    expect(named[2]?.data).toEqual({
      showId: sundayShow,
      overlay: false,
      supporters: [{ name: 'Ash', boosts: boostsOf('ffr-50') }],
    })
    const anonymous = await streamed(() => gift('ffr-50', 'Zed', true), 2)
    expect(anonymous.map((e) => e.event)).toEqual(['gift', 'total'])
    const unnamed = await streamed(() => gift('ffr-25'), 2)
    expect(unnamed.map((e) => e.event)).toEqual(['gift', 'total'])

    const on = await streamed(() => run('supporters.overlay', { on: true }), 1)
    expect(on[0]).toMatchObject({
      event: 'supporters',
      data: { showId: sundayShow, overlay: true, supporters: [{ name: 'Ash' }] },
    })
    expect(await run('supporters.show', {})).toEqual({
      overlay: true,
      showId: sundayShow,
      supporters: [{ name: 'Ash', boosts: boostsOf('ffr-50') }],
    })
    expect((await stageNow(t.db, t.clock.now())).supporters.data).toMatchObject({ overlay: true })
    const off = await streamed(() => run('supporters.overlay', { on: false }), 1)
    expect(off[0]?.data).toMatchObject({ overlay: false })
    expect((await run('supporters.show', {})).overlay).toBe(false)
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['summary', 'target_id'])
      .where('action', '=', 'supporters.overlay')
      .orderBy('at')
      .execute()
    expect(audits).toEqual([
      { summary: "Turned the overlay's top supporters on", target_id: 'supporters' },
      { summary: "Turned the overlay's top supporters off", target_id: 'supporters' },
    ])
    await expect(run('supporters.overlay', { on: 'yes' } as never)).rejects.toThrow(/on/)
  })
})
