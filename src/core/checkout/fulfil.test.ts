import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { cartLine, countRows, getSession, payWithCard, startCheckout } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import type { ProductId } from '../../shared/catalogue'
import { codeAlphabet, formatCode } from '../../shared/code-format'
import { orderReference } from '../../shared/order-reference'
import { regularShowId } from '../ids'
import { recordReversal } from '../refunds/reversals'
import { addEvent, removeEvent, seedRegularShows, updateEvent } from '../schedule/events'
import { fulfilCheckout, fulfilPaidOrders } from './fulfil'
import { recordPayment } from './order-payments'
import { findOrderBySession, findOrderCodes } from './orders'

describe.each(testDatabases)('fulfilment on $name', (database) => {
  const t = withTestApp(database)

  /** Checks out and pays through the test checkout at the given instant. */
  async function paidOrder(items: [ProductId, number][], email?: string, paidAt?: string) {
    if (paidAt) t.clock.set(paidAt)
    const sessionId = await startCheckout(
      t.app,
      items.map(([id, quantity]) => cartLine(id, quantity)),
      email,
    )
    const paid = await payWithCard(t.app, sessionId, '4242-4242-4242-4242')
    expect(paid.statusCode).toBe(303)
    return sessionId
  }

  async function mailsFor(orderId: string) {
    return t.deps.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('dedupe_key', '=', `codes:${orderId}`)
      .execute()
  }

  test('fulfilment makes one code per unit, bound to the show current at payment', async () => {
    const sessionId = await paidOrder(
      [
        ['ffr-10', 2],
        ['boosts-5', 3],
      ],
      undefined,
      '2026-11-22T18:00:00Z',
    )
    t.clock.set('2026-11-22T18:00:05Z')
    const result = await fulfilCheckout(t.deps, sessionId)
    expect(result?.codes).toHaveLength(5)

    const order = await findOrderBySession(t.deps.db, sessionId)
    expect(order?.status).toBe('fulfilled')
    expect(order?.fulfilled_at?.toISOString()).toBe('2026-11-22T18:00:05.000Z')
    expect(order?.show_id).toBe('regular-20261122T2200Z')
    expect(order?.show_name).toBe('Sunday Stand-Up')
    expect(order?.show_starts_at?.toISOString()).toBe('2026-11-22T22:00:00.000Z')

    const codes = await findOrderCodes(t.deps.db, order?.id ?? '')
    expect(codes.map((code) => [code.seq, code.product_id])).toEqual([
      [0, 'ffr-10'],
      [1, 'ffr-10'],
      [2, 'boosts-5'],
      [3, 'boosts-5'],
      [4, 'boosts-5'],
    ])
    for (const code of codes) {
      expect(code.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/)
      expect(code.valid_from.toISOString()).toBe('2026-11-22T18:00:00.000Z')
      expect(code.expires_at.toISOString()).toBe('2026-11-23T01:00:00.000Z')
      expect(code.redeemed_at).toBeNull()
    }
    expect(new Set(codes.map((code) => code.code)).size).toBe(5)
  })

  test('an order paid inside the 3 hour rollover belongs to the show that is on', async () => {
    // Sunday's show started at 16:00 CST (22:00Z); 18:59 CST is still inside its window.
    const during = await paidOrder([['boosts-5', 1]], undefined, '2026-11-23T00:59:00Z')
    // 19:01 CST is past it: the next show is Tuesday 19:00 CST.
    const after = await paidOrder([['boosts-5', 1]], undefined, '2026-11-23T01:01:00Z')
    // Fulfilled days later (say, after an outage): the binding still follows the payment time.
    t.clock.set('2026-11-27T12:00:00Z')
    await fulfilCheckout(t.deps, during)
    await fulfilCheckout(t.deps, after)

    const duringOrder = await findOrderBySession(t.deps.db, during)
    expect(duringOrder?.show_name).toBe('Sunday Stand-Up')
    expect(duringOrder?.show_starts_at?.toISOString()).toBe('2026-11-22T22:00:00.000Z')
    const [duringCode] = await findOrderCodes(t.deps.db, duringOrder?.id ?? '')
    expect(duringCode?.expires_at.toISOString()).toBe('2026-11-23T01:00:00.000Z')

    const afterOrder = await findOrderBySession(t.deps.db, after)
    expect(afterOrder?.show_name).toBe('Tuesday Night Stand-Up')
    expect(afterOrder?.show_starts_at?.toISOString()).toBe('2026-11-25T01:00:00.000Z')
    const [afterCode] = await findOrderCodes(t.deps.db, afterOrder?.id ?? '')
    expect(afterCode?.valid_from.toISOString()).toBe('2026-11-23T01:01:00.000Z')
    expect(afterCode?.expires_at.toISOString()).toBe('2026-11-25T04:00:00.000Z')
  })

  test('an order is bound to the next event of the schedule: a removed show is skipped, a moved one followed', async () => {
    // The week after: Sunday 29 November 16:00 CST (22:00Z) is removed; Tuesday's is moved an
    // hour later; an operator's special on Monday comes first after the removal.
    t.clock.set('2026-11-28T12:00:00Z')
    const sunday = regularShowId(new Date('2026-11-29T22:00:00Z'))
    const tuesday = regularShowId(new Date('2026-12-02T01:00:00Z'))
    await seedRegularShows(t.deps.db, t.clock)
    expect(await removeEvent(t.deps.db, sunday, t.clock.now())).toBeDefined()
    const paidOnSunday = await paidOrder([['boosts-5', 1]], undefined, '2026-11-29T20:00:00Z')
    await fulfilCheckout(t.deps, paidOnSunday)
    const toTuesday = await findOrderBySession(t.deps.db, paidOnSunday)
    expect(toTuesday?.show_id).toBe(tuesday)

    await updateEvent(
      t.deps.db,
      tuesday,
      { startsAt: new Date('2026-12-02T02:00:00Z') },
      t.clock.now(),
    )
    const special = await addEvent(
      t.deps.db,
      { name: 'Monday Special', description: '', startsAt: new Date('2026-11-30T23:00:00Z') },
      t.clock.now(),
    )
    const paidMonday = await paidOrder([['boosts-5', 1]], undefined, '2026-11-30T12:00:00Z')
    const paidLate = await paidOrder([['boosts-5', 1]], undefined, '2026-12-02T04:30:00Z')
    await fulfilCheckout(t.deps, paidMonday)
    await fulfilCheckout(t.deps, paidLate)

    const monday = await findOrderBySession(t.deps.db, paidMonday)
    expect([monday?.show_id, monday?.show_name]).toEqual([special.id, 'Monday Special'])
    const [mondayCode] = await findOrderCodes(t.deps.db, monday?.id ?? '')
    expect(mondayCode?.expires_at.toISOString()).toBe('2026-12-01T02:00:00.000Z')
    // 22:30 CST on Tuesday: inside the moved show's window (20:00 + 3 h), outside the old one.
    const late = await findOrderBySession(t.deps.db, paidLate)
    expect(late?.show_id).toBe(tuesday)
    expect(late?.show_starts_at?.toISOString()).toBe('2026-12-02T02:00:00.000Z')
  })

  test('concurrent fulfilments and polls make the codes and the mail exactly once', async () => {
    const sessionId = await paidOrder(
      [
        ['ffr-25', 3],
        ['boosts-15', 1],
      ],
      'fan@example.com',
      '2026-11-22T18:00:00Z',
    )
    t.clock.advance(t.deps.config.localPaymentDelayMs)
    const codesBefore = await countRows(t.deps.db, 'codes')
    const kicksBefore = t.mailKicks.count

    const [fulfilments, polls] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => fulfilCheckout(t.deps, sessionId))),
      Promise.all(Array.from({ length: 10 }, () => getSession(t.app, sessionId))),
    ])

    expect(fulfilments.filter((result) => result !== undefined)).toHaveLength(1)
    expect(polls.map((poll) => poll.statusCode)).toEqual(Array(10).fill(200))
    expect(new Set(polls.map((poll) => poll.body)).size).toBe(1)
    expect(await countRows(t.deps.db, 'codes')).toBe(codesBefore + 4)
    const order = await findOrderBySession(t.deps.db, sessionId)
    expect(await mailsFor(order?.id ?? '')).toHaveLength(1)
    expect(t.mailKicks.count).toBe(kicksBefore + 1)

    // Once more, later: nothing changes.
    expect(await fulfilCheckout(t.deps, sessionId)).toBeUndefined()
    expect(await countRows(t.deps.db, 'codes')).toBe(codesBefore + 4)
  })

  test('the codes mail lists every code, the show, how to redeem at the kiosk, and a receipt', async () => {
    const sessionId = await paidOrder([['ffr-10', 2]], 'fan@example.com', '2026-11-22T18:00:00Z')
    const result = await fulfilCheckout(t.deps, sessionId)
    const [mail] = await mailsFor(result?.order.id ?? '')
    expect(mail?.to_address).toBe('fan@example.com')
    expect(mail?.subject).toBe('Your Punchline VR codes for Sunday Stand-Up')
    const text = mail?.text_body ?? ''
    const html = mail?.html_body ?? ''
    for (const code of result?.codes ?? []) {
      expect(text).toContain(`${formatCode(code.code)}  FFR 10: 5 boosts, donor wall mention`)
      expect(html).toContain(formatCode(code.code))
    }
    expect(text).toContain('Sunday Stand-Up, Sun, Nov 22, 4:00 PM CT')
    expect(text).toContain('Join The Punchline Club in VRChat during the show.')
    expect(text).toContain('"Allow Untrusted URLs"')
    expect(text).toContain('add a 0 at the end of the code')
    expect(text).toContain('until Sun, Nov 22, 7:00 PM CT')
    // The success page, where each code takes a message for the comic until it is redeemed.
    expect(text).toContain('Add a message for the comic to each code')
    expect(text).toMatch(new RegExp(`/success\\?session_id=${encodeURIComponent(sessionId)}`))
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('Redeem in three steps')
    // The receipt: order number, when paid, each line with quantity and price, total, the rule.
    // The order's short reference (shared/order-reference.ts), the one the console shows.
    const orderId = orderReference(result?.order.id ?? '')
    expect(orderId).toMatch(/^[0-9A-Z]{6}$/)
    expect(text).toContain(`Order: ${orderId}`)
    expect(text).toContain('Paid: Sun, Nov 22, 12:00 PM CT')
    expect(text).toContain('  2 x FFR 10  $29.98')
    expect(text).toContain('Total: $29.98')
    expect(text).toContain('Refund requests must be made within 7 days of purchase.')
    expect(html).toContain(`<strong>${orderId}</strong>`)
    expect(html).toContain('2 &times; FFR 10')
    // Links back to the site and to "Lost your codes?", the site's address put in when sent.
    expect(text).toContain('Lost your codes? %PUBLIC_URL%/store#lost-codes')
    expect(html).toContain('href="%PUBLIC_URL%/"')
    // The show it names links to the show's own page.
    expect(text).toContain('%PUBLIC_URL%/shows/regular-20261122T2200Z')
    expect(html).toContain('href="%PUBLIC_URL%/shows/regular-20261122T2200Z"')
  })

  test('an order without an email gets codes and no mail', async () => {
    const sessionId = await paidOrder([['boosts-5', 1]])
    const mailsBefore = await countRows(t.deps.db, 'mail_outbox')
    const kicksBefore = t.mailKicks.count
    const result = await fulfilCheckout(t.deps, sessionId)
    expect(result?.codes).toHaveLength(1)
    expect(await countRows(t.deps.db, 'mail_outbox')).toBe(mailsBefore)
    expect(t.mailKicks.count).toBe(kicksBefore)
  })

  test('an unpaid or unknown order is not fulfilled', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('ffr-10')])
    expect(await fulfilCheckout(t.deps, sessionId)).toBeUndefined()
    expect(await fulfilCheckout(t.deps, 'cs_local_nothing')).toBeUndefined()
    const order = await findOrderBySession(t.deps.db, sessionId)
    expect(order?.status).toBe('pending')
    expect(await findOrderCodes(t.deps.db, order?.id ?? '')).toEqual([])
  })

  test('a drawn code that already exists is drawn again', async () => {
    const taken = await fulfilCheckout(t.deps, await paidOrder([['boosts-5', 1]]))
    const takenCode = taken?.codes[0]?.code ?? ''
    const sessionId = await paidOrder([['boosts-5', 2]])

    // Both units first draw the taken code (a clash with the table and within the batch), then
    // fresh random codes.
    const scripted = [...takenCode, ...takenCode].map((symbol) => codeAlphabet.indexOf(symbol))
    let draws = 0
    const random = (max: number) => {
      draws++
      return scripted.shift() ?? Math.floor(Math.random() * max)
    }
    const result = await fulfilCheckout({ ...t.deps, random }, sessionId)

    expect(result?.codes).toHaveLength(2)
    expect(result?.codes.map((code) => code.code)).not.toContain(takenCode)
    expect(new Set(result?.codes.map((code) => code.code)).size).toBe(2)
    expect(draws).toBe(40)
  })

  test('a random source that keeps clashing fails the fulfilment and leaves the order paid', async () => {
    const taken = await fulfilCheckout(t.deps, await paidOrder([['boosts-5', 1]]))
    const takenCode = taken?.codes[0]?.code ?? ''
    const sessionId = await paidOrder([['boosts-5', 1]])
    let i = 0
    const random = () => codeAlphabet.indexOf(takenCode[i++ % 10] ?? '2')
    await expect(fulfilCheckout({ ...t.deps, random }, sessionId)).rejects.toThrow(/unique codes/)
    const order = await findOrderBySession(t.deps.db, sessionId)
    expect(order?.status).toBe('paid')
    expect(await findOrderCodes(t.deps.db, order?.id ?? '')).toEqual([])
    // With a working source it is fulfilled as usual.
    expect((await fulfilCheckout(t.deps, sessionId))?.codes).toHaveLength(1)
  })

  test('the start-up sweep fulfils every paid order and leaves unpaid ones alone', async () => {
    await fulfilPaidOrders(t.deps) // earlier tests' leftovers
    const first = await paidOrder([['ffr-10', 1]], 'a@example.com')
    const second = await paidOrder([['boosts-15', 2]])
    const unpaid = await startCheckout(t.app, [cartLine('ffr-50')])

    expect(await fulfilPaidOrders(t.deps)).toBe(2)
    expect((await findOrderBySession(t.deps.db, first))?.status).toBe('fulfilled')
    expect((await findOrderBySession(t.deps.db, second))?.status).toBe('fulfilled')
    expect((await findOrderBySession(t.deps.db, unpaid))?.status).toBe('pending')
    expect(await fulfilPaidOrders(t.deps)).toBe(0)
  })
  test('the start-up sweep reports and skips an order it cannot fulfil, and fulfils the rest', async () => {
    await fulfilPaidOrders(t.deps) // earlier tests' leftovers
    const broken = await paidOrder([['ffr-10', 1]])
    const good = await paidOrder([['boosts-5', 1]])
    // A row no code can come from: its lines are not a list.
    await sql`update orders set lines = '{"oops": true}'::jsonb where session_id = ${broken}`.execute(
      t.deps.db,
    )
    const errors: string[] = []
    const onError = (orderId: string) => errors.push(orderId)

    expect(await fulfilPaidOrders({ ...t.deps, onError })).toBe(1)
    const brokenOrder = await findOrderBySession(t.deps.db, broken)
    expect(errors).toEqual([brokenOrder?.id])
    expect(brokenOrder?.status).toBe('paid')
    expect((await findOrderBySession(t.deps.db, good))?.status).toBe('fulfilled')
    // Without a reporter the sweep fails loudly, as before.
    await expect(fulfilPaidOrders(t.deps)).rejects.toThrow()
    await sql`update orders set status = 'expired' where session_id = ${broken}`.execute(t.deps.db)
  })

  test('a dispute recorded before the payment: a failure between paying and reversing leaves the order unpaid, and it is never fulfilled', async () => {
    await fulfilPaidOrders(t.deps) // earlier tests' leftovers
    const sessionId = await startCheckout(t.app, [cartLine('ffr-25')], 'disputer@example.com')
    const ref = `pi_${sessionId.slice(-12)}`
    // The bank's dispute arrives before the payment's own event.
    await recordReversal(t.db, { paymentRef: ref, disputed: true }, t.clock.now())
    // A fault after the order is marked paid and before the dispute is applied to it: the order
    // moving to `disputed` fails (a crash, a lost connection).
    await sql`create or replace function fail_dispute() returns trigger language plpgsql as $$
      begin
        if new.status = 'disputed' then raise exception 'injected fault'; end if;
        return new;
      end $$`.execute(t.db)
    await sql`create trigger fail_dispute before update on orders for each row
      execute function fail_dispute()`.execute(t.db)
    const payment = { at: t.clock.now(), ref, amountCents: 3499, currency: 'usd' }
    try {
      await expect(recordPayment(t.db, sessionId, payment)).rejects.toThrow(/injected fault/)
    } finally {
      await sql`drop trigger fail_dispute on orders`.execute(t.db)
    }
    // Nothing half-done: not paid, so the poll and the sweep find nothing to fulfil.
    expect((await findOrderBySession(t.db, sessionId))?.status).toBe('pending')
    expect(await fulfilPaidOrders(t.deps)).toBe(0)

    // The payment's event comes again: paid and disputed at once, no codes, no mail.
    expect((await recordPayment(t.db, sessionId, payment))?.status).toBe('disputed')
    expect(await fulfilCheckout(t.deps, sessionId)).toBeUndefined()
    const order = await findOrderBySession(t.db, sessionId)
    expect(order?.status).toBe('disputed')
    expect(await findOrderCodes(t.db, order?.id ?? '')).toEqual([])
    expect(await mailsFor(order?.id ?? '')).toEqual([])
  })

  test('every fulfilment path refuses a paid order whose payment was refunded in full or disputed', async () => {
    await fulfilPaidOrders(t.deps) // earlier tests' leftovers
    const refunded = await paidOrder([['boosts-5', 1]], 'refunded@example.com')
    const disputed = await paidOrder([['ffr-10', 1]])
    // Orders left paid with a reversal on record (a race between a payment and its dispute,
    // or data from before the two were applied together).
    for (const [sessionId, report] of [
      [refunded, { fullyRefunded: true, refundedCents: 499 }],
      [disputed, { disputed: true }],
    ] as const) {
      const order = await findOrderBySession(t.db, sessionId)
      await t.db
        .insertInto('payment_reversals')
        .values({
          payment_ref: order?.payment_ref ?? '',
          refunded_cents: 'refundedCents' in report ? report.refundedCents : 0,
          fully_refunded_at: 'fullyRefunded' in report ? t.clock.now() : null,
          disputed_at: 'disputed' in report ? t.clock.now() : null,
          updated_at: t.clock.now(),
        })
        .execute()
    }
    // The poll, a redelivered event and the start-up sweep all end in the same place.
    t.clock.advance(t.deps.config.localPaymentDelayMs)
    expect((await getSession(t.app, refunded)).statusCode).toBe(410)
    expect(await fulfilCheckout(t.deps, disputed)).toBeUndefined()
    expect(await fulfilPaidOrders(t.deps)).toBe(0)
    for (const [sessionId, status] of [
      [refunded, 'refunded'],
      [disputed, 'disputed'],
    ] as const) {
      const order = await findOrderBySession(t.db, sessionId)
      expect(order?.status).toBe(status)
      expect(await findOrderCodes(t.db, order?.id ?? '')).toEqual([])
    }
  })
})
