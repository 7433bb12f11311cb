import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cartLine, getSession, payWithCard, startCheckout } from '#test/checkout'
import { type OpenTestDatabase, testDatabases } from '#test/databases'
import { memberTestLimits, signInAsMember } from '#test/member-page'
import { type StripeStandIn, startStripeStandIn } from '#test/stripe-stand-in'
import { buildTestApp, type TestApp, testPublicUrl, withTestApp } from '#test/test-app'
import { maskToken } from '../../core/redact'
import { formatCode } from '../../shared/code-format'
import { createStripeProvider } from '../adapters/payments/stripe-provider'
import { createLogger, redactUrl } from './logging'

test('a logged address keeps its shape and loses its secrets', () => {
  expect(redactUrl('/api/get-session?session_id=cs_local_abcdefghijklmnopqrstuvwx')).toBe(
    '/api/get-session?session_id=***',
  )
  expect(redactUrl('/api/kiosk/redeem?code=ABCDE-FGH23&x=1')).toBe(
    '/api/kiosk/redeem?code=***&x=***',
  )
  expect(redactUrl('/k/ABCDEFGH23')).toBe('/k/ABC…')
  expect(redactUrl('/K/abcde-fgh230/')).toBe('/K/abc…/')
  expect(redactUrl('/pay/cs_local_abcdefghijklmnopqrstuvwx')).toBe('/pay/cs_local…')
  expect(redactUrl('/store')).toBe('/store')
  expect(maskToken('short')).toBe('***')
})

test('a test subscription id is masked wherever the address has it, escaped or not', () => {
  const id = 'sub_local_abcdefghijklmnopqrstuvwx'
  expect(redactUrl(`/pay/membership/${id}`)).toBe('/pay/membership/sub_loca…')
  expect(redactUrl(`/pay/membership/${id}/manage/card`)).toBe(
    '/pay/membership/sub_loca…/manage/card',
  )
  expect(redactUrl(`/pay/membership/${id.replaceAll('_', '%5F')}/manage`)).toBe(
    '/pay/membership/sub_loca…/manage',
  )
  expect(redactUrl(`/anywhere/${id}?${id}=1`)).toBe('/anywhere/sub_loca…?sub_loca…=***')
  expect(redactUrl('/pay/membership/%zz')).toBe('/pay/membership/%zz')
})

test('every line the logger writes has its checkout session and test subscription ids masked', () => {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const log = createLogger({ level: 'info', format: 'json', stream })
  const ids = [
    'sub_local_abcdefghijklmnopqrstuvwx',
    'cs_local_abcdefghijklmnopqrstuvwx',
    'cs_test_a1B2c3D4e5F6g7H8i9J0',
    'cs_live_a1B2c3D4e5F6g7H8i9J0',
  ]
  log.error({ err: new Error(`No such subscription: '${ids[0]}'`) }, `failed for ${ids[1]}`)
  log.info({ session: ids[2], again: `${ids[3]}:invoice-1` }, 'provider answered')
  const text = lines.join('')
  expect(text).toContain('No such subscription')
  expect(text).toContain('sub_loca…')
  expect(text).toContain('cs_test_…')
  for (const id of ids) {
    expect(text).not.toContain(id)
    expect(text).not.toContain(id.slice(10))
  }
})

describe.each(testDatabases)('what the request log says on $name', (database) => {
  const lines: string[] = []
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const t = withTestApp(database, { logStream, localPaymentDelayMs: 0 })

  test('a whole purchase and a redemption leave no session id, code, card number or email in it', async () => {
    const email = 'secret.fan@example.com'
    const sessionId = await startCheckout(t.app, [cartLine('ffr-10', 2)], email)
    await t.app.inject({ url: `/pay/${sessionId}` })
    await payWithCard(t.app, sessionId, '4242 4242 4242 4242')
    const session = await getSession(t.app, sessionId)
    expect(session.statusCode).toBe(200)
    const codes: string[] = session.json().codes.map((c: { code: string }) => c.code)
    await t.app.inject({ url: `/k/${codes[0]}` })
    await t.app.inject({ url: `/api/kiosk/redeem?code=${codes[1]}0` })
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Fan', email, message: 'Hello' },
    })

    const log = lines.join('')
    // The log is there: one line per request and answer, with the path.
    expect(log).toContain('"url":"/api/get-session?session_id=***"')
    expect(log).toContain('"url":"/k/')
    expect(log).toContain('"url":"/pay/cs_local…"')
    expect(log).not.toContain(sessionId)
    expect(log).not.toContain(sessionId.slice(9))
    for (const code of codes) {
      expect(log).not.toContain(code)
      expect(log).not.toContain(code.replace('-', ''))
      expect(log).not.toContain(formatCode(code.replace('-', '')).toLowerCase())
    }
    // Not a digit of the card, outside the log's own measures: a clock or a response time in
    // milliseconds (2.8579179999942426) holds any four digits now and then.
    const words = log.replace(/"(?:time|responseTime|pid)":[\d.]+/g, '')
    expect(words).toContain('"reqId"')
    expect(words).not.toMatch(/4242/)
    expect(log).not.toContain(email)
    expect(log).not.toContain('secret.fan')
    // No client address either: the rate limits key on its keyed hash.
    expect(log).not.toContain('remoteAddress')
    expect(log).not.toContain('127.0.0.1')
  })
})

describe.each(testDatabases)(
  'what the log says of a test checkout membership on $name',
  (database) => {
    const lines: string[] = []
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const t = withTestApp(database, {
      logStream,
      memberships: 'open',
      rateLimitMax: memberTestLimits,
    })

    test('joining, the pay page and managing leave no subscription id in it', async () => {
      const email = 'log.member@example.com'
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/memberships/checkout',
        payload: { tier: 'membership-1', email },
      })
      const path = joined.json<{ url: string }>().url.slice(testPublicUrl.length)
      const subscription = path.split('/').pop() ?? ''
      expect(subscription).toMatch(/^sub_local_/)
      await t.app.inject({ url: path })
      const paid = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'card_number=4242+4242+4242+4242',
      })
      expect(paid.statusCode).toBe(303)
      await t.app.inject({ url: path })
      const member = await signInAsMember(t.app, t.db, email)
      const manage = `${path}/manage`
      expect(
        (await t.app.inject({ url: manage, headers: { cookie: member.cookie } })).statusCode,
      ).toBe(200)
      // Without the session: refused, and logged all the same.
      await t.app.inject({ url: manage })
      const cancel = await t.app.inject({
        method: 'POST',
        url: `${manage}/cancel`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: member.cookie },
        payload: `action=cancel&csrf_token=${encodeURIComponent(member.csrfToken)}`,
      })
      expect(cancel.statusCode).toBe(303)
      await t.app.inject({ url: `/pay/membership/${subscription.replaceAll('_', '%5F')}/manage` })

      const log = lines.join('')
      expect(log).toContain('"url":"/pay/membership/sub_loca…"')
      expect(log).toContain('"url":"/pay/membership/sub_loca…/manage"')
      expect(log).toContain('"url":"/pay/membership/sub_loca…/manage/cancel"')
      expect(log).not.toContain(subscription)
      expect(log).not.toContain(subscription.slice(10))
      expect(log).not.toContain('"url":"/pay/members…')
      expect(log).not.toContain(email)
      expect(log).not.toContain(member.csrfToken)
    })
  },
)

describe.each(testDatabases)('what the log says of Stripe on $name', (database) => {
  const lines: string[] = []
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  let standIn: StripeStandIn
  let opened: OpenTestDatabase
  let t: TestApp
  beforeAll(async () => {
    opened = await database.open()
    standIn = await startStripeStandIn()
    t = await buildTestApp(opened.db, {
      logStream,
      payments: (deps) =>
        createStripeProvider({
          ...deps,
          stripe: { secretKey: 'sk_test_standin', webhookSecret: 'whsec_x', apiUrl: standIn.url },
          maxNetworkRetries: 0,
        }),
    })
  })
  afterAll(async () => {
    await t?.app.close()
    await standIn?.close()
    await opened?.close()
  })

  test('a failed read of a Stripe session logs the order, not the session id', async () => {
    const sessionId = await startCheckout(t.app, [cartLine('boosts-5')], 'stripe.fan@example.com')
    expect(sessionId).toMatch(/^cs_test_/)
    // Stripe no longer knows the session: its error names the id asked for.
    standIn.sessions.delete(sessionId)
    expect((await getSession(t.app, sessionId)).statusCode).toBe(202)
    const log = lines.join('')
    expect(log).toContain('payments: could not read the session')
    expect(log).toContain('No such checkout.session')
    expect(log).toContain(maskToken(sessionId))
    expect(log).not.toContain(sessionId)
    expect(log).not.toContain(sessionId.slice(8))
    expect(log).not.toContain('stripe.fan')
  })
})
