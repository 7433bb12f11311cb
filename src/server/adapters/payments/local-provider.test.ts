import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, test } from 'vitest'
import { cartLine, getSession, payWithCard, startCheckout } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { buildTestApp, withTestApp } from '#test/test-app'
import { findOrderBySession, findOrderCodes } from '../../../core/checkout/orders'
import { payPageTexts } from '../../routes/test-checkout-texts'

describe.each(testDatabases)('the local test checkout on $name', (database) => {
  const t = withTestApp(database)

  test('the pay page shows the order, the card form and the test cards', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-10', 2), cartLine('boosts-5')])
    const response = await t.app.inject({ method: 'GET', url: `/pay/${sessionId}` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    const html = response.body
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('Test checkout: no real payment')
    expect(html).toMatch(
      /<th scope="row">FFR 10<\/th>\s*<td class="num">2<\/td>\s*<td class="num">\$29\.98<\/td>/,
    )
    expect(html).toMatch(
      /<th scope="row">5 Boosts<\/th>\s*<td class="num">1<\/td>\s*<td class="num">\$4\.99<\/td>/,
    )
    expect(html).toContain('$34.97')
    expect(html).toContain('<label for="card-number">Card number</label>')
    expect(html).toContain('id="card-number" name="card_number"')
    expect(html).toContain(`<form class="panel" method="post" action="/pay/${sessionId}">`)
    expect(html).toContain('<button type="submit">Pay</button>')
    expect(html).toContain('<a href="/store">Cancel</a>')
    for (const card of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 9995']) {
      expect(html).toContain(card)
    }
    expect(html).not.toContain('<script')
    expect(response.headers['content-security-policy']).toContain("script-src 'self'")
  })

  test('card 4242 pays the order and redirects to the success page', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-10')])
    const response = await payWithCard(t.app, sessionId, '4242 4242 4242 4242')
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(`/success?session_id=${sessionId}`)
    const order = await findOrderBySession(t.deps.db, sessionId)
    expect(order?.status).toBe('paid')
    expect(order?.paid_at?.toISOString()).toBe(t.clock.now().toISOString())
  })

  test.each([
    ['4000 0000 0000 0002', payPageTexts.declined],
    ['4000-0000-0000-9995', payPageTexts.insufficientFunds],
  ])('card %s is refused with its message and the order stays pending', async (card, message) => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-10')])
    const response = await payWithCard(t.app, sessionId, card)
    expect(response.statusCode).toBe(402)
    expect(response.body).toContain(`role="alert">${message}</p>`)
    expect(response.body).toContain('aria-invalid="true"')
    expect(response.body).toContain('<label for="card-number">Card number</label>')
    expect((await findOrderBySession(t.deps.db, sessionId))?.status).toBe('pending')
  })

  test('any other card number, or none, is a 400 naming the test cards', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-10')])
    for (const card of ['5555 5555 5555 4444', '', '4242']) {
      const response = await payWithCard(t.app, sessionId, card)
      expect(response.statusCode).toBe(400)
      expect(response.body).toContain(
        'This test checkout takes only its test cards: 4242 4242 4242 4242 pays',
      )
    }
    const noField = await t.app.inject({
      method: 'POST',
      url: `/pay/${sessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cvc=123',
    })
    expect(noField.statusCode).toBe(400)
    expect((await findOrderBySession(t.deps.db, sessionId))?.status).toBe('pending')
  })

  test('paying an already paid order changes nothing and goes to its success page', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('boosts-15', 2)])
    await payWithCard(t.app, sessionId, '4242424242424242')
    const paidAt = (await findOrderBySession(t.deps.db, sessionId))?.paid_at

    t.clock.advance(60_000)
    for (const card of ['4242424242424242', '4000000000000002', 'nonsense']) {
      const again = await payWithCard(t.app, sessionId, card)
      expect(again.statusCode).toBe(303)
      expect(again.headers.location).toBe(`/success?session_id=${sessionId}`)
    }
    const page = await t.app.inject({ method: 'GET', url: `/pay/${sessionId}` })
    expect(page.statusCode).toBe(303)
    expect(page.headers.location).toBe(`/success?session_id=${sessionId}`)
    expect((await findOrderBySession(t.deps.db, sessionId))?.paid_at).toEqual(paidAt)

    // And after fulfilment, paying again makes no new codes.
    t.clock.advance(t.deps.config.localPaymentDelayMs)
    expect((await getSession(t.app, sessionId)).statusCode).toBe(200)
    await payWithCard(t.app, sessionId, '4242424242424242')
    const order = await findOrderBySession(t.deps.db, sessionId)
    expect(order?.status).toBe('fulfilled')
    expect(await findOrderCodes(t.deps.db, order?.id ?? '')).toHaveLength(2)
  })

  test('an unknown or malformed checkout address is a 404 page linking to the store', async () => {
    for (const url of [
      '/pay/cs_local_000000000000000000000000',
      '/pay/nope',
      '/pay/%3Cscript%3E',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: method === 'POST' ? 'card_number=4242424242424242' : undefined,
        })
        expect(response.statusCode).toBe(404)
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
        expect(response.body).toContain('<a href="/store">Back to Store</a>')
        expect(response.body).not.toContain('<script')
      }
    }
  })

  test('a card form over 16 KB is refused as too large', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-10')])
    const response = await t.app.inject({
      method: 'POST',
      url: `/pay/${sessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `card_number=4242424242424242&pad=${'x'.repeat(17 * 1024)}`,
    })
    expect(response.statusCode).toBe(413)
    expect((await findOrderBySession(t.deps.db, sessionId))?.status).toBe('pending')
  })

  test('the JSON API does not accept form bodies', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'items=ffr-10',
    })
    expect(response.statusCode).toBe(415)
  })

  test('an order is ready to fulfil once the payment delay has passed', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-10')])
    const pending = await findOrderBySession(t.deps.db, sessionId)
    expect(pending && (await t.payments.checkPayment(pending)).paid).toBe(false)
    await payWithCard(t.app, sessionId, '4242424242424242')
    const paid = await findOrderBySession(t.deps.db, sessionId)
    if (!paid) throw new Error('order vanished')
    expect((await t.payments.checkPayment(paid)).paid).toBe(false)
    t.clock.advance(t.deps.config.localPaymentDelayMs - 1)
    expect((await t.payments.checkPayment(paid)).paid).toBe(false)
    t.clock.advance(1)
    expect((await t.payments.checkPayment(paid)).paid).toBe(true)
  })

  test('after paying, the checkout fulfils the order by itself after its delay', async () => {
    const quick = await buildTestApp(t.db, { localPaymentDelayMs: 30 })
    try {
      const sessionId = await startCheckout(quick.app, [cartLine('ffr-25', 2)], 'fan@example.com')
      await payWithCard(quick.app, sessionId, '4242 4242 4242 4242')
      let order = await findOrderBySession(quick.deps.db, sessionId)
      for (let i = 0; i < 100 && order?.status !== 'fulfilled'; i++) {
        await sleep(20)
        order = await findOrderBySession(quick.deps.db, sessionId)
      }
      expect(order?.status).toBe('fulfilled')
      expect(await findOrderCodes(quick.deps.db, order?.id ?? '')).toHaveLength(2)
      expect(quick.mailKicks.count).toBe(1)
    } finally {
      await quick.app.close()
    }
  })
})
