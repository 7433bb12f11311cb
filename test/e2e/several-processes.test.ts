import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { catalogue } from '../../src/shared/catalogue'
import { type CheckoutItem, CheckoutResponseSchema } from '../../src/shared/checkout'
import { toDollars } from '../../src/shared/money'
import { createPostgresDatabase, type PostgresDatabase } from '../support/databases'
import { KioskSimulator } from '../support/kiosk-simulator'
import { describeWithRedis, redisAvailable, testRedisUrl } from '../support/redis'
import { type RunningServer, startServer } from '../support/server'

/*
 * The shape of a busy show night (docs/deploy.md, "Several processes behind a reverse proxy"): two server processes
 * behind one address, one PostgreSQL, one Redis, nothing else shared. Each process believes one
 * proxy hop, as it would behind the reverse proxy, so a test can play many players.
 */
let database: PostgresDatabase
let one: RunningServer
let two: RunningServer

beforeAll(async () => {
  database = await createPostgresDatabase('e2e', { migrated: true })
  const env = {
    DATABASE_URL: database.url,
    // Without Redis each process counts alone: the PostgreSQL tests still run, the limit's skips.
    ...(redisAvailable ? { REDIS_URL: testRedisUrl } : {}),
    TRUST_PROXY_HOPS: '1',
    // Behind a proxy the test checkout runs only when a test site says so.
    ALLOW_TEST_CHECKOUT: 'true',
    LOCAL_PAYMENT_DELAY_MS: '0',
    // The same key on both, as a deployment sets it; both would also agree on the stored one.
    SERVER_SECRET: randomBytes(32).toString('base64url'),
  }
  // One after the other: the first runs the migrations, the second finds them done.
  one = await startServer(env)
  two = await startServer(env)
})

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()])
  await database?.drop()
})

let nextPlayer = 1
function newPlayer(): string {
  const n = nextPlayer++
  return `172.16.${(n >> 8) & 255}.${n & 255}`
}

function post(server: RunningServer, path: string, body: unknown, player = newPlayer()) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': player },
    body: JSON.stringify(body),
  })
}

/** Buys on `buyOn`, pays on its test checkout, and reads the codes from `pollOn`. */
async function buyAcross(buyOn: RunningServer, pollOn: RunningServer): Promise<string[]> {
  const product = catalogue.find((p) => p.id === 'ffr-25')
  if (!product) throw new Error('no ffr-25')
  const items: CheckoutItem[] = [
    { id: product.id, name: product.name, price: toDollars(product.priceCents), quantity: 2 },
  ]
  const created = await post(buyOn, '/api/create-checkout-session', { items })
  expect(created.status).toBe(200)
  const { id } = CheckoutResponseSchema.parse(await created.json())
  const paid = await fetch(`${buyOn.url}/pay/${id}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
  })
  expect(paid.status).toBe(303)

  for (let attempt = 0; attempt < 50; attempt++) {
    const polled = await fetch(`${pollOn.url}/api/get-session?session_id=${id}`)
    expect(polled.status).toBe(200)
    const session = (await polled.json()) as { status: string; codes?: { code: string }[] }
    if (session.codes && session.codes.length > 0) return session.codes.map((c) => c.code)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the codes never appeared on the other process')
}

test('a checkout created on one process is paid and polled on the other', async () => {
  const codes = await buyAcross(one, two)
  expect(codes).toHaveLength(2)
  for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/)
})

test('200 players redeeming one code at once, spread over both processes: exactly one wins', async () => {
  const [code] = await buyAcross(two, one)
  const answers = await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      const server = i % 2 === 0 ? one : two
      const response = await fetch(`${server.url}/k/${code}`, {
        headers: { 'x-forwarded-for': newPlayer() },
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as { status: string }).status
    }),
  )
  expect(answers.filter((status) => status === 'redeemed')).toHaveLength(1)
  expect(answers.filter((status) => status === 'already_redeemed')).toHaveLength(199)
  const rows = await database.query<{ count: string }>(
    'select count(*) from redemptions where code = $1',
    [code?.replace('-', '')],
  )
  expect(Number(rows[0]?.count)).toBe(1)

  // Both processes' live feeds count the gift (the other within its second of caching).
  await new Promise((resolve) => setTimeout(resolve, 1100))
  for (const server of [one, two]) {
    const live = (await (await fetch(`${server.url}/api/live`)).json()) as { totalBoosts: number }
    expect(live.totalBoosts).toBeGreaterThanOrEqual(10)
  }
})

describeWithRedis('with Redis', () => {
  test('the failure limit holds across both processes', async () => {
    const player = newPlayer()
    for (let i = 0; i < 10; i++) {
      const response = await post(
        i % 2 === 0 ? one : two,
        '/api/codes/redeem',
        {
          code: 'ZZZZZ-ZZZZZ',
        },
        player,
      )
      expect(response.status).toBe(404)
    }
    for (const server of [one, two]) {
      const limited = await post(server, '/api/codes/redeem', { code: 'ZZZZZ-ZZZZZ' }, player)
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500)
    }
  })
})

test('a world redeems through either process at its own pace', async () => {
  const codes = await buyAcross(one, two)
  const player = newPlayer()
  const worlds = [one, two].map(
    (server) =>
      new KioskSimulator({ baseUrl: server.url, playerAddress: player, wait: async () => {} }),
  )
  const [first, second] = await Promise.all(
    codes.map((code, i) => worlds[i]?.redeem(code.toLowerCase())),
  )
  for (const download of [first, second]) {
    expect(download?.ok).toBe(true)
    if (download?.ok) expect(download.json.status).toBe('redeemed')
  }
})
