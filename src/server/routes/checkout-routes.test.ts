import { describe, expect, test } from 'vitest'
import {
  cartLine,
  countRows,
  getSession,
  payWithCard,
  postCheckout,
  startCheckout,
} from '#test/checkout'
import { testDatabases } from '#test/databases'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { checkoutStatusCache } from '../../core/checkout/checkout-status'
import { checkoutMessages, sessionMessages } from '../../core/checkout/checkout-texts'
import { findOrderBySession } from '../../core/checkout/orders'
import { SessionResponseSchema } from '../../shared/checkout'
import { texts } from '../../shared/texts'

const ffr10 = cartLine('ffr-10')
const quantityMessage = 'Quantity must be a whole number from 1 to 99.'

/** Every refused checkout: the status, the sentence, and (checked below) no order row. */
const badCheckouts: [string, string | object, number, string][] = [
  [
    'an unknown item',
    { items: [{ ...ffr10, id: 'ffr-1000' }] },
    400,
    '"ffr-1000" is not an item in the store.',
  ],
  ['a membership', { items: [cartLine('membership-1')] }, 400, 'Memberships are coming soon.'],
  [
    'a changed price',
    { items: [{ ...ffr10, price: 9.99 }] },
    409,
    'Prices have changed, please refresh the store.',
  ],
  ['quantity 0', { items: [{ ...ffr10, quantity: 0 }] }, 400, quantityMessage],
  ['quantity -1', { items: [{ ...ffr10, quantity: -1 }] }, 400, quantityMessage],
  ['quantity 1.5', { items: [{ ...ffr10, quantity: 1.5 }] }, 400, quantityMessage],
  ['quantity 100', { items: [{ ...ffr10, quantity: 100 }] }, 400, quantityMessage],
  ['quantity "3"', { items: [{ ...ffr10, quantity: '3' }] }, 400, quantityMessage],
  [
    'a missing quantity',
    { items: [{ id: 'ffr-10', name: 'FFR 10', price: 14.99 }] },
    400,
    quantityMessage,
  ],
  [
    'a bad quantity on a later line',
    { items: [ffr10, { ...cartLine('boosts-5'), quantity: 0 }] },
    400,
    quantityMessage,
  ],
  [
    'eleven lines',
    { items: Array.from({ length: 11 }, () => ffr10) },
    400,
    'A checkout can hold at most 10 different items.',
  ],
  ['no items field', {}, 400, checkoutMessages.emptyCart],
  ['an empty items list', { items: [] }, 400, checkoutMessages.emptyCart],
  ['items that are not a list', { items: 'ffr-10' }, 400, checkoutMessages.itemsNotAList],
  ['a line that is not an object', { items: ['ffr-10'] }, 400, checkoutMessages.lineNotAnObject],
  [
    'a line without an id',
    { items: [{ name: 'FFR 10', price: 14.99, quantity: 1 }] },
    400,
    checkoutMessages.badId,
  ],
  [
    'a price that is not a number',
    { items: [{ ...ffr10, price: '14.99' }] },
    400,
    checkoutMessages.badPrice,
  ],
  ['a bad email', { items: [ffr10], email: 'not-an-address' }, 400, texts.badEmail],
  ['an email with spaces', { items: [ffr10], email: 'a b@example.com' }, 400, texts.badEmail],
  ['a JSON array body', [ffr10], 400, checkoutMessages.notAnObject],
  ['a body that is not JSON', '{"items": [', 400, 'The request body is not valid JSON.'],
  [
    'merged lines over 99',
    {
      items: [
        { ...ffr10, quantity: 60 },
        { ...ffr10, quantity: 40 },
      ],
    },
    400,
    checkoutMessages.mergedQuantity('FFR 10'),
  ],
]

describe.each(testDatabases)('checkout API on $name', (database) => {
  const t = withTestApp(database)

  test('a good checkout stores a pending order priced from the catalogue', async () => {
    const response = await postCheckout(t.app, {
      items: [cartLine('ffr-10', 2), { ...cartLine('boosts-5'), name: 'Whatever the client says' }],
      email: ' fan@example.com ',
    })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.id).toMatch(/^cs_local_[0-9A-Za-z]{24}$/)
    expect(body.url).toBe(`${testPublicUrl}/pay/${body.id}`)

    const order = await findOrderBySession(t.deps.db, body.id)
    expect(order).toMatchObject({
      status: 'pending',
      provider: 'local',
      email: 'fan@example.com',
      total_cents: 2 * 1499 + 499,
      paid_at: null,
      fulfilled_at: null,
    })
    expect(order?.lines).toEqual([
      { productId: 'ffr-10', name: 'FFR 10', unitCents: 1499, quantity: 2 },
      { productId: 'boosts-5', name: '5 Boosts', unitCents: 499, quantity: 1 },
    ])
    expect(order?.created_at.toISOString()).toBe(t.clock.now().toISOString())
  })

  test('a checkout without an email, or with a blank one, stores no address', async () => {
    for (const email of [undefined, '', '   ']) {
      const response = await postCheckout(t.app, { items: [ffr10], email })
      expect(response.statusCode).toBe(200)
      const order = await findOrderBySession(t.deps.db, response.json().id)
      expect(order?.email).toBeNull()
    }
  })

  test("the buyer's time zone is kept when the server knows it, and dropped (never refused) when not", async () => {
    const zones: [string | undefined, string | null][] = [
      ['America/New_York', 'America/New_York'],
      ['Mars/Olympus_Mons', null],
      [undefined, null],
    ]
    for (const [timeZone, kept] of zones) {
      const response = await postCheckout(t.app, {
        items: [ffr10],
        ...(timeZone ? { timeZone } : {}),
      })
      expect(response.statusCode).toBe(200)
      const order = await findOrderBySession(t.deps.db, response.json().id)
      expect(order?.time_zone).toBe(kept)
    }
  })

  test('the same product on two lines is merged into one line', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-25', 2), cartLine('ffr-25', 3)])
    const order = await findOrderBySession(t.deps.db, sessionId)
    expect(order?.lines).toEqual([
      { productId: 'ffr-25', name: 'FFR 25', unitCents: 3499, quantity: 5 },
    ])
    expect(order?.total_cents).toBe(5 * 3499)
  })

  test.each(badCheckouts)(
    '%s is refused with a sentence and stores nothing',
    async (_label, body, status, message) => {
      const before = await countRows(t.deps.db, 'orders')
      const response = await postCheckout(t.app, body)
      expect(response.statusCode).toBe(status)
      expect(response.json()).toEqual({ message })
      expect(await countRows(t.deps.db, 'orders')).toBe(before)
    },
  )

  test('a body over 16 KB is refused as too large and stores nothing', async () => {
    const before = await countRows(t.deps.db, 'orders')
    const response = await postCheckout(t.app, { items: [ffr10], padding: 'x'.repeat(17 * 1024) })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: 'The request is too large (at most 16 KB).' })
    expect(await countRows(t.deps.db, 'orders')).toBe(before)
  })

  test('get-session without a session id is a 400', async () => {
    for (const url of [
      '/api/get-session',
      '/api/get-session?session_id=',
      '/api/get-session?session_id=%20%20',
    ]) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: sessionMessages.missingId })
    }
  })

  test('get-session for an unknown session is a 404', async () => {
    const response = await getSession(t.app, 'cs_local_000000000000000000000000')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: sessionMessages.notFound })
  })

  test('get-session answers 202 until payment and fulfilment are done, then 200 with the codes', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-10', 2), cartLine('boosts-15')])

    const unpaid = await getSession(t.app, sessionId)
    expect(unpaid.statusCode).toBe(202)
    expect(unpaid.json()).toEqual({ message: sessionMessages.awaitingPayment })

    expect((await payWithCard(t.app, sessionId, '4242 4242 4242 4242')).statusCode).toBe(303)
    const paid = await getSession(t.app, sessionId)
    expect(paid.statusCode).toBe(202)
    expect(paid.json()).toEqual({ message: sessionMessages.preparingCodes })
    expect(await countRows(t.deps.db, 'codes')).toBe(await countCodesExcept(sessionId))

    // The local checkout's delay passes: the poll itself fulfils.
    t.clock.advance(t.deps.config.localPaymentDelayMs)
    const ready = await getSession(t.app, sessionId)
    expect(ready.statusCode).toBe(200)
    expect(ready.headers['cache-control']).toBe('no-store')
    const body = SessionResponseSchema.parse(ready.json())
    expect(body.id).toBe(sessionId)
    expect(body.codes.map((code) => code.description)).toEqual([
      'FFR 10: 5 boosts, donor wall mention',
      'FFR 10: 5 boosts, donor wall mention',
      '15 Boosts: 15 boosts',
    ])
    for (const { code } of body.codes)
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/)
    expect(new Set(body.codes.map((code) => code.code)).size).toBe(3)
    expect(body.show).toMatchObject({
      name: 'Sunday Stand-Up',
      startsAt: '2026-11-22T22:00:00.000Z',
    })
    // The show's own "Add to calendar" file is there to take.
    const calendar = await t.app.inject({ method: 'GET', url: `/api/schedule/${body.show.id}.ics` })
    expect(calendar.statusCode).toBe(200)
    expect(calendar.body).toContain('SUMMARY:Sunday Stand-Up')
    for (const code of body.codes) {
      expect(code).toMatchObject({
        state: 'unused',
        redeemedAt: null,
        expiresAt: '2026-11-23T01:00:00.000Z',
      })
    }
  })

  test("get-session reads each code's state again once the answer kept in memory is old", async () => {
    const sessionId = await startCheckout(t.app, [cartLine('boosts-5', 2)])
    await payWithCard(t.app, sessionId, '4242424242424242')
    t.clock.advance(t.deps.config.localPaymentDelayMs)
    const first = SessionResponseSchema.parse((await getSession(t.app, sessionId)).json())
    const [redeemed] = first.codes
    const kiosk = await t.app.inject({
      method: 'GET',
      url: `/k/${redeemed?.code.replace('-', '')}`,
    })
    expect(kiosk.json()).toMatchObject({ status: 'redeemed' })
    const redeemedAt = t.clock.now().toISOString()

    t.clock.advance(checkoutStatusCache.fulfilledMs)
    const again = SessionResponseSchema.parse((await getSession(t.app, sessionId)).json())
    expect(again.codes.map((code) => [code.code, code.state])).toEqual([
      [redeemed?.code, 'redeemed'],
      [first.codes[1]?.code, 'unused'],
    ])
    expect(again.codes[0]?.redeemedAt).toBe(redeemedAt)
  })

  test('a fulfilled session is answered from memory, with the same codes every time', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-50')])
    await payWithCard(t.app, sessionId, '4242424242424242')
    t.clock.advance(t.deps.config.localPaymentDelayMs)
    const first = await getSession(t.app, sessionId)
    expect(first.statusCode).toBe(200)

    // Changing the rows behind it does not change the answer: the poll no longer reads them.
    const order = await findOrderBySession(t.deps.db, sessionId)
    await t.deps.db
      .updateTable('codes')
      .set({ description: 'changed' })
      .where('order_id', '=', order?.id ?? '')
      .execute()
    await t.deps.db
      .updateTable('orders')
      .set({ show_name: 'changed' })
      .where('session_id', '=', sessionId)
      .execute()

    const second = await getSession(t.app, sessionId)
    expect(second.statusCode).toBe(200)
    expect(second.body).toBe(first.body)
  })

  /** How many codes exist for orders other than this session's (it must have none yet). */
  async function countCodesExcept(sessionId: string): Promise<number> {
    const order = await findOrderBySession(t.deps.db, sessionId)
    const others = await t.deps.db
      .selectFrom('codes')
      .select('code')
      .where('order_id', '!=', order?.id ?? '')
      .execute()
    return others.length
  }
})
