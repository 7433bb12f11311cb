/**
 * Random and hostile requests at every route (fast-check): whatever arrives, the answer is never
 * a 5xx, never shows a stack trace or an internal name, and a refused request writes nothing.
 * The routes are the apps' own (Fastify's list), so a route added to the server is fuzzed here
 * without a word in this file.
 */
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import Fastify, { type FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type ConsoleCredentials, signInToConsole } from '#test/console'
import { type OpenTestDatabase, testDatabases } from '#test/databases'
import { addMembership, type MemberCredentials, signInAsMember } from '#test/member-page'
import { registeredRoutes } from '#test/routes'
import { buildTestApp, type TestApp } from '#test/test-app'
import { toCount } from '../core/db/schema'
import { csrfHeader } from '../shared/console'
import { memberApi, memberCsrfHeader } from '../shared/member-page'
import { stageApi } from '../shared/stage'
import { createStripeProvider } from './adapters/payments/stripe-provider'
import { csrfFormField } from './sign-in/sign-in-session'

/** A test checkout membership whose member is signed in: its manage page's forms are reached. */
const memberSubscription = 'sub_local_HostileHostileHostile1234'
/** In a generated form, where the signed-in member's CSRF token goes. */
const memberToken = '{member-csrf-token}'

// Each property sends a fixed number of requests (HOSTILE_RUNS): on a busy machine that takes
// longer, never forever, so the limit is generous rather than the default 30 s.
vi.setConfig({ testTimeout: 180_000 })

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-hostile-'))
fs.writeFileSync(path.join(clientDir, 'index.html'), '<html><body>landing</body></html>')
fs.writeFileSync(
  path.join(clientDir, 'shell.html'),
  '<html><body><div id="root"></div></body></html>',
)
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))

const methods = ['GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'] as const
type Method = (typeof methods)[number]
const isMethod = (value: string): value is Method => (methods as readonly string[]).includes(value)

type AppName = 'local' | 'stripe'

/** Where a request goes: a method, a path with `{}` where a random segment goes, and which app. */
interface Target {
  method: Method
  template: string
  app: AppName
}

/** A route as registered (`/api/schedule/:id.ics`, `/k/*`) as a target: `/api/schedule/{}.ics`. */
const templateOf = (url: string) => url.replace(/:\w+|\*/g, '{}')

/**
 * Every route the apps register, from Fastify's own list, so a new route is fuzzed the day it is
 * added. A route both apps have is sent to the first.
 */
function routesOf(apps: [AppName, FastifyInstance][]): Target[] {
  const seen = new Set<string>()
  return apps.flatMap(([name, app]) =>
    registeredRoutes(app).flatMap(({ method, url }): Target[] => {
      const template = templateOf(url)
      const key = `${method} ${template}`
      if (!isMethod(method) || seen.has(key)) return []
      seen.add(key)
      return [{ method, template, app: name }]
    }),
  )
}

/** Addresses that are no route, besides them: the not-found answers, and a trailing slash. */
const notRoutes = (
  [
    ['GET', '/{}'],
    ['GET', '/api/{}'],
    ['POST', '/admin/api/actions/{}'],
    ['GET', '/K/{}/'],
  ] as const
).map(([method, template]): Target => ({ method, template, app: 'local' }))

/** Routes that need a request of their own: a stream answers its status, then never ends. */
const streams = new Set<string>([stageApi.events])

const nasty = [
  '\u0000',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '..',
  '../../etc/passwd',
  "' or 1=1 --",
  '"; drop table orders; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  `\${7*7}`,
  '__proto__',
  'constructor',
  '\u202e',
  '😂',
  'A'.repeat(3000),
  '-1',
  '1e309',
  'NaN',
  'null',
]

const text = fc.oneof(
  fc.constantFrom(...nasty),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
)

/** A path segment or query value as it travels: sometimes escaped, sometimes raw. */
const urlPiece = fc.oneof(
  text.map((value) => encodeURIComponent(value)),
  fc.constantFrom(
    '%',
    '%00',
    '%zz',
    '%2e%2e',
    '%2F',
    '..',
    '',
    'ABCDE-FGH23',
    'abcdefgh230',
    memberSubscription,
  ),
)

const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        text,
        fc.constantFrom('items', 'email', 'code', 'name', 'message', 'website', '__proto__'),
      ),
      tie('value'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value

/** Valid bodies with one field made hostile: the checks that must hold past the first field. */
const nearlyValid = fc.oneof(
  fc.record({
    items: fc.array(
      fc.record({
        id: fc.oneof(text, fc.constant('ffr-10')),
        name: text,
        price: fc.oneof(fc.double(), fc.constant(14.99)),
        quantity: fc.oneof(fc.integer(), fc.constant(1), fc.double()),
      }),
      { maxLength: 3 },
    ),
    email: fc.oneof(text, fc.constant('fan@example.com')),
  }),
  fc.record({ name: text, email: fc.oneof(text, fc.constant('a@b.co')), message: text }),
  fc.record({ code: text }),
  // A member's joke (as the signed-in member: see send), and an open mic's sign-up.
  fc.record({ text: fc.oneof(text, fc.constant('Why did the avatar cross the world?')) }),
  fc.record(
    {
      stageName: text,
      email: fc.oneof(text, fc.constant('comic@example.com')),
      vrchatName: text,
      note: text,
      timeZone: fc.oneof(text, fc.constantFrom('Europe/London', 'Pacific/Chatham')),
      adult: fc.oneof(fc.boolean(), text),
    },
    { requiredKeys: [] },
  ),
  // The console's actions: ids, searches, times and pages as a host's browser sends them.
  fc.record(
    {
      id: fc.oneof(text, fc.constantFrom('regular-20261129T2200Z', 'ord_x')),
      search: text,
      name: text,
      startsAt: fc.oneof(text, fc.constant('2026-12-24T02:00:00Z')),
      page: fc.oneof(fc.integer(), fc.double(), text),
      pageSize: fc.oneof(fc.integer(), fc.constant(1000)),
      all: fc.oneof(fc.boolean(), text),
      state: fc.oneof(text, fc.constantFrom('failed', 'pending')),
      token: text,
      force: fc.boolean(),
      renew: fc.oneof(fc.boolean(), text),
      // The comics' actions: the roster's fields, a lineup's places.
      comic: fc.oneof(text, fc.constant('sam')),
      bio: text,
      vrchatName: text,
      slug: text,
      payoutEmail: fc.oneof(text, fc.constant('sam@payouts.example')),
      links: fc.array(
        fc.record({ label: text, url: fc.oneof(text, fc.constant('https://x.example')) }),
        {
          maxLength: 2,
        },
      ),
      places: fc.array(fc.record({ comic: text, role: fc.oneof(text, fc.constant('feature')) }), {
        maxLength: 2,
      }),
    },
    { requiredKeys: [] },
  ),
)

const body = fc.oneof(
  json.map((value) => ({ type: 'application/json', payload: JSON.stringify(value) ?? 'null' })),
  nearlyValid.map((value) => ({ type: 'application/json', payload: JSON.stringify(value) })),
  text.map((value) => ({ type: 'application/json', payload: value })),
  text.map((value) => ({
    type: 'application/x-www-form-urlencoded',
    payload: `card_number=${encodeURIComponent(value)}`,
  })),
  // The manage page's forms: the session's token in a hidden field, good, hostile or missing.
  fc
    .record(
      {
        [csrfFormField]: fc.oneof(
          { arbitrary: fc.constant(memberToken), weight: 3 },
          { arbitrary: text, weight: 1 },
        ),
        card_number: fc.oneof(text, fc.constantFrom('4242 4242 4242 4242', '4000 0000 0000 0341')),
        tier: fc.oneof(text, fc.constantFrom('membership-1', 'membership-3')),
        action: fc.oneof(text, fc.constantFrom('cancel', 'resume')),
      },
      { requiredKeys: [] },
    )
    .map((fields) => ({
      type: 'application/x-www-form-urlencoded',
      payload: new URLSearchParams(fields).toString(),
    })),
  fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        '',
      ),
      text,
    )
    .map(([type, payload]) => ({ type, payload })),
)

/** Header values a client can send (no CR, LF or NUL: the HTTP client itself refuses those). */
const headerValue = text.map((value) => value.replace(/[^\x20-\x7e]/g, '').slice(0, 500))
const headers = fc.record(
  {
    'x-forwarded-for': fc.oneof(headerValue, fc.ipV4(), fc.ipV6()),
    accept: headerValue,
    'accept-encoding': fc.oneof(
      headerValue,
      fc.constantFrom('gzip', 'br', 'deflate', 'identity;q=0'),
    ),
    cookie: headerValue,
    origin: headerValue,
    'stripe-signature': fc.oneof(headerValue, fc.constant('t=1,v1=00')),
    'if-none-match': headerValue,
    range: headerValue,
  },
  { requiredKeys: [] },
)

const requestTo = (targets: Target[]) =>
  fc.record({
    route: fc.constantFrom(...targets),
    method: fc.option(fc.constantFrom(...methods), { freq: 4 }),
    segment: urlPiece,
    query: fc.array(
      fc.tuple(
        fc.constantFrom('session_id', 'code', 'id', 'key', 'lastEventId', '__proto__', 'x'),
        urlPiece,
      ),
      { maxLength: 3 },
    ),
    body: fc.option(body, { freq: 3 }),
    headers,
    client: fc.ipV4(),
    /** As a signed-in host of the console (its cookie and CSRF token, no foreign origin). */
    signedIn: fc.boolean(),
  })
type HostileRequest = typeof requestTo extends (targets: Target[]) => fc.Arbitrary<infer R>
  ? R
  : never

/** The manage page's forms as the signed-in member posts them: the token good, hostile or none. */
const memberForm = fc.record({
  form: fc.constantFrom('card', 'tier', 'cancel'),
  fields: fc.record(
    {
      card_number: fc.oneof(text, fc.constantFrom('4242 4242 4242 4242', '4000 0000 0000 0341')),
      tier: fc.oneof(text, fc.constantFrom('membership-1', 'membership-3')),
      action: fc.oneof(text, fc.constantFrom('cancel', 'resume')),
    },
    { requiredKeys: [] },
  ),
  token: fc.option(
    fc.oneof(
      { arbitrary: fc.constant(memberToken), weight: 2 },
      { arbitrary: headerValue, weight: 1 },
    ),
  ),
  tokenIn: fc.constantFrom('form', 'header'),
})

/** What an answer must never show: a stack trace, a file of ours, the database's own words. */
const internal =
  /\bat [\w.<>]+ \(|node_modules|\/src\/|\.ts:\d+|kysely|pglite|postgres|syntax error|violates|relation "|column "|TypeError|ReferenceError|"stack"/i

describe.each(testDatabases)('hostile input on $name', (database) => {
  let opened: OpenTestDatabase
  let local: TestApp
  let stripe: TestApp
  let host: ConsoleCredentials
  let targets: Target[]
  let streamsBase: string
  const apps = (): Record<AppName, FastifyInstance> => ({ local: local.app, stripe: stripe.app })
  let member: MemberCredentials

  beforeAll(async () => {
    opened = await database.open()
    local = await buildTestApp(opened.db, {
      clientDir,
      trustProxyHops: 1,
      adminEmails: ['host@example.com'],
      memberships: 'open',
    })
    host = await signInToConsole(local.app, opened.db, 'host@example.com')
    const { email } = await addMembership(opened.db, new Date(), {
      provider_subscription: memberSubscription,
    })
    member = await signInAsMember(local.app, opened.db, email)
    // Stripe's API is never reached: nothing here gets past the webhook's signature.
    stripe = await buildTestApp(opened.db, {
      payments: (deps) =>
        createStripeProvider({
          ...deps,
          stripe: {
            secretKey: 'sk_test_x',
            webhookSecret: 'whsec_x',
            apiUrl: 'http://127.0.0.1:9',
          },
        }),
    })
    // A stream is read over a socket of its own: an injected one would never end.
    await local.app.listen({ port: 0, host: '127.0.0.1' })
    streamsBase = `http://127.0.0.1:${(local.app.server.address() as AddressInfo).port}`
    targets = [
      ...routesOf([
        ['local', local.app],
        ['stripe', stripe.app],
      ]),
      ...notRoutes,
    ]
  })
  afterAll(async () => {
    await local?.app.close()
    await stripe?.app.close()
    await opened?.close()
  })

  async function rowCounts(): Promise<(number | string)[]> {
    const { rows } = await sql<Record<string, unknown>>`select
      (select count(*) from orders) as orders, (select count(*) from codes) as codes,
      (select count(*) from redemptions) as redemptions,
      (select count(*) from contact_messages) as contact,
      (select count(*) from mail_outbox) as mail, (select count(*) from events) as events,
      (select count(*) from audit_log) as audit,
      (select count(*) from console_sessions) as sessions,
      (select count(*) from console_links) as links,
      (select count(*) from memberships) as memberships,
      (select count(*) from member_jokes) as jokes,
      (select count(*) from membership_events) as membership_events,
      (select count(*) from membership_payments) as membership_payments`.execute(opened.db)
    // The member's own membership, as its manage page's forms would change it.
    const membership = await opened.db
      .selectFrom('memberships')
      .select(['tier', 'next_tier', 'cancel_at_period_end', 'test_card_renewal', 'updated_at'])
      .where('provider_subscription', '=', memberSubscription)
      .executeTakeFirst()
    return [...Object.values(rows[0] ?? {}).map(toCount), JSON.stringify(membership ?? null)]
  }

  /** Sends one generated request to the app it is for. */
  async function send(r: HostileRequest) {
    const { template } = r.route
    const method = r.method ?? r.route.method
    const query = r.query.map(([name, value]) => `${name}=${value}`).join('&')
    const url = `${template.replaceAll('{}', r.segment)}${query ? `?${query}` : ''}`
    const { origin, ...others } = r.headers
    const asHost = r.signedIn && template.startsWith('/admin')
    const asMember = r.signedIn && template.startsWith('/pay/membership')
    // The member page's API as the signed-in member sends it (with the session's token), all but
    // signing out, which would leave the tests after this one without their member.
    const asMemberPage =
      r.signedIn && template.startsWith(memberApi.view) && template !== memberApi.signOut
    const payload = r.body?.payload.replace(
      encodeURIComponent(memberToken),
      encodeURIComponent(member.csrfToken),
    )
    const headers = {
      ...(asHost || asMember || asMemberPage ? others : r.headers),
      ...(asHost ? { cookie: host.cookie, [csrfHeader]: host.csrfToken } : {}),
      ...(asMember ? { cookie: member.cookie } : {}),
      ...(asMemberPage ? { cookie: member.cookie, [memberCsrfHeader]: member.csrfToken } : {}),
      ...(r.body?.type ? { 'content-type': r.body.type } : {}),
    }
    const hasBody = payload !== undefined && method !== 'GET' && method !== 'HEAD'
    const response =
      streams.has(template) && method === 'GET'
        ? await readStream(`${streamsBase}${url}`, method, headers)
        : await apps()[r.route.app].inject({
            method,
            url,
            remoteAddress: r.client,
            headers,
            ...(hasBody ? { payload } : {}),
          })
    return {
      response,
      context: `${method} ${url.slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 300)}`,
    }
  }

  test('every route either app registers is fuzzed, each as Fastify answers it', () => {
    const fuzzed = new Set(targets.map((target) => `${target.method} ${target.template}`))
    for (const [name, app] of Object.entries(apps())) {
      const routes = registeredRoutes(app)
      expect(routes.length, name).toBeGreaterThan(50)
      for (const { method, url } of routes) {
        expect(isMethod(method) && app.hasRoute({ method, url }), `${method} ${url}`).toBe(true)
        expect(fuzzed, `${method} ${url} (${name})`).toContain(`${method} ${templateOf(url)}`)
      }
    }
  })

  test('never a 5xx, never an internal detail, nothing written when refused', async () => {
    await fc.assert(
      fc.asyncProperty(requestTo(targets), async (r) => {
        const before = await rowCounts()
        const { response, context } = await send(r)
        expect(response.statusCode, context).toBeLessThan(500)
        expect(response.body, context).not.toMatch(internal)
        if (response.statusCode >= 400) expect(await rowCounts(), context).toEqual(before)
      }),
      // HOSTILE_RUNS=20000 for a longer hunt; 1,500 per database keeps npm test quick.
      { numRuns: Number(process.env.HOSTILE_RUNS ?? 1500) },
    )
  })

  test("the manage forms as the signed-in member: without the session's token 403 and nothing written", async () => {
    await fc.assert(
      fc.asyncProperty(memberForm, async ({ form, fields, token, tokenIn }) => {
        const before = await rowCounts()
        const good = token === memberToken
        const sent = good ? member.csrfToken : token
        const response = await local.app.inject({
          method: 'POST',
          url: `/pay/membership/${memberSubscription}/manage/${form}`,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            cookie: member.cookie,
            ...(sent !== null && tokenIn === 'header' ? { [memberCsrfHeader]: sent } : {}),
          },
          payload: new URLSearchParams({
            ...fields,
            ...(sent !== null && tokenIn === 'form' ? { [csrfFormField]: sent } : {}),
          }).toString(),
        })
        const context = `${form} ${JSON.stringify({ fields, token, tokenIn })} -> ${response.statusCode}`
        expect(response.statusCode, context).toBeLessThan(500)
        expect(response.body, context).not.toMatch(internal)
        expect(response.statusCode === 403, context).toBe(!good)
        if (response.statusCode >= 400) expect(await rowCounts(), context).toEqual(before)
      }),
      { numRuns: Math.ceil(Number(process.env.HOSTILE_RUNS ?? 1500) / 5) },
    )
  })

  test('many at once: never a 5xx or an internal detail, nothing written when all are refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(requestTo(targets), { minLength: 2, maxLength: 25 }),
        async (batch) => {
          const before = await rowCounts()
          const answers = await Promise.all(batch.map(send))
          for (const { response, context } of answers) {
            expect(response.statusCode, context).toBeLessThan(500)
            expect(response.body, context).not.toMatch(internal)
          }
          if (answers.every(({ response }) => response.statusCode >= 400)) {
            expect(await rowCounts()).toEqual(before)
          }
        },
      ),
      { numRuns: Math.ceil(Number(process.env.HOSTILE_RUNS ?? 1500) / 10) },
    )
  })
})

test('a route added to an app is a target without a word here', async () => {
  const app = Fastify()
  app.get('/api/brand-new/:id', async () => ({}))
  app.post('/api/brand-new', async () => ({}))
  await app.ready()
  expect(routesOf([['local', app]])).toEqual(
    expect.arrayContaining([
      { method: 'GET', template: '/api/brand-new/{}', app: 'local' },
      { method: 'POST', template: '/api/brand-new', app: 'local' },
    ]),
  )
  await app.close()
})

/**
 * A stream's status and the start of its answer, over HTTP; then the connection is cut, as a
 * reader who leaves. A request the client refuses to send (a header it will not write) is
 * answered by nobody: status 0.
 */
async function readStream(
  url: string,
  method: string,
  headers: Record<string, string>,
): Promise<{ statusCode: number; body: string }> {
  const leave = new AbortController()
  try {
    const response = await fetch(url, { method, headers, signal: leave.signal })
    const reader = response.body?.getReader()
    const first = await Promise.race([
      reader?.read(),
      new Promise<undefined>((resolve) => setTimeout(resolve, 2_000)),
    ])
    return { statusCode: response.status, body: new TextDecoder().decode(first?.value) }
  } catch {
    return { statusCode: 0, body: '' }
  } finally {
    leave.abort()
  }
}
