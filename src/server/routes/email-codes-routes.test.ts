import { describe, expect, test } from 'vitest'
import { buyCodes } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { type TestContext, withTestApp } from '#test/test-app'
import { checkoutStatusCache } from '../../core/checkout/checkout-status'
import { emailCodesMessages } from '../../core/checkout/checkout-texts'
import { SessionResponseSchema } from '../../shared/checkout'
import { formatCode } from '../../shared/code-format'
import { orderReference } from '../../shared/order-reference'

let nextClient = 1

function emailCodes(t: TestContext, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/email-codes',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.100.${nextClient++}`,
    },
    payload: JSON.stringify(body),
  })
}

async function session(t: TestContext, sessionId: string) {
  const answer = await t.app.inject({ url: `/api/get-session?session_id=${sessionId}` })
  return SessionResponseSchema.parse(answer.json())
}

/** A purchase of 2 × FFR 10 and 1 × 5 Boosts, with or without an address: its order. */
async function buy(t: TestContext, email?: string) {
  const codes = await buyCodes(
    t,
    [
      ['ffr-10', 2],
      ['boosts-5', 1],
    ],
    email,
  )
  const order = await t.db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', codes[0]?.order_id ?? '')
    .executeTakeFirstOrThrow()
  return { order, codes }
}

function codesMails(t: TestContext, orderId: string) {
  return t.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('dedupe_key', '=', `codes:${orderId}`)
    .execute()
}

describe.each(testDatabases)(
  'the success page: summary and "Email me these codes" on $name',
  (database) => {
    const t = withTestApp(database, { now: '2026-11-22T18:00:00Z', trustProxyHops: 1 })

    test('the codes answer sums up the order: its lines, what was paid, its reference, whether mailed', async () => {
      const { order } = await buy(t)
      const body = await session(t, order.session_id)
      expect(body.order).toEqual({
        reference: orderReference(order.id),
        lines: [
          { name: 'FFR 10', quantity: 2, cents: 2998 },
          { name: '5 Boosts', quantity: 1, cents: 499 },
        ],
        paidCents: 3497,
        emailed: false,
      })
      expect(body.order?.reference).toMatch(/^[0-9A-Z]{6}$/)
      const mailed = await buy(t, 'fan@example.com')
      expect((await session(t, mailed.order.session_id)).order?.emailed).toBe(true)
    })

    test('a purchase made without an address has its codes mailed once, to the address given after', async () => {
      const { order, codes } = await buy(t)
      expect(await codesMails(t, order.id)).toHaveLength(0)

      const answer = await emailCodes(t, {
        sessionId: order.session_id,
        email: ' late@example.com ',
      })
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({ message: emailCodesMessages.sent('late@example.com') })
      const mails = await codesMails(t, order.id)
      expect(mails.map((mail) => mail.to_address)).toEqual(['late@example.com'])
      for (const code of codes) expect(mails[0]?.text_body).toContain(formatCode(code.code))
      t.clock.advance(checkoutStatusCache.fulfilledMs + 1)
      expect((await session(t, order.session_id)).order?.emailed).toBe(true)

      // Once given, the address stays: no second mail, to it or anyone else.
      const again = await emailCodes(t, { sessionId: order.session_id, email: 'other@example.com' })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toEqual({ message: emailCodesMessages.alreadyGiven })
      expect(await codesMails(t, order.id)).toHaveLength(1)
    })

    test('a bad address or an unknown purchase is refused in words and changes nothing', async () => {
      const { order } = await buy(t)
      const bad = await emailCodes(t, { sessionId: order.session_id, email: 'not an address' })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toEqual({ message: emailCodesMessages.badInput })
      const unknown = await emailCodes(t, { sessionId: 'cs_local_nope', email: 'a@example.com' })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toEqual({ message: emailCodesMessages.notFound })
      const after = await t.db
        .selectFrom('orders')
        .select('email')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow()
      expect(after.email).toBeNull()
      expect(await codesMails(t, order.id)).toHaveLength(0)
    })
  },
)
