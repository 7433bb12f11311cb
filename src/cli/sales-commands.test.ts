import { describe, expect, test } from 'vitest'
import { buyCodes, cartLine, payInFull, startCheckout } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { type TestContext, withTestApp } from '#test/test-app'
import { recordPayment } from '../core/checkout/order-payments'
import type { Order } from '../core/db/schema'
import type { PartRefunder } from '../core/refunds/partial-refund'
import type { ProviderRefund, Refunder } from '../core/refunds/refund-order'
import { recordReversal } from '../core/refunds/reversals'
import { showBuyers } from '../core/schedule/show-changes'
import { formatCode } from '../shared/code-format'
import type { OrderSummary } from '../shared/operator-views'
import { orderReference } from '../shared/order-reference'
import { runAdmin } from './admin'

const duringShow = '2026-11-22T22:30:00Z'

/** What the operator's refunds need of a payment provider. */
type Provider = Refunder & PartRefunder

/** Runs `npm run admin -- ...` against the test app's database and clock. */
async function admin(
  t: TestContext,
  argv: string[],
  extra: { confirm?: (question: string) => Promise<boolean>; payments?: Provider } = {},
) {
  const out = { log: [] as string[], error: [] as string[] }
  const code = await runAdmin(argv, {
    db: t.db,
    clock: t.clock,
    out: { log: (line) => out.log.push(line), error: (line) => out.error.push(line) },
    payments: () => extra.payments ?? t.payments,
    ...(extra.confirm ? { confirm: extra.confirm } : {}),
  })
  return { code, ...out, text: out.log.join('\n') }
}

function kiosk(t: TestContext, code: string) {
  return t.app.inject({
    method: 'GET',
    url: `/k/${code}`,
    headers: { 'x-forwarded-for': '203.0.113.9' },
  })
}

async function orderRow(t: TestContext, id: string): Promise<Order> {
  return t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

/** The buyer's bank disputes the order's payment, as Stripe's dispute event reports it. */
async function dispute(t: TestContext, orderId: string): Promise<void> {
  const order = await orderRow(t, orderId)
  await recordReversal(t.db, { paymentRef: order.payment_ref ?? '', disputed: true }, t.clock.now())
}

/** A 4.99 order paid 0.01 USD: flagged, not fulfilled. Returns its id. */
async function flaggedOrder(t: TestContext): Promise<string> {
  const sessionId = await startCheckout(t.app, [cartLine('boosts-5')])
  const payment = { at: t.clock.now(), ref: `pi_${sessionId}`, amountCents: 1, currency: 'usd' }
  return (await recordPayment(t.db, sessionId, payment))?.id ?? ''
}

async function mailsWithKey(t: TestContext, prefix: string) {
  return t.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('dedupe_key', 'like', `${prefix}%`)
    .execute()
}

describe.each(testDatabases)('refunds and the operator tools on $name', (database) => {
  const t = withTestApp(database, { now: duringShow, trustProxyHops: 1 })

  test('orders refund gives the money back once, voids the unredeemed codes and mails the buyer', async () => {
    t.clock.set(duringShow)
    const codes = await buyCodes(
      t,
      [
        ['boosts-5', 2],
        ['ffr-10', 1],
      ],
      'Refund.Me@example.com',
    )
    const orderId = codes[0]?.order_id ?? ''
    // One code was redeemed at the show before the fan asked for the refund: it stays redeemed.
    expect((await kiosk(t, codes[0]?.code ?? '')).json().status).toBe('redeemed')

    const refunds: Order[] = []
    const counting: Provider = {
      async refund(order): Promise<ProviderRefund> {
        refunds.push(order)
        return t.payments.refund(order)
      },
      refundPart: (order, part) => t.payments.refundPart(order, part),
    }
    const done = await admin(t, ['orders', 'refund', orderId, '--yes'], { payments: counting })
    expect(done.error).toEqual([])
    expect(done.code).toBe(0)
    expect(done.text).toBe(
      `Refunded $24.97 of order ${orderId}; 2 codes voided, and Refund.Me@example.com will get a mail.`,
    )
    expect(refunds).toHaveLength(1)

    const order = await orderRow(t, orderId)
    expect(order.status).toBe('refunded')
    expect(order.refunded_cents).toBe(order.total_cents)
    const rows = await t.db
      .selectFrom('codes')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('seq')
      .execute()
    expect(rows.map((row) => [row.redeemed_at !== null, row.void_reason])).toEqual([
      [true, null],
      [false, 'refund'],
      [false, 'refund'],
    ])
    // The kiosk now refuses the voided codes, and says why.
    const voided = (await kiosk(t, rows[1]?.code ?? '')).json()
    expect(voided.status).toBe('voided')

    // One refund mail, to the buyer, listing exactly the codes that stopped working.
    const mails = await mailsWithKey(t, `refund:${orderId}`)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.to_address).toBe('Refund.Me@example.com')
    expect(mails[0]?.text_body).toContain(formatCode(rows[1]?.code ?? ''))
    expect(mails[0]?.text_body).toContain(formatCode(rows[2]?.code ?? ''))
    expect(mails[0]?.text_body).not.toContain(formatCode(rows[0]?.code ?? ''))

    // Twice is refused, and the provider is not asked again.
    const again = await admin(t, ['orders', 'refund', orderId, '--yes'], { payments: counting })
    expect(again.code).toBe(1)
    expect(again.error[0]).toContain('cannot be refunded twice')
    expect(refunds).toHaveLength(1)
    expect(await mailsWithKey(t, `refund:${orderId}`)).toHaveLength(1)
  })

  test('after 7 days a refund is refused with the reason unless --force', async () => {
    t.clock.set(duringShow)
    const [code] = await buyCodes(t, [['boosts-5', 1]])
    const orderId = code?.order_id ?? ''
    t.clock.advance(7 * 24 * 60 * 60_000 + 60_000)
    const late = await admin(t, ['orders', 'refund', orderId, '--yes'])
    expect(late.code).toBe(1)
    expect(late.error).toEqual([
      expect.stringMatching(
        /was paid 7 days ago .*the policy allows refunds within 7 days\. Add --force/,
      ),
    ])
    expect((await orderRow(t, orderId)).status).toBe('fulfilled')

    const forced = await admin(t, ['orders', 'refund', orderId, '--yes', '--force'])
    expect(forced.code).toBe(0)
    expect((await orderRow(t, orderId)).status).toBe('refunded')
  })

  test('a refund asks first: no answer or "no" changes nothing, "yes" refunds', async () => {
    t.clock.set(duringShow)
    const [code] = await buyCodes(t, [['ffr-25', 1]], 'ask@example.com')
    const orderId = code?.order_id ?? ''

    const noTerminal = await admin(t, ['orders', 'refund', orderId])
    expect(noTerminal.code).toBe(1)
    expect(noTerminal.error).toEqual([
      'There is no terminal to confirm on: add --yes to refund without asking.',
    ])

    const questions: string[] = []
    const declined = await admin(t, ['orders', 'refund', orderId], {
      confirm: async (question) => {
        questions.push(question)
        return false
      },
    })
    expect(declined.code).toBe(0)
    expect(declined.text).toBe('Nothing refunded.')
    expect(questions[0]).toContain(`order ${orderId} (ask@example.com)`)
    expect((await orderRow(t, orderId)).status).toBe('fulfilled')

    const accepted = await admin(t, ['orders', 'refund', orderId], { confirm: async () => true })
    expect(accepted.code).toBe(0)
    expect((await orderRow(t, orderId)).status).toBe('refunded')
  })

  test('the question says how many codes were redeemed, read just before asking', async () => {
    t.clock.set(duringShow)
    const codes = await buyCodes(t, [['boosts-5', 3]], 'count@example.com')
    const orderId = codes[0]?.order_id ?? ''
    expect((await kiosk(t, codes[0]?.code ?? '')).json().status).toBe('redeemed')
    const questions: string[] = []
    await admin(t, ['orders', 'refund', orderId], {
      confirm: async (question) => {
        questions.push(question)
        return false
      },
    })
    expect(questions[0]).toContain(
      '1 of its 3 codes was redeemed at the show and stays redeemed; the other 2 are voided.',
    )
  })

  test('a code redeemed while the operator decides stops the refund: nothing is refunded', async () => {
    t.clock.set(duringShow)
    const codes = await buyCodes(t, [['boosts-5', 2]], 'race@example.com')
    const orderId = codes[0]?.order_id ?? ''
    const refunds: Order[] = []
    const counting: Provider = {
      async refund(order) {
        refunds.push(order)
        return t.payments.refund(order)
      },
      refundPart: (order, part) => t.payments.refundPart(order, part),
    }
    const answered = await admin(t, ['orders', 'refund', orderId], {
      payments: counting,
      confirm: async () => {
        // A fan redeems a code at the show while the question is on screen.
        expect((await kiosk(t, codes[1]?.code ?? '')).json().status).toBe('redeemed')
        return true
      },
    })
    expect(answered.code).toBe(1)
    expect(answered.error[0]).toMatch(
      /redeemed while you decided.*1 of its 2 codes.*run the command again/i,
    )
    expect(refunds).toEqual([])
    expect((await orderRow(t, orderId)).status).toBe('fulfilled')
  })

  test('an order whose codes were all redeemed is refunded only with --force', async () => {
    t.clock.set(duringShow)
    const codes = await buyCodes(t, [['boosts-5', 2]], 'used@example.com')
    const orderId = codes[0]?.order_id ?? ''
    for (const code of codes) expect((await kiosk(t, code.code)).json().status).toBe('redeemed')
    const refused = await admin(t, ['orders', 'refund', orderId, '--yes'])
    expect(refused.code).toBe(1)
    expect(refused.error).toEqual([
      `All 2 codes of order ${orderId} were redeemed at the show: the goods were used. Add --force to refund it anyway.`,
    ])
    expect((await orderRow(t, orderId)).status).toBe('fulfilled')
    const forced = await admin(t, ['orders', 'refund', orderId, '--yes', '--force'])
    expect(forced.code).toBe(0)
    expect((await orderRow(t, orderId)).status).toBe('refunded')
  })

  test('refusals: an unknown order, an unpaid one, a provider that fails changes nothing', async () => {
    t.clock.set(duringShow)
    expect((await admin(t, ['orders', 'refund', 'ord_nope', '--yes'])).error).toEqual([
      'There is no order ord_nope.',
    ])
    const [code] = await buyCodes(t, [['boosts-5', 1]])
    const orderId = code?.order_id ?? ''
    const failing: Provider = {
      refund: async () => {
        throw new Error('card network unreachable')
      },
      refundPart: async () => {
        throw new Error('card network unreachable')
      },
    }
    const failed = await admin(t, ['orders', 'refund', orderId, '--yes'], { payments: failing })
    expect(failed.code).toBe(1)
    expect(failed.error).toEqual([
      `The payment provider did not refund order ${orderId}: card network unreachable`,
    ])
    expect((await orderRow(t, orderId)).status).toBe('fulfilled')
    expect((await kiosk(t, code?.code ?? '')).json().status).toBe('redeemed')
  })

  test('orders refund --unused refunds the unused codes alone after saying what it will do; the redeemed keep counting and the fan is mailed', async () => {
    t.clock.set(duringShow)
    const codes = await buyCodes(t, [['boosts-5', 3]], 'part.cli@example.com')
    const orderId = codes[0]?.order_id ?? ''
    // The fan redeems the first code at the show.
    expect((await kiosk(t, codes[0]?.code ?? '')).json().status).toBe('redeemed')
    const [used, two, three] = codes.map((c) => formatCode(c.code))
    const asked: string[] = []
    const done = await admin(t, ['orders', 'refund', orderId, '--unused'], {
      confirm: async (question) => {
        asked.push(question)
        return true
      },
    })
    expect(done.error).toEqual([])
    expect(asked).toEqual([
      `Refund $9.98 of order ${orderId} (part.cli@example.com), of $14.97 left to refund? Voided: ${two}, ${three}. No unused code stays working. [y/N] `,
    ])
    expect(done.text).toBe(
      `Refunded $9.98 of order ${orderId} ($9.98 refunded in all); 2 codes voided, and part.cli@example.com will get a mail.`,
    )
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'fulfilled', refunded_cents: 998 })
    expect((await kiosk(t, codes[1]?.code ?? '')).json().status).toBe('voided')
    const [mail] = await mailsWithKey(t, 'refund-part:')
    expect(mail?.to_address).toBe('part.cli@example.com')
    expect(mail?.text_body).toContain(two)
    expect(mail?.text_body).not.toContain(used)

    // The redeemed code, or an amount, needs the host's choice; once chosen, it is refunded.
    const refused = await admin(t, ['orders', 'refund', orderId, '--codes', used ?? '', '--yes'])
    expect(refused.error).toEqual([
      `Code ${used} of order ${orderId} was redeemed at the show: refund it only if you choose to refund redeemed codes too. (--include-redeemed)`,
    ])
    const over = await admin(t, ['orders', 'refund', orderId, '--amount', '3.00', '--yes'])
    expect(over.code).toBe(1)
    expect(over.error[0]).toContain('would refund codes redeemed at the show')
    const chosen = await admin(t, [
      'orders',
      'refund',
      orderId,
      '--amount',
      '2.00',
      '--include-redeemed',
      '--yes',
    ])
    expect(chosen.text).toBe(
      `Refunded $2.00 of order ${orderId} ($11.98 refunded in all); 0 codes voided, and part.cli@example.com will get a mail.`,
    )
    expect((await kiosk(t, codes[0]?.code ?? '')).json().status).not.toBe('voided')
    const audit = await admin(t, ['audit', 'list'])
    expect(audit.text).toContain(
      `Refunded $2.00 of order ${orderReference(orderId)} (part, redeemed codes chosen)`,
    )
  })

  test('orders refund takes one of --unused, --codes and --amount, a readable amount, and says no before asking', async () => {
    t.clock.set(duringShow)
    const [code] = await buyCodes(t, [['boosts-5', 2]], 'part.bad@example.com')
    const orderId = code?.order_id ?? ''
    const both = await admin(t, ['orders', 'refund', orderId, '--unused', '--amount', '1'])
    expect(both.error).toEqual(['orders refund takes one of --unused, --codes and --amount.'])
    const bad = await admin(t, ['orders', 'refund', orderId, '--amount', 'five'])
    expect(bad.error).toEqual(['Bad --amount "five": write dollars and cents, e.g. --amount 5.00.'])
    const whole = await admin(t, ['orders', 'refund', orderId, '--include-redeemed', '--yes'])
    expect(whole.code).toBe(1)
    let asked = false
    const tooMuch = await admin(t, ['orders', 'refund', orderId, '--amount', '50'], {
      confirm: async () => {
        asked = true
        return true
      },
    })
    expect(tooMuch.error).toEqual([
      `Order ${orderId} has $9.98 left to refund: $50.00 cannot be refunded.`,
    ])
    expect(asked).toBe(false)
    const declined = await admin(t, ['orders', 'refund', orderId, '--amount', '1'], {
      confirm: async () => false,
    })
    expect(declined.text).toBe('Nothing refunded.')
    expect(await orderRow(t, orderId)).toMatchObject({ refunded_cents: 0 })
  })

  test('events edit --start and events remove --refund|--next tell every buyer; a removal with unused codes needs the choice', async () => {
    t.clock.set('2026-11-22T20:00:00Z')
    const codes = await buyCodes(t, [['boosts-5', 1]], 'moved.cli@example.com')
    const order = await orderRow(t, codes[0]?.order_id ?? '')
    const showId = order.show_id ?? ''

    const moved = await admin(t, ['events', 'edit', showId, '--start', '2026-11-22 17:30'])
    expect(moved.error).toEqual([])
    // Other tests' buyers of the same show are mailed too: each address once.
    const buyers = (await showBuyers(t.db, showId)).length
    expect(moved.text).toMatch(new RegExp(`^Updated .*; ${buyers} buyers? mailed$`))
    const movedMails = await mailsWithKey(t, `show-moved:${showId}:`)
    expect(movedMails.filter((m) => m.to_address === 'moved.cli@example.com')).toHaveLength(1)
    expect(movedMails).toHaveLength(buyers)

    const refused = await admin(t, ['events', 'remove', showId])
    expect(refused.code).toBe(1)
    expect(refused.error[0]).toContain('choose whether their orders are refunded')
    expect(await admin(t, ['events', 'remove', showId, '--refund', '--next'])).toMatchObject({
      error: ['Choose one: --refund or --next.'],
    })
    const removed = await admin(t, ['events', 'remove', showId, '--next'])
    expect(removed.error).toEqual([])
    expect(removed.text).toMatch(/^Removed .*; \d+ buyers? mailed; codes moved to .+$/)
    const cancelled = await mailsWithKey(t, `show-cancelled:${showId}:`)
    expect(cancelled.filter((m) => m.to_address === 'moved.cli@example.com')).toHaveLength(1)
    const after = await orderRow(t, order.id)
    expect(after.show_id).not.toBe(showId)
    expect((await kiosk(t, codes[0]?.code ?? '')).json().status).not.toBe('voided')
  })

  test('orders list and show, as text and as JSON for scripts', async () => {
    t.clock.set('2026-11-22T20:00:00Z')
    const first = await buyCodes(t, [['boosts-15', 1]], 'list.fan@example.com')
    t.clock.set(duringShow)
    const second = await buyCodes(t, [['ffr-10', 2]], 'LIST.fan@example.com')
    await buyCodes(t, [['boosts-5', 1]], 'someone.else@example.com')
    await kiosk(t, `${second[0]?.code}0`)

    const listed = await admin(t, ['orders', 'list', '--email', 'list.fan@example.com', '--json'])
    expect(listed.code).toBe(0)
    const orders = JSON.parse(listed.text) as OrderSummary[]
    expect(orders.map((o) => o.id)).toEqual([second[0]?.order_id, first[0]?.order_id])
    expect(orders[0]).toMatchObject({
      status: 'fulfilled',
      totalCents: 2 * 1499,
      email: 'LIST.fan@example.com',
      createdAt: duringShow.replace('Z', '.000Z'),
    })
    expect(orders[0]?.codes.map((c) => [c.code, c.state, c.anonymous])).toEqual([
      [formatCode(second[0]?.code ?? ''), 'redeemed', true],
      [formatCode(second[1]?.code ?? ''), 'unused', null],
    ])

    // --since in Central time: 2026-11-22 15:00 CT is 21:00 UTC, after the first order.
    const since = await admin(t, [
      'orders',
      'list',
      '--email',
      'list.fan@example.com',
      '--since',
      '2026-11-22 15:00',
      '--json',
    ])
    expect((JSON.parse(since.text) as OrderSummary[]).map((o) => o.id)).toEqual([
      second[0]?.order_id,
    ])

    const text = await admin(t, ['orders', 'list', '--email', 'list.fan@example.com'])
    expect(text.log.at(-1)).toBe('2 orders.')
    expect(text.log[0]).toContain(`${second[0]?.order_id}`)
    expect(text.log[0]).toContain('2 codes (1 redeemed)')

    const shown = await admin(t, ['orders', 'show', second[0]?.order_id ?? '', '--json'])
    const order = JSON.parse(shown.text) as OrderSummary
    expect(order).toMatchObject({ id: second[0]?.order_id, status: 'fulfilled', totalCents: 2998 })
    expect(order.items).toEqual([
      { productId: 'ffr-10', name: expect.any(String), unitCents: 1499, quantity: 2 },
    ])
    expect(order.paymentRef).toBeTruthy()

    const detail = await admin(t, ['orders', 'show', second[0]?.order_id ?? ''])
    expect(detail.text).toContain(`${formatCode(second[0]?.code ?? '')}`)
    expect(detail.text).toContain('anonymous gift')
    expect(detail.text).toContain('total      $29.98')

    expect((await admin(t, ['orders', 'show', 'ord_missing'])).error).toEqual([
      'There is no order ord_missing.',
    ])
    expect((await admin(t, ['orders', 'list', '--email', 'nope'])).error[0]).toContain(
      'Bad --email',
    )
    expect((await admin(t, ['orders', 'list', '--since', 'yesterday'])).error[0]).toContain(
      'Bad date',
    )
    expect((await admin(t, ['orders', 'show', 'a', '--force'])).error[0]).toContain(
      'does not take --force',
    )
  })

  test('codes show and codes resend', async () => {
    t.clock.set(duringShow)
    const [code] = await buyCodes(t, [['ffr-50', 1]], 'resend.me@example.com')
    const typed = formatCode(code?.code ?? '').toLowerCase()
    const shown = await admin(t, ['codes', 'show', typed])
    expect(shown.code).toBe(0)
    expect(shown.log[0]).toContain(formatCode(code?.code ?? ''))
    expect(shown.text).toContain('state      unused')
    expect(shown.text).toContain(`order      ${code?.order_id} (fulfilled), resend.me@example.com`)
    expect((await admin(t, ['codes', 'show', 'XX'])).error[0]).toContain('is not a code')
    expect((await admin(t, ['codes', 'show', 'ABCDE-FGHJK'])).error).toEqual([
      'There is no code ABCDE-FGHJK.',
    ])

    const resent = await admin(t, [
      'codes',
      'resend',
      code?.order_id ?? '',
      '--to',
      'new.address@example.com',
    ])
    expect(resent.code).toBe(0)
    const mails = await mailsWithKey(t, `codes-resend:${code?.order_id}`)
    expect(mails.map((m) => m.to_address)).toEqual(['new.address@example.com'])
    expect(mails[0]?.text_body).toContain(formatCode(code?.code ?? ''))
  })

  test('shows report: per product sold, redeemed, anonymous, voided, taken and refunded', async () => {
    // A show of its own, so the other tests' orders do not count.
    t.clock.set('2026-11-29T22:10:00Z')
    const a = await buyCodes(t, [
      ['boosts-5', 3],
      ['ffr-10', 1],
    ])
    const b = await buyCodes(t, [['boosts-5', 1]])
    await kiosk(t, a[0]?.code ?? '')
    await kiosk(t, `${a[1]?.code}0`)
    await kiosk(t, a[3]?.code ?? '')
    expect((await admin(t, ['orders', 'refund', b[0]?.order_id ?? '', '--yes'])).code).toBe(0)

    const forShow = JSON.parse(
      (await admin(t, ['orders', 'list', '--show', 'regular-20261129T2200Z', '--json'])).text,
    ) as OrderSummary[]
    expect(forShow.map((o) => o.id).sort()).toEqual([a[0]?.order_id, b[0]?.order_id].sort())

    const report = JSON.parse((await admin(t, ['shows', 'report', '--json'])).text)
    expect(report.show.id).toBe('regular-20261129T2200Z')
    expect(report.orders).toBe(2)
    expect(report.refundedOrders).toBe(1)
    const byProduct = Object.fromEntries(
      report.lines.map((l: { productId: string }) => [l.productId, l]),
    )
    expect(byProduct['boosts-5']).toMatchObject({
      sold: 4,
      redeemed: 2,
      anonymous: 1,
      voided: 1,
      takenCents: 4 * 499,
      refundedCents: 499,
    })
    expect(byProduct['ffr-10']).toMatchObject({
      sold: 1,
      redeemed: 1,
      anonymous: 0,
      voided: 0,
      takenCents: 1499,
      refundedCents: 0,
    })
    expect(report.totals).toMatchObject({
      sold: 5,
      redeemed: 3,
      takenCents: 4 * 499 + 1499,
      refundedCents: 499,
    })

    const text = await admin(t, ['shows', 'report', '--show', 'regular-20261129T2200Z'])
    expect(text.text).toContain('2 orders, 1 refunded, 0 disputed')
    expect(text.log.at(-1)).toMatch(/^Total\s+5\s+3\s+1\s+1\s+\$34\.95\s+\$4\.99\s+\$0\.00$/)
    expect((await admin(t, ['shows', 'report', '--show', 'evt-none'])).error[0]).toContain(
      'has no orders',
    )
  })

  test('shows report: a disputed order is money held by the bank, not money taken', async () => {
    t.clock.set('2026-12-06T22:10:00Z')
    const kept = await buyCodes(t, [['boosts-5', 1]])
    const [disputed] = await buyCodes(t, [['ffr-10', 1]])
    await dispute(t, disputed?.order_id ?? '')

    const report = JSON.parse((await admin(t, ['shows', 'report', '--json'])).text)
    expect(report.show.id).toBe('regular-20261206T2200Z')
    expect(report.disputedOrders).toBe(1)
    expect(report.totals).toMatchObject({ takenCents: 499, disputedCents: 1499, refundedCents: 0 })
    const text = await admin(t, ['shows', 'report'])
    expect(text.log).toContainEqual(
      expect.stringMatching(/^Product\s.*\sTaken\s+Refunded\s+Disputed$/),
    )
    expect(text.log.at(-1)).toMatch(/^Total\s+2\s+0\s+0\s+1\s+\$4\.99\s+\$0\.00\s+\$14\.99$/)
    expect(kept).toHaveLength(1)
  })

  test('orders list --attention: flagged, disputed and paid orders that have no codes yet', async () => {
    t.clock.set('2026-12-08T12:00:00Z')
    const [disputed] = await buyCodes(t, [['boosts-5', 1]])
    await dispute(t, disputed?.order_id ?? '')
    const flagged = await flaggedOrder(t)
    const unfulfilled = await startCheckout(t.app, [cartLine('ffr-10')])
    await payInFull(t.db, unfulfilled, t.clock.now())
    await buyCodes(t, [['boosts-15', 1]]) // fulfilled: nothing to look at

    const listed = JSON.parse(
      (await admin(t, ['orders', 'list', '--attention', '--since', '2026-12-08', '--json'])).text,
    ) as OrderSummary[]
    const bySession = async (sessionId: string) =>
      (
        await t.db
          .selectFrom('orders')
          .select('id')
          .where('session_id', '=', sessionId)
          .executeTakeFirstOrThrow()
      ).id
    expect(listed.map((o) => o.id).sort()).toEqual(
      [disputed?.order_id, flagged, await bySession(unfulfilled)].sort(),
    )
    expect(listed.map((o) => o.status).sort()).toEqual(['disputed', 'flagged', 'paid'])
  })

  test('orders show says why a flagged order was not fulfilled', async () => {
    const shown = await admin(t, ['orders', 'show', await flaggedOrder(t)])
    expect(shown.log).toContain(
      '  flagged    not fulfilled: the provider took 0.01 USD, the order is 4.99 USD',
    )
  })
})
