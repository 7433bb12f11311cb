import { Writable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { cartLine, getSession, payWithCard, startCheckout } from '#test/checkout'
import { testDatabases, withTestApp } from '#test/test-app'
import { maskToken } from '../../core/redact'
import { formatCode } from '../../shared/code-format'
import { redactUrl } from './logging'

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
    expect(log).not.toMatch(/4242/)
    expect(log).not.toContain(email)
    expect(log).not.toContain('secret.fan')
    // No client address either: the rate limits key on its keyed hash.
    expect(log).not.toContain('remoteAddress')
    expect(log).not.toContain('127.0.0.1')
  })
})
