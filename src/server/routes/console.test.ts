import { describe, expect, test } from 'vitest'
import { buyCodes } from '#test/checkout'
import {
  consoleAction,
  mailedSignInToken,
  mailedSignInTokens,
  signInToConsole,
} from '#test/console'
import { testDatabases } from '#test/databases'
import { buildTestApp, withTestApp } from '#test/test-app'
import { signInLinkLifetimeMs } from '../../core/console/console-sign-in'
import { consoleApi, consoleMessages, csrfHeader } from '../../shared/console'

const host = 'host@example.com'

describe.each(testDatabases)('the console on $name', (database) => {
  const t = withTestApp(database, {
    now: '2026-11-22T22:30:00Z',
    adminEmails: [host, 'cohost@example.com'],
    trustProxyHops: 1,
  })
  let client = 1
  const newClient = () => `10.9.${client >> 8}.${client++ & 255}`
  const ask = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: consoleApi.signIn,
      headers: { 'x-forwarded-for': newClient(), ...headers },
      payload: { email },
    })
  const complete = (token: string) =>
    t.app.inject({ method: 'POST', url: consoleApi.signInComplete, payload: { token } })

  test('a host asks for a link, gets it by mail, and signs in with it once', async () => {
    const answer = await ask(host)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ message: consoleMessages.linkSent })
    const token = await mailedSignInToken(t.db, host)
    expect(token).toMatch(/^[\w-]{43}$/)

    const first = await complete(token ?? '')
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ email: host, csrfToken: expect.any(String) })
    const cookie = String(first.headers['set-cookie'])
    expect(cookie).toMatch(
      /^punchline-console=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/,
    )

    const again = await complete(token ?? '')
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ message: consoleMessages.linkUnusable })
  })

  test('any other address gets the same answer and no mail', async () => {
    const answer = await ask('stranger@example.com')
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ message: consoleMessages.linkSent })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await mailedSignInTokens(t.db, 'stranger@example.com')).toEqual([])
    expect((await ask('not an address')).statusCode).toBe(400)
  })

  test('a link expires after 15 minutes', async () => {
    const before = (await mailedSignInTokens(t.db, host)).length
    await ask(host)
    const token = await mailedSignInToken(t.db, host, before)
    t.clock.advance(signInLinkLifetimeMs)
    expect((await complete(token ?? '')).statusCode).toBe(400)
    t.clock.set('2026-11-22T22:30:00Z')
  })

  test('the session answers who is signed in; Sign out ends it everywhere', async () => {
    const signedIn = await signInToConsole(t.app, t.db, host)
    const session = await t.app.inject({
      url: consoleApi.session,
      headers: { cookie: signedIn.cookie },
    })
    expect(session.json()).toMatchObject({ email: host, csrfToken: signedIn.csrfToken })
    const out = await t.app.inject({
      method: 'POST',
      url: consoleApi.signOut,
      headers: { cookie: signedIn.cookie, [csrfHeader]: signedIn.csrfToken },
    })
    expect(out.statusCode).toBe(204)
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0')
    const after = await t.app.inject({
      url: consoleApi.session,
      headers: { cookie: signedIn.cookie },
    })
    expect(after.statusCode).toBe(401)
    const audit = await consoleAction(
      t.app,
      await signInToConsole(t.app, t.db, host),
      'audit.list',
      {
        search: 'console.sign',
      },
    )
    expect(audit.json().items.map((entry: { action: string }) => entry.action)).toContain(
      'console.sign-out',
    )
  })

  test('a session made by one server process is known to every other on the same database', async () => {
    const signedIn = await signInToConsole(t.app, t.db, host)
    const other = await buildTestApp(t.db, { now: '2026-11-22T22:30:00Z', adminEmails: [host] })
    try {
      const tonight = await consoleAction(other.app, signedIn, 'tonight')
      expect(tonight.statusCode).toBe(200)
      expect(tonight.json().show.id).toBe('regular-20261122T2200Z')
    } finally {
      await other.app.close()
    }
  })

  test('an address taken out of ADMIN_EMAILS is signed out at its next request', async () => {
    const signedIn = await signInToConsole(t.app, t.db, 'cohost@example.com')
    const restarted = await buildTestApp(t.db, {
      now: '2026-11-22T22:30:00Z',
      adminEmails: [host],
    })
    try {
      const refused = await consoleAction(restarted.app, signedIn, 'tonight')
      expect(refused.statusCode).toBe(401)
      // Ended for good: putting the address back does not bring the session back.
      expect((await consoleAction(t.app, signedIn, 'tonight')).statusCode).toBe(401)
    } finally {
      await restarted.app.close()
    }
  })

  test('a signed-in host runs actions as themselves; the audit log says who', async () => {
    const signedIn = await signInToConsole(t.app, t.db, host)
    const added = await consoleAction(t.app, signedIn, 'events.add', {
      name: 'Console Night',
      startsAt: '2026-12-05T02:00:00Z',
    })
    expect(added.statusCode).toBe(200)
    const id = added.json().event.id
    const audit = await consoleAction(t.app, signedIn, 'audit.list', { search: id })
    expect(audit.json().items[0]).toMatchObject({
      action: 'events.add',
      actor: host,
      via: 'console',
      targetId: id,
      targetName: 'Console Night',
      summary: 'Added Console Night, Fri, Dec 4, 2026, 8:00 PM CT',
    })
    // A move reads as one, by the show's name (the stored line keeps the id, for the command line).
    await consoleAction(t.app, signedIn, 'events.edit', { id, startsAt: '2026-12-04T23:00:00Z' })
    const moved = await consoleAction(t.app, signedIn, 'audit.list', { search: id })
    expect(moved.json().items[0].summary).toBe('Moved Console Night from 8:00 PM to 5:00 PM')
    const refused = await consoleAction(t.app, signedIn, 'events.remove', { id: 'evt-nothere' })
    expect(refused.statusCode).toBe(404)
    expect(refused.json().message).toBe(
      'No event with id "evt-nothere" (see: npm run admin -- events list).',
    )
    const bad = await consoleAction(t.app, signedIn, 'events.add', { name: 'x', startsAt: 'soon' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^Bad startsAt for events.add/)
  })

  test('an order is found, refunded from the console, and its codes are voided at the kiosk', async () => {
    const codes = await buyCodes(t, [['boosts-5', 2]], 'console.fan@example.com')
    const signedIn = await signInToConsole(t.app, t.db, host)
    const found = await consoleAction(t.app, signedIn, 'orders.list', { search: 'console.fan' })
    const id = found.json().items[0].id
    expect(id).toBe(codes[0]?.order_id)
    const check = await consoleAction(t.app, signedIn, 'orders.refund-check', { id })
    expect(check.json()).toMatchObject({ refusal: null, redeemed: 0, total: 2 })
    const refund = await consoleAction(t.app, signedIn, 'orders.refund', {
      id,
      redeemedWhenAsked: 0,
    })
    expect(refund.statusCode).toBe(200)
    expect(refund.json()).toMatchObject({ voided: 2, mailedTo: 'console.fan@example.com' })
    const kiosk = await t.app.inject({ url: `/k/${codes[0]?.code}` })
    expect(kiosk.json().status).toBe('voided')
  })

  test('part of an order refunded from the console: the check says what, a retried request refunds nothing more', async () => {
    const codes = await buyCodes(t, [['boosts-5', 3]], 'console.part@example.com')
    const id = codes[0]?.order_id ?? ''
    const signedIn = await signInToConsole(t.app, t.db, host)
    const first = codes[0]?.code ?? ''
    const check = await consoleAction(t.app, signedIn, 'orders.refund-part-check', {
      id,
      codes: [first],
    })
    expect(check.json()).toMatchObject({ refusal: null, cents: 499, keeps: expect.any(Array) })
    expect(check.json().keeps).toHaveLength(2)
    const body = { id, codes: [first], refundedWhenAsked: 0 }
    const refund = await consoleAction(t.app, signedIn, 'orders.refund-part', body)
    expect(refund.statusCode).toBe(200)
    expect(refund.json()).toMatchObject({
      cents: 499,
      voided: 1,
      mailedTo: 'console.part@example.com',
    })
    const again = await consoleAction(t.app, signedIn, 'orders.refund-part', {
      ...body,
      codes: [codes[1]?.code ?? ''],
    })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ advice: 'look-again' })
    expect((await t.app.inject({ url: `/k/${first}` })).json().status).toBe('voided')
    expect((await t.app.inject({ url: `/k/${codes[1]?.code}` })).json().status).not.toBe('voided')
  })

  test('reports download as CSV and the chart as SVG', async () => {
    const signedIn = await signInToConsole(t.app, t.db, host)
    const csv = await t.app.inject({
      url: consoleApi.showsCsv,
      headers: { cookie: signedIn.cookie },
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe('attachment; filename="shows.csv"')
    const [header, first] = csv.body.split('\r\n')
    expect(header).toMatch(/^show_id,show,starts_at,orders,codes_sold,/)
    expect(first).toMatch(
      /^regular-20261122T2200Z,Sunday Stand-Up,2026-11-22T22:00:00.000Z,\d+,\d+/,
    )
    const months = await t.app.inject({
      url: consoleApi.monthsCsv,
      headers: { cookie: signedIn.cookie },
    })
    expect(months.body.split('\r\n')[1]).toMatch(/^2026-11,November 2026,,/)
    const svg = await t.app.inject({
      url: `${consoleApi.boostsChart}?months=3`,
      headers: { cookie: signedIn.cookie },
    })
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
    expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg.body).toContain('<title id="t">Boosts per show</title>')
  })

  test("every answer of the console's API is kept by no cache, a refusal too; both charts answer alike", async () => {
    const signedIn = await signInToConsole(t.app, t.db, host)
    const get = (url: string) => t.app.inject({ url, headers: { cookie: signedIn.cookie } })
    const answers = {
      action: await consoleAction(t.app, signedIn, 'comics.list', {}),
      notFound: await consoleAction(t.app, signedIn, 'comics.show', { comic: 'nobody-here' }),
      invalid: await consoleAction(t.app, signedIn, 'comics.add', { name: ' ' }),
      csv: await get(consoleApi.showsCsv),
      boosts: await get(consoleApi.boostsChart),
      comics: await get(consoleApi.comicsChart),
    }
    expect(
      Object.values(answers).map((answer) => [answer.statusCode, answer.headers['cache-control']]),
    ).toEqual([
      [200, 'no-store'],
      [404, 'no-store'],
      [400, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
    ])
    for (const header of ['content-type', 'content-security-policy']) {
      expect(answers.boosts.headers[header], header).toBe(answers.comics.headers[header])
    }
    expect(answers.boosts.headers['content-security-policy']).toContain("default-src 'none'")
  })

  test('sign-in requests are limited per client and per address', async () => {
    const limited = await buildTestApp(t.db, {
      adminEmails: [host],
      rateLimitMax: { consoleSignIn: 3, consoleSignInPerAddress: 2 },
    })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) {
        const answer = await limited.app.inject({
          method: 'POST',
          url: consoleApi.signIn,
          payload: { email: `a${i}@example.com` },
        })
        statuses.push(answer.statusCode)
      }
      expect(statuses).toEqual([200, 200, 200, 429])
      const byAddress = await buildTestApp(t.db, {
        adminEmails: [host],
        trustProxyHops: 1,
        rateLimitMax: { consoleSignInPerAddress: 2 },
      })
      try {
        const answers = []
        for (let i = 0; i < 3; i++) {
          answers.push(
            (
              await byAddress.app.inject({
                method: 'POST',
                url: consoleApi.signIn,
                headers: { 'x-forwarded-for': `10.8.0.${i + 1}` },
                payload: { email: 'flooded@example.com' },
              })
            ).statusCode,
          )
        }
        expect(answers).toEqual([200, 200, 429])
      } finally {
        await byAddress.app.close()
      }
    } finally {
      await limited.app.close()
    }
  })

  test('over https the cookie is Secure and __Host-', async () => {
    const secure = await buildTestApp(t.db, {
      adminEmails: [host],
      publicUrl: 'https://club.example',
    })
    try {
      const before = (await mailedSignInTokens(t.db, host)).length
      await secure.app.inject({ method: 'POST', url: consoleApi.signIn, payload: { email: host } })
      const done = await secure.app.inject({
        method: 'POST',
        url: consoleApi.signInComplete,
        payload: { token: await mailedSignInToken(t.db, host, before) },
      })
      expect(String(done.headers['set-cookie'])).toMatch(
        /^__Host-punchline-console=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict; Secure$/,
      )
    } finally {
      await secure.app.close()
    }
  })
})
