import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { type ConsoleCredentials, signInToConsole } from '#test/console'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import { consoleSessionLifetimeMs } from '../../core/console/console-sign-in'
import { toCount } from '../../core/db/schema'
import { consoleApi, consolePages, csrfHeader } from '../../shared/console'
import { operatorInputs } from '../../shared/operator'
import { consoleActionNames } from './console-api-routes'

const host = 'host@example.com'

/** Every console page, with a sample id where the path has a parameter. */
const pages = Object.values(consolePages)
  .filter((page) => page.path !== consolePages.signIn.path)
  .map((page) => page.path.replace(':id', 'ord_sample'))

/** Every console API route that needs a session: its method, path and a body it would accept. */
const apiRoutes: { method: 'GET' | 'POST'; url: string; body?: unknown }[] = [
  { method: 'GET', url: consoleApi.session },
  { method: 'POST', url: consoleApi.signOut },
  { method: 'GET', url: consoleApi.showsCsv },
  { method: 'GET', url: consoleApi.monthsCsv },
  { method: 'GET', url: consoleApi.boostsChart },
  { method: 'GET', url: consoleApi.comicsCsv },
  { method: 'GET', url: consoleApi.comicsChart },
  ...consoleActionNames.map((name) => ({
    method: 'POST' as const,
    url: consoleApi.action(name),
    body: sampleInput(name),
  })),
]

/** An input each action accepts, so a refusal is the guard's and not the input's. */
function sampleInput(name: string): unknown {
  const samples: Record<string, unknown> = {
    'events.add': { name: 'Guard Night', startsAt: '2026-12-24T02:00:00Z' },
    'events.edit': { id: 'regular-20261129T2200Z', name: 'Renamed' },
    'events.remove': { id: 'regular-20261129T2200Z' },
    'events.impact': { id: 'regular-20261129T2200Z' },
    'orders.show': { id: 'ord_sample' },
    'orders.refund-check': { id: 'ord_sample' },
    'orders.refund': { id: 'ord_sample' },
    'orders.refund-part-check': { id: 'ord_sample' },
    'orders.refund-part': { id: 'ord_sample' },
    'codes.show': { code: 'ABCDE-FGHJK' },
    'codes.resend': { orderId: 'ord_sample' },
    'mail.retry': { all: true },
  }
  return samples[name] ?? {}
}

describe.each(testDatabases)('every console page and route refuses on $name', (database) => {
  const t = withTestApp(database, { now: '2026-11-22T22:30:00Z', adminEmails: [host] })

  async function rowCounts(): Promise<number[]> {
    const { rows } = await sql<Record<string, unknown>>`select
      (select count(*) from events) as events,
      (select count(*) from events where removed_at is not null) as removed,
      (select max(updated_at) from events) as updated,
      (select count(*) from orders) as orders, (select count(*) from codes) as codes,
      (select count(*) from mail_outbox) as mail,
      (select count(*) from audit_log) as audit,
      (select count(*) from console_sessions) as sessions,
      (select count(*) from console_links) as links`.execute(t.db)
    return Object.values(rows[0] ?? {}).map((value) =>
      value instanceof Date ? value.getTime() : toCount(value),
    )
  }

  type Variant = (signedIn: ConsoleCredentials) => Record<string, string>
  const variants: [string, Variant][] = [
    ['without a session', () => ({})],
    ['with a forged session', () => ({ cookie: 'punchline-console=forged-0123456789' })],
    [
      "with another site's origin",
      (signedIn) => ({
        cookie: signedIn.cookie,
        [csrfHeader]: signedIn.csrfToken,
        origin: 'https://evil.example',
      }),
    ],
    [
      'from a cross-site fetch',
      (signedIn) => ({
        cookie: signedIn.cookie,
        [csrfHeader]: signedIn.csrfToken,
        'sec-fetch-site': 'cross-site',
      }),
    ],
  ]

  test('the list covers every action the console may call', () => {
    expect(consoleActionNames.length).toBe(Object.keys(operatorInputs).length - 1)
    expect(consoleActionNames).not.toContain('console.link')
    expect((consoleActionNames as string[]).includes('console.link')).toBe(false)
  })

  test.each(variants)(
    '%s: pages send to sign-in, the API answers 401 or 403, nothing is written',
    async (_name, variant) => {
      const signedIn = await signInToConsole(t.app, t.db, host)
      const before = await rowCounts()
      for (const url of pages) {
        const response = await t.app.inject({ url, headers: variant(signedIn) })
        const refused =
          (response.statusCode === 303 &&
            String(response.headers.location).startsWith(consolePages.signIn.path)) ||
          response.statusCode === 403
        expect(refused, `GET ${url} -> ${response.statusCode}`).toBe(true)
        expect(response.body).not.toContain('<div id="root">')
      }
      for (const route of apiRoutes) {
        const response = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: variant(signedIn),
          ...(route.body === undefined ? {} : { payload: route.body as object }),
        })
        expect([401, 403], `${route.method} ${route.url} -> ${response.statusCode}`).toContain(
          response.statusCode,
        )
        expect(Object.keys(response.json())).toEqual(['message'])
      }
      expect(await rowCounts()).toEqual(before)
    },
  )

  test('an expired session: refused everywhere, nothing written', async () => {
    const signedIn = await signInToConsole(t.app, t.db, host)
    t.clock.advance(consoleSessionLifetimeMs)
    try {
      const before = await rowCounts()
      for (const url of pages) {
        expect((await t.app.inject({ url, headers: { cookie: signedIn.cookie } })).statusCode).toBe(
          303,
        )
      }
      for (const route of apiRoutes) {
        const response = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: { cookie: signedIn.cookie, [csrfHeader]: signedIn.csrfToken },
          ...(route.body === undefined ? {} : { payload: route.body as object }),
        })
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401)
      }
      expect(await rowCounts()).toEqual(before)
    } finally {
      t.clock.set('2026-11-22T22:30:00Z')
    }
  })

  test('a change without the CSRF token, or with a wrong one, is refused; reads need none', async () => {
    const signedIn = await signInToConsole(t.app, t.db, host)
    const before = await rowCounts()
    for (const route of apiRoutes.filter((r) => r.method === 'POST')) {
      for (const headers of [
        { cookie: signedIn.cookie },
        { cookie: signedIn.cookie, [csrfHeader]: `${signedIn.csrfToken.slice(1)}x` },
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: route.url,
          headers,
          ...(route.body === undefined ? {} : { payload: route.body as object }),
        })
        expect(response.statusCode, route.url).toBe(403)
      }
    }
    expect(await rowCounts()).toEqual(before)
    const page = await t.app.inject({
      url: consolePages.orders.path,
      headers: { cookie: signedIn.cookie },
    })
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['x-robots-tag']).toBe('noindex')
  })

  test('the sign-in page is open to all, and sign-in requests from another site are refused', async () => {
    const page = await t.app.inject({ url: consolePages.signIn.path })
    expect(page.statusCode).toBe(200)
    const before = await rowCounts()
    for (const url of [consoleApi.signIn, consoleApi.signInComplete]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://evil.example' },
        payload: { email: host, token: 'x'.repeat(43) },
      })
      expect(response.statusCode, url).toBe(403)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await rowCounts()).toEqual(before)
  })
})
