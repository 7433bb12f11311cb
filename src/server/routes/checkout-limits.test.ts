import { describe, expect, test } from 'vitest'
import {
  cartLine,
  countRows,
  getSession,
  payInFull,
  payWithCard,
  startCheckout,
} from '#test/checkout'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import { sessionMessages, tooManyCheckoutsMessage } from '../../core/checkout/checkout-texts'
import {
  expireUnpaidOrders,
  findOrderBySession,
  pendingOrderLifetimeMs,
} from '../../core/checkout/orders'
import { rateLimits } from '../../core/rate-limits'

const body = JSON.stringify({ items: [cartLine('ffr-10')] })

describe.each(testDatabases)('checkout limits and expiry on $name', (database) => {
  // The real limits, with one trusted proxy so a test can be several clients.
  const t = withTestApp(database, {
    now: '2026-11-20T12:00:00Z',
    trustProxyHops: 1,
    rateLimitMax: {},
  })
  const from = (client: string) => ({ 'x-forwarded-for': client })

  const checkout = (client: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: { 'content-type': 'application/json', ...from(client) },
      payload: body,
    })

  test(`a client opens at most ${rateLimits.checkouts.max} checkouts in 10 minutes, then 429 and nothing is written`, async () => {
    for (let i = 0; i < rateLimits.checkouts.max; i++) {
      expect((await checkout('203.0.113.7')).statusCode).toBe(200)
    }
    const orders = await countRows(t.db, 'orders')
    const refused = await checkout('203.0.113.7')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ message: tooManyCheckoutsMessage })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600)
    expect(await countRows(t.db, 'orders')).toBe(orders)

    // Another fan is not held up, and the first may go on once the window has passed.
    expect((await checkout('198.51.100.20')).statusCode).toBe(200)
    t.clock.advance(rateLimits.checkouts.windowMs)
    expect((await checkout('203.0.113.7')).statusCode).toBe(200)
  })

  test(`a client polls at most ${rateLimits.sessionPolls.max} times in 10 minutes`, async () => {
    t.clock.advance(rateLimits.checkouts.windowMs)
    const sessionId = await startCheckout(t.app, [cartLine('boosts-5')])
    const poll = (client: string) =>
      t.app.inject({
        url: `/api/get-session?session_id=${sessionId}`,
        headers: from(client),
      })
    for (let i = 0; i < rateLimits.sessionPolls.max; i++) {
      expect((await poll('203.0.113.8')).statusCode).toBe(202)
    }
    const refused = await poll('203.0.113.8')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ message: sessionMessages.tooManyPolls })
    expect((await poll('198.51.100.21')).statusCode).toBe(202)
  })

  test('a checkout left unpaid for a day expires: its page says so and it can no longer be paid', async () => {
    // Earlier tests' checkouts expire first, out of the way.
    t.clock.advance(pendingOrderLifetimeMs + 1)
    await expireUnpaidOrders(t.db, t.clock.now())
    const sessionId = await startCheckout(t.app, [cartLine('ffr-25')])
    const another = await startCheckout(t.app, [cartLine('ffr-25')])
    t.clock.advance(pendingOrderLifetimeMs - 60_000)
    const recent = await startCheckout(t.app, [cartLine('ffr-25')])
    t.clock.advance(60_001)

    expect(await expireUnpaidOrders(t.db, t.clock.now())).toBe(2)
    expect((await findOrderBySession(t.db, sessionId))?.status).toBe('expired')
    expect((await findOrderBySession(t.db, another))?.status).toBe('expired')
    expect((await findOrderBySession(t.db, recent))?.status).toBe('pending')
    expect(await expireUnpaidOrders(t.db, t.clock.now())).toBe(0)

    const poll = await getSession(t.app, sessionId)
    expect(poll.statusCode).toBe(410)
    expect(poll.json()).toEqual({ message: sessionMessages.expired })
    // The test checkout's page no longer takes a card for it.
    const pay = await payWithCard(t.app, sessionId, '4242 4242 4242 4242')
    expect(pay.statusCode).toBe(303)
    expect((await findOrderBySession(t.db, sessionId))?.status).toBe('expired')
  })

  test('money that arrives for an expired checkout still buys its codes', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('boosts-15')])
    t.clock.advance(pendingOrderLifetimeMs + 1)
    await expireUnpaidOrders(t.db, t.clock.now())
    // As a late webhook from the provider would.
    expect(await payInFull(t.db, sessionId, t.clock.now())).toBeDefined()
    t.clock.advance(t.deps.config.localPaymentDelayMs)
    const poll = await getSession(t.app, sessionId)
    expect(poll.statusCode).toBe(200)
    expect(poll.json().codes).toHaveLength(1)
  })
})
