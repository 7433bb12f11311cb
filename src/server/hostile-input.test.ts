/**
 * Random and hostile requests at every route (fast-check): whatever arrives, the answer is never
 * a 5xx, never shows a stack trace or an internal name, and a refused request writes nothing.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type ConsoleCredentials, signInToConsole } from '#test/console'
import { addMembership, type MemberCredentials, signInAsMember } from '#test/member-page'
import { buildTestApp, type OpenTestDatabase, type TestApp, testDatabases } from '#test/test-app'
import { toCount } from '../core/db/schema'
import { consoleApi, csrfHeader } from '../shared/console'
import { memberCsrfHeader } from '../shared/member-page'
import { createStripeProvider } from './adapters/payments/stripe-provider'
import { consoleActionNames } from './routes/console-api'
import { stripeWebhookPath } from './routes/stripe-webhook'
import { csrfFormField } from './sign-in/session'

/** A test checkout membership whose member is signed in: its manage page's forms are reached. */
const memberSubscription = 'sub_local_HostileHostileHostile1234'
/** In a generated form, where the signed-in member's CSRF token goes. */
const memberToken = '{member-csrf-token}'

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-hostile-'))
fs.writeFileSync(path.join(clientDir, 'index.html'), '<html><body>landing</body></html>')
fs.writeFileSync(
  path.join(clientDir, 'shell.html'),
  '<html><body><div id="root"></div></body></html>',
)
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))

type Method = 'GET' | 'POST' | 'HEAD' | 'PUT' | 'DELETE' | 'OPTIONS' | 'PATCH'

/** Every route, as a method and a path with `{}` where a random segment goes. */
const routes: [Method, string][] = [
  ['GET', '/{}'],
  ['GET', '/store'],
  ['GET', '/success'],
  ['GET', '/healthz'],
  ['GET', '/api/schedule'],
  ['GET', '/api/schedule.ics'],
  ['GET', '/api/schedule/{}.ics'],
  ['GET', '/api/live'],
  ['GET', '/api/get-session'],
  ['POST', '/api/create-checkout-session'],
  ['POST', '/api/contact'],
  ['POST', '/api/resend-codes'],
  ['GET', '/k/{}'],
  ['GET', '/K/{}/'],
  ['GET', '/api/kiosk/redeem'],
  ['POST', '/api/codes/redeem'],
  ['GET', '/pay/{}'],
  ['POST', '/pay/{}'],
  ['POST', stripeWebhookPath],
  ['POST', '/api/memberships/checkout'],
  ['GET', '/pay/membership/{}'],
  ['POST', '/pay/membership/{}'],
  ['GET', '/pay/membership/{}/manage'],
  ['POST', '/pay/membership/{}/manage/card'],
  ['POST', '/pay/membership/{}/manage/tier'],
  ['POST', '/pay/membership/{}/manage/cancel'],
  // The signed-in member's own membership: the forms past the guard.
  ['GET', `/pay/membership/${memberSubscription}/manage`],
  ['POST', `/pay/membership/${memberSubscription}/manage/card`],
  ['POST', `/pay/membership/${memberSubscription}/manage/tier`],
  ['POST', `/pay/membership/${memberSubscription}/manage/cancel`],
  ['GET', '/api/{}'],
  ['GET', '/admin'],
  ['GET', '/admin/{}'],
  ['GET', '/admin/orders/{}'],
  ['GET', '/admin/sign-in'],
  ['GET', '/admin/api/session'],
  ['POST', '/admin/api/sign-in'],
  ['POST', '/admin/api/sign-in/complete'],
  ['POST', '/admin/api/sign-out'],
  ['POST', '/admin/api/actions/{}'],
  ...consoleActionNames.map((name): [Method, string] => ['POST', consoleApi.action(name)]),
  ['GET', '/admin/api/reports/{}'],
  ['GET', consoleApi.boostsChart],
]

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

const request = fc.record({
  route: fc.constantFrom(...routes),
  method: fc.option(
    fc.constantFrom<Method>('GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
    { freq: 4 },
  ),
  segment: urlPiece,
  query: fc.array(
    fc.tuple(fc.constantFrom('session_id', 'code', 'id', '__proto__', 'x'), urlPiece),
    { maxLength: 3 },
  ),
  body: fc.option(body, { freq: 3 }),
  headers,
  client: fc.ipV4(),
  /**
   * As a signed-in host of the console (its cookie and CSRF token, no foreign origin), or on the
   * test checkout's pages as the signed-in member (the cookie; the token only where a form has it).
   */
  signedIn: fc.boolean(),
})

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
  function send(r: typeof request extends fc.Arbitrary<infer R> ? R : never) {
    const [routeMethod, template] = r.route
    const method = r.method ?? routeMethod
    const query = r.query.map(([name, value]) => `${name}=${value}`).join('&')
    const url = `${template.replace('{}', r.segment)}${query ? `?${query}` : ''}`
    const app = template === stripeWebhookPath ? stripe.app : local.app
    const { origin, ...others } = r.headers
    const asHost = r.signedIn && template.startsWith('/admin')
    const asMember = r.signedIn && template.startsWith('/pay/membership')
    const payload = r.body?.payload.replace(
      encodeURIComponent(memberToken),
      encodeURIComponent(member.csrfToken),
    )
    return app
      .inject({
        method,
        url,
        remoteAddress: r.client,
        headers: {
          ...(asHost || asMember ? others : r.headers),
          ...(asHost ? { cookie: host.cookie, [csrfHeader]: host.csrfToken } : {}),
          ...(asMember ? { cookie: member.cookie } : {}),
          ...(r.body?.type ? { 'content-type': r.body.type } : {}),
        },
        ...(payload !== undefined && method !== 'GET' && method !== 'HEAD' ? { payload } : {}),
      })
      .then((response) => ({
        response,
        context: `${method} ${url.slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 300)}`,
      }))
  }

  test('never a 5xx, never an internal detail, nothing written when refused', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
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
      fc.asyncProperty(fc.array(request, { minLength: 2, maxLength: 25 }), async (batch) => {
        const before = await rowCounts()
        const answers = await Promise.all(batch.map(send))
        for (const { response, context } of answers) {
          expect(response.statusCode, context).toBeLessThan(500)
          expect(response.body, context).not.toMatch(internal)
        }
        if (answers.every(({ response }) => response.statusCode >= 400)) {
          expect(await rowCounts()).toEqual(before)
        }
      }),
      { numRuns: Math.ceil(Number(process.env.HOSTILE_RUNS ?? 1500) / 10) },
    )
  })
})
