import { describe, expect, test } from 'vitest'
import { buyCodes } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { describeWithRedis, withSharedRedis } from '#test/redis'
import { type TestApp, type TestContext, withTestApp } from '#test/test-app'
import { runMailWorker } from '../../core/mail-worker'
import { rateLimits } from '../../core/rate-limits'
import { resendMessages } from '../../core/resend/resend-texts'
import { formatCode } from '../../shared/code-format'

const duringShow = '2026-11-22T22:30:00Z'
let nextClient = 1

function resend(t: TestApp, body: unknown, client = `198.51.100.${nextClient++}`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/resend-codes',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** What the mail worker does when the route kicks it (the test app only counts the kicks). */
function runWorker(t: TestApp) {
  return runMailWorker(t.deps.db, t.mailer, t.clock)
}

/** The SQL of every query the app runs, without parameters. */
const queries: string[] = []
const readsOrders = (sql: string) => /\borders\b/.test(sql)

function resendMails(t: { db: TestContext['db'] }) {
  return t.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('dedupe_key', 'like', 'resend:%')
    .orderBy('id')
    .execute()
}

describe.each(testDatabases)('resend my codes on $name', (database) => {
  const t = withTestApp(database, {
    now: duringShow,
    trustProxyHops: 1,
    onQuery: (sql) => queries.push(sql),
  })

  test('a buyer and a stranger get the same answer; only the buyer gets a mail, with every code and its state', async () => {
    t.clock.set('2026-11-20T18:00:00Z')
    const older = await buyCodes(t, [['boosts-5', 1]], 'lost.tab@example.com')
    t.clock.set(duringShow)
    const newer = await buyCodes(t, [['ffr-25', 2]], 'lost.tab@example.com')
    // Redeemed at the kiosk as an anonymous gift before the fan lost the tab.
    await t.app.inject({
      url: `/k/${newer[0]?.code}0`,
      headers: { 'x-forwarded-for': '203.0.113.7' },
    })
    await buyCodes(t, [['boosts-15', 1]], 'other.fan@example.com')
    const before = (await resendMails(t)).length

    const buyer = await resend(t, { email: '  LOST.TAB@example.com ' })
    const stranger = await resend(t, { email: 'never.bought@example.com' })
    for (const response of [buyer, stranger]) {
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ message: resendMessages.sent })
    }
    expect(stranger.body).toBe(buyer.body)
    expect(stranger.headers['content-type']).toBe(buyer.headers['content-type'])

    await runWorker(t)
    const mails = (await resendMails(t)).slice(before)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail?.to_address).toBe('LOST.TAB@example.com')
    const text = mail?.text_body ?? ''
    for (const code of [...older, ...newer]) expect(text).toContain(formatCode(code.code))
    expect(text).toMatch(
      new RegExp(`${formatCode(newer[0]?.code ?? '')}  .*: redeemed .*\\(anonymously\\)`),
    )
    expect(text).toMatch(
      new RegExp(`${formatCode(newer[1]?.code ?? '')}  .*: not used yet, valid until`),
    )
    // Newest order first; another buyer's codes never appear.
    expect(text.indexOf(formatCode(newer[1]?.code ?? ''))).toBeLessThan(
      text.indexOf(formatCode(older[0]?.code ?? '')),
    )
    expect(mail?.html_body).toContain(formatCode(older[0]?.code ?? ''))
    // Each order's show links to its page.
    expect(text).toContain('%PUBLIC_URL%/shows/regular-20261122T2200Z')
    expect(t.mailKicks.count).toBeGreaterThan(0)
  })

  test('orders older than 30 days, and unpaid ones, are not mailed again', async () => {
    t.clock.set('2026-10-01T18:00:00Z')
    await buyCodes(t, [['boosts-5', 1]], 'long.ago@example.com')
    await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        items: [{ id: 'boosts-5', name: '5 Boosts', price: 4.99, quantity: 1 }],
        email: 'long.ago@example.com',
      }),
    })
    t.clock.set(duringShow)
    const before = (await resendMails(t)).length
    expect((await resend(t, { email: 'long.ago@example.com' })).json()).toEqual({
      message: resendMessages.sent,
    })
    await runWorker(t)
    expect((await resendMails(t)).length).toBe(before)
  })

  test('a malformed address is a 400 with a message, and nothing is queued', async () => {
    const before = (await resendMails(t)).length
    for (const body of [
      { email: 'not-an-address' },
      { email: '' },
      {},
      { email: 'a@b.c\u0000' },
      '{"email":',
      'null',
    ]) {
      const response = await resend(t, body)
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBeTruthy()
    }
    expect((await resend(t, { email: 'nope' })).json()).toEqual({
      message: resendMessages.badEmail,
    })
    expect(await t.db.selectFrom('resend_requests').selectAll().execute()).toEqual([])
    await runWorker(t)
    expect((await resendMails(t)).length).toBe(before)
  })

  test('limited per address (from any client) and per client (for any address)', async () => {
    t.clock.set(duringShow)
    await buyCodes(t, [['boosts-5', 1]], 'flooded@example.com')
    const before = (await resendMails(t)).length
    for (let i = 0; i < rateLimits.resendCodesPerAddress.max; i++) {
      expect((await resend(t, { email: 'flooded@example.com' })).statusCode).toBe(200)
    }
    const limited = await resend(t, { email: 'Flooded@example.com' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ message: resendMessages.tooMany })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // Asked three times within a minute: one mail.
    await runWorker(t)
    expect((await resendMails(t)).length).toBe(before + 1)

    const client = '192.0.2.77'
    for (let i = 0; i < rateLimits.resendCodes.max; i++) {
      expect((await resend(t, { email: `someone${i}@example.com` }, client)).statusCode).toBe(200)
    }
    expect((await resend(t, { email: 'one.more@example.com' }, client)).statusCode).toBe(429)

    // An hour later both windows are over, and the new request is a new mail.
    t.clock.advance(rateLimits.resendCodes.windowMs)
    expect((await resend(t, { email: 'flooded@example.com' }, client)).statusCode).toBe(200)
    await runWorker(t)
    expect((await resendMails(t)).length).toBe(before + 2)
  })

  test('the answer is sent before any order is looked up, after the same queries for a buyer and a stranger; the mail worker looks them up afterwards', async () => {
    t.clock.set(duringShow)
    await buyCodes(t, [['boosts-5', 1]], 'quick.answer@example.com')
    await runWorker(t)
    const sentBefore = t.mailer.sent.length
    const kicksBefore = t.mailKicks.count

    queries.length = 0
    const buyer = await resend(t, { email: 'quick.answer@example.com' })
    const untilBuyerAnswered = queries.splice(0)
    const stranger = await resend(t, { email: 'not.a.buyer@example.com' })
    const untilStrangerAnswered = queries.splice(0)
    expect(stranger.body).toBe(buyer.body)
    // The request is recorded, and nothing about orders is read before the answer.
    expect(untilBuyerAnswered.length).toBeGreaterThan(0)
    expect(untilBuyerAnswered.filter(readsOrders)).toEqual([])
    expect(untilStrangerAnswered).toEqual(untilBuyerAnswered)
    expect(t.mailKicks.count).toBe(kicksBefore + 2)

    // The kicked worker looks both up: the buyer gets the mail, the stranger none, and neither
    // address is kept once answered.
    await runWorker(t)
    expect(queries.some(readsOrders)).toBe(true)
    expect(t.mailer.sent.slice(sentBefore).map((mail) => mail.to)).toEqual([
      'quick.answer@example.com',
    ])
    expect(await t.db.selectFrom('resend_requests').selectAll().execute()).toEqual([])
  })
})

describeWithRedis('resend my codes with Redis', () => {
  const shared = withSharedRedis()

  test('the per-address limit holds across processes sharing Redis', async () => {
    const apps = await shared.apps(2, { now: duringShow, trustProxyHops: 1 })
    const statuses: number[] = []
    for (let i = 0; i <= rateLimits.resendCodesPerAddress.max; i++) {
      const app = apps[i % 2]
      if (!app) throw new Error('no app')
      statuses.push((await resend(app, { email: 'shared@example.com' })).statusCode)
    }
    expect(statuses).toEqual([...Array(rateLimits.resendCodesPerAddress.max).fill(200), 429])
  })
})
