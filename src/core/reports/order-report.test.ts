import { describe, expect, test } from 'vitest'
import { buyCodes, cartLine, startCheckout } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import { expireUnpaidOrders, findOrderBySession } from '../checkout/orders'
import { abandonedAfterMs, listOrders } from './order-report'

describe.each(testDatabases)('the orders list on $name', (database) => {
  const t = withTestApp(database, { now: '2026-11-21T18:00:00Z' })

  test('checkouts abandoned unpaid are left out when asked, and listed otherwise', async () => {
    // One expired a day later, one left unpaid for over an hour, one paid, one being paid now.
    const expired = await startCheckout(t.app, [cartLine('ffr-10')])
    t.clock.advance(25 * 60 * 60_000)
    await expireUnpaidOrders(t.db, t.clock.now())
    const left = await startCheckout(t.app, [cartLine('boosts-5')])
    t.clock.advance(abandonedAfterMs + 60_000)
    const [paid] = await buyCodes(t, [['boosts-15', 1]])
    const paying = await startCheckout(t.app, [cartLine('ffr-25')])

    const idOf = async (sessionId: string) => (await findOrderBySession(t.db, sessionId))?.id
    const now = t.clock.now()
    const shown = await listOrders(t.db, { hideAbandoned: true }, now)
    expect(shown.items.map((order) => order.id).sort()).toEqual(
      [paid?.order_id, await idOf(paying)].sort(),
    )
    expect(shown.total).toBe(2)

    const all = await listOrders(t.db, {}, now)
    expect(all.total).toBe(4)
    expect(all.items.map((order) => order.id)).toEqual(
      expect.arrayContaining([await idOf(expired), await idOf(left)]),
    )
  })
})
