import type { AddressInfo } from 'node:net'
import { beforeAll, describe, expect, test } from 'vitest'
import { perkMismatches } from '#test/catalogue-facts'
import { buyCodes, countRows } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { grantedIdsKey, KioskSimulator, KioskWorld } from '#test/kiosk-simulator'
import { describeWithRedis, withSharedRedis } from '#test/redis'
import { buildTestApp, type TestContext, testServerSecret, withTestApp } from '#test/test-app'
import { clientHasher } from '../../core/client-hash'
import type { Code } from '../../core/db/schema'
import { type KioskAnswer, redeemStatuses } from '../../core/kiosk/kiosk-answer'
import { repeatWindowMs } from '../../core/kiosk/redeem'
import { rateLimits } from '../../core/rate-limits'
import { addEvent, removeEvent, seedRegularShows } from '../../core/schedule/events'
import { catalogue } from '../../shared/catalogue'
import { formatCode } from '../../shared/code-format'
import type { LiveFeed } from '../../shared/live'

/** Sunday 22 November 2026, 16:30 CST: half an hour into the Sunday show. */
const duringShow = '2026-11-22T22:30:00Z'
const showName = 'Sunday Stand-Up'
const hash = clientHasher(testServerSecret)

let nextPlayer = 1
/** A player address no other test uses, so failure counts never carry over. */
function newPlayer(): string {
  const n = nextPlayer++
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

/** Listens on a free port, so the simulator talks HTTP to it like a world would. */
function listen(t: TestContext): { url: string } {
  const site = { url: '' }
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    site.url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  })
  return site
}

function world(t: TestContext, site: { url: string }, playerAddress = newPlayer()) {
  return new KioskSimulator({
    baseUrl: site.url,
    playerAddress,
    // Five seconds between downloads pass on the server's clock, not the test's.
    wait: async (ms) => t.clock.advance(ms),
  })
}

type HasApp = Pick<TestContext, 'app'>

function inject(t: HasApp, url: string, player = newPlayer()) {
  return t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': player } })
}

function post(t: HasApp, code: unknown, player = newPlayer()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/codes/redeem',
    headers: { 'x-forwarded-for': player, 'content-type': 'application/json' },
    payload: JSON.stringify({ code }),
  })
}

function redemptionOf(t: TestContext, code: string) {
  return t.db.selectFrom('redemptions').selectAll().where('code', '=', code).executeTakeFirst()
}

function expectAnswer(json: Record<string, unknown>): KioskAnswer {
  expect(Object.keys(json).sort()).toEqual(
    [
      'anonymous',
      'boosts',
      'comic',
      'message',
      'left',
      'perks',
      'product',
      'redemption',
      'show',
      'status',
      'yours',
    ].sort(),
  )
  for (const value of Object.values(json)) expect(typeof value).not.toBe('object')
  const answer = json as unknown as KioskAnswer
  expect(redeemStatuses).toContain(answer.status)
  expect(answer.message.length).toBeLessThanOrEqual(100)
  // A redemption id exactly when the answer grants.
  expect(answer.redemption !== '').toBe(answer.boosts > 0)
  return answer
}

const [pglite] = testDatabases
if (!pglite) throw new Error('no test database')

describe.each(testDatabases)('the kiosk on $name', (database) => {
  const t = withTestApp(database, { now: duringShow, trustProxyHops: 1 })
  const site = listen(t)

  async function codesDuringShow(items: Parameters<typeof buyCodes>[1]): Promise<Code[]> {
    t.clock.set(duringShow)
    return buyCodes(t, items)
  }

  test('a fan completes the URL in the world and the code is redeemed, once, for the show', async () => {
    const [code] = await codesDuringShow([['ffr-25', 1]])
    const player = newPlayer()
    const kiosk = world(t, site, player)
    // As typed on a VR keyboard: lower case, a space (sent as %20) and the dash.
    const typed = `${formatCode(code?.code ?? '')
      .toLowerCase()
      .replace('-', '%20-')}`
    const download = await kiosk.redeem(typed)
    expect(download.ok).toBe(true)
    if (!download.ok) return
    expect(download.text.length).toBeLessThan(512)
    expect(expectAnswer(download.json)).toEqual({
      status: 'redeemed',
      message: "+10 boosts for tonight's comics! You're on the donor wall.",
      product: 'ffr-25',
      boosts: 10,
      perks: 'donor_wall',
      anonymous: false,
      show: showName,
      yours: false,
      redemption: expect.stringMatching(/^[\w-]{12}$/),
      left: 0,
      comic: '',
    })

    const row = await t.db
      .selectFrom('codes')
      .selectAll()
      .where('code', '=', code?.code ?? '')
      .executeTakeFirst()
    expect(row?.redeemed_at?.toISOString()).toBe(t.clock.now().toISOString())
    expect(row?.redeemed_anonymously).toBe(false)
    const record = await redemptionOf(t, code?.code ?? '')
    expect(record).toMatchObject({
      order_id: code?.order_id,
      show_id: 'regular-20261122T2200Z',
      product_id: 'ffr-25',
      boosts: 10,
      anonymous: false,
      client_hash: hash(player),
    })
    // Keyed: neither the address nor its plain hash is stored.
    expect(record?.client_hash).not.toContain(player)
  })

  test('the kiosk answers are JSON, never cached, and the short path never redirects', async () => {
    const [code] = await codesDuringShow([['boosts-5', 1]])
    const response = await inject(t, `/k/${code?.code}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    // The API's headers, not a page's: nothing here is a document.
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['content-security-policy']).toBeUndefined()

    for (const url of [
      `/k/${code?.code}/`,
      `/K/${code?.code?.toLowerCase()}`,
      '/k/',
      '/k',
      '/k/%ZZ',
      `/k/${'A'.repeat(5000)}`,
      '/k/ABCDE/FGH23/?x=1',
      '/api/kiosk/redeem',
      '/api/kiosk/redeem?code=',
      '/api/kiosk/redeem?code=a&code=b',
    ]) {
      const answer = await inject(t, url)
      expect(answer.statusCode, url).toBe(200)
      expect(answer.headers.location, url).toBeUndefined()
      expect(answer.body.length, url).toBeLessThan(512)
      expectAnswer(answer.json())
    }
  })

  test('a HEAD request (a link checker) redeems nothing', async () => {
    const [code] = await codesDuringShow([['boosts-5', 1]])
    for (const url of [`/k/${code?.code}`, `/api/kiosk/redeem?code=${code?.code}`]) {
      const head = await t.app.inject({ method: 'HEAD', url })
      expect(head.statusCode, url).toBe(404)
    }
    expect(await redemptionOf(t, code?.code ?? '')).toBeUndefined()
  })

  test('a world queues its downloads, one per 5 s in random order, and reads each answer', async () => {
    const [a, b] = await codesDuringShow([['boosts-5', 2]])
    const started = t.clock.now().getTime()
    const seen: number[] = []
    const at = <T>(download: T) => {
      seen.push(t.clock.now().getTime())
      return download
    }
    const kiosk = new KioskSimulator({
      baseUrl: site.url,
      playerAddress: newPlayer(),
      wait: async (ms) => t.clock.advance(ms),
      // Always the last queued download first: the opposite of the order asked.
      random: () => 0.999,
    })
    const [first, feed, second] = await Promise.all([
      kiosk.redeem(a?.code ?? '').then(at),
      kiosk.feed(),
      kiosk.redeem(b?.code ?? '').then(at),
    ])
    expect(kiosk.log.map((url) => url.replace(site.url, ''))).toEqual([
      `/k/${b?.code}`,
      '/api/live',
      `/k/${a?.code}`,
    ])
    expect(t.clock.now().getTime() - started).toBeGreaterThanOrEqual(2 * 5000)
    expect(seen).toHaveLength(2)
    for (const download of [first, second]) {
      expect(download.ok && download.json.status).toBe('redeemed')
    }
    expect(feed.ok && feed.json.state).toBe('live')
  })

  test('the query form and the short path are one: case, spaces, %20 and dashes do not matter', async () => {
    const codes = await codesDuringShow([['boosts-15', 3]])
    const [a, b, c] = codes.map((code) => code.code)
    const typed = [
      `/api/kiosk/redeem?code=${a?.toLowerCase()}`,
      `/api/kiosk/redeem?code=${encodeURIComponent(` ${b?.slice(0, 3)} ${b?.slice(3)}- `)}`,
      `/k/${c?.slice(0, 5)}%20-%20${c?.slice(5).toLowerCase()}`,
    ]
    for (const url of typed) {
      const answer = expectAnswer((await inject(t, url)).json())
      expect([answer.status, answer.boosts, answer.perks], url).toEqual(['redeemed', 15, ''])
    }
  })

  test("every code grants what its product's catalogue entry declares, and names no other perk", async () => {
    for (const product of catalogue.filter((item) => item.available)) {
      const [code] = await codesDuringShow([[product.id, 1]])
      const answer = expectAnswer((await inject(t, `/k/${code?.code}`)).json())
      expect(answer, product.id).toMatchObject({
        status: 'redeemed',
        product: product.id,
        boosts: product.boosts,
        perks: product.perks.join(','),
      })
      expect(perkMismatches(product.perks, answer.message), product.id).toEqual([])
    }
  })

  test('a trailing 0 gives the gift anonymously', async () => {
    const [code] = await codesDuringShow([['ffr-50', 1]])
    const answer = expectAnswer((await inject(t, `/k/${formatCode(code?.code ?? '')}0`)).json())
    expect(answer).toMatchObject({
      status: 'redeemed',
      boosts: 25,
      perks: 'vip,donor_wall',
      anonymous: true,
    })
    expect(answer.message).toBe(
      "+25 anonymous boosts for tonight's comics! VIP perks unlocked! You're on the donor wall.",
    )
    expect((await redemptionOf(t, code?.code ?? ''))?.anonymous).toBe(true)
  })

  test('a repeat by the same player within 10 minutes is theirs; anyone else is told it was used', async () => {
    const [code] = await codesDuringShow([['boosts-5', 1]])
    const player = newPlayer()
    const kiosk = world(t, site, player)
    const first = await kiosk.redeem(`${code?.code}0`)
    // The world lost the first answer and asks again (5 s later, the simulator's pace).
    const again = await kiosk.redeem(code?.code ?? '')
    expect(first.ok && again.ok).toBe(true)
    if (!first.ok || !again.ok) return
    expect(expectAnswer(again.json)).toEqual({
      status: 'already_redeemed',
      message: 'You already redeemed this code: enjoy the show!',
      product: 'boosts-5',
      boosts: 5,
      perks: '',
      anonymous: true,
      show: showName,
      yours: true,
      // The same redemption: a world that granted it once grants nothing now.
      redemption: first.json.redemption,
      left: 0,
      comic: '',
    })

    const someoneElse = expectAnswer((await inject(t, `/k/${code?.code}`)).json())
    expect(someoneElse).toMatchObject({
      status: 'already_redeemed',
      message: 'This code was already used.',
      boosts: 0,
      yours: false,
    })

    t.clock.advance(repeatWindowMs)
    const late = expectAnswer((await inject(t, `/k/${code?.code}`, player)).json())
    expect([late.status, late.yours, late.boosts]).toEqual(['already_redeemed', false, 0])
    expect(await countRows(t.db, 'redemptions')).toBeGreaterThan(0)
    expect((await redemptionOf(t, code?.code ?? ''))?.anonymous).toBe(true)
  })

  test('what is not a code is invalid and touches no row', async () => {
    const before = await t.db.selectFrom('codes').selectAll().orderBy('code').execute()
    for (const typed of [
      'ABCDE',
      'ABCDE-FGH2I',
      'ABCDE-FGH230X',
      '0000000000',
      'abcde-fgh2',
      '💥',
    ]) {
      const answer = expectAnswer((await inject(t, `/k/${encodeURIComponent(typed)}`)).json())
      expect([answer.status, answer.product, answer.boosts], typed).toEqual(['invalid', '', 0])
    }
    expect(await t.db.selectFrom('codes').selectAll().orderBy('code').execute()).toEqual(before)
  })

  test('a code redeems until its show starts + 3 hours; a voided code never', async () => {
    const [late, voided] = await codesDuringShow([['boosts-5', 2]])
    await t.db
      .updateTable('codes')
      .set({ voided_at: t.clock.now(), void_reason: 'refund' })
      .where('code', '=', voided?.code ?? '')
      .execute()
    const voidedAnswer = expectAnswer((await inject(t, `/k/${voided?.code}`)).json())
    expect(voidedAnswer).toMatchObject({ status: 'voided', product: 'boosts-5', boosts: 0 })

    // 19:00 CST: the Sunday show's window has closed.
    t.clock.set('2026-11-23T01:00:00Z')
    const expired = expectAnswer((await inject(t, `/k/${late?.code}`)).json())
    expect(expired).toMatchObject({ status: 'expired', show: showName, boosts: 0 })
    expect(await redemptionOf(t, late?.code ?? '')).toBeUndefined()
  })

  test('POST /api/codes/redeem answers with real statuses', async () => {
    const [code, voided] = await codesDuringShow([['ffr-10', 2]])
    await t.db
      .updateTable('codes')
      .set({ voided_at: t.clock.now(), void_reason: 'dispute' })
      .where('code', '=', voided?.code ?? '')
      .execute()
    const player = newPlayer()
    const redeemed = await post(t, formatCode(code?.code ?? ''), player)
    expect(redeemed.statusCode).toBe(200)
    expect(redeemed.headers['cache-control']).toBe('no-store')
    expect(expectAnswer(redeemed.json()).status).toBe('redeemed')
    expect((await post(t, code?.code)).statusCode).toBe(409)
    expect((await post(t, code?.code, player)).json()).toMatchObject({ yours: true })
    expect((await post(t, 'nope')).statusCode).toBe(400)
    expect((await post(t, 'ZZZZZ-ZZZZZ')).statusCode).toBe(404)
    expect((await post(t, voided?.code)).statusCode).toBe(410)

    for (const body of ['{}', '{"code": 12}', 'null', '[]', '{"code":']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/codes/redeem',
        headers: { 'content-type': 'application/json' },
        payload: body,
      })
      expect(response.statusCode, body).toBe(400)
      expect(typeof response.json().message, body).toBe('string')
    }
  })

  test('10 failures in 10 minutes, then rate_limited without a lookup until the window passes', async () => {
    const [code] = await codesDuringShow([['boosts-5', 1]])
    const player = newPlayer()
    for (let i = 0; i < rateLimits.kioskFailures.max; i++) {
      const answer = (await post(t, `ZZZZZ-ZZZZ${'23456789AB'[i]}`, player)).json()
      expect(answer.status).toBe('not_found')
    }
    // Even a good code is not looked at now.
    const limited = await post(t, code?.code, player)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBe(600)
    expect(limited.json()).toMatchObject({
      status: 'rate_limited',
      message: 'Too many wrong codes. Try again in 10 minutes.',
    })
    const viaWorld = await inject(t, `/k/${code?.code}`, player)
    expect(viaWorld.statusCode).toBe(200)
    expect(viaWorld.json().status).toBe('rate_limited')
    expect(await redemptionOf(t, code?.code ?? '')).toBeUndefined()

    // Another player at the same show is not held up.
    expect((await post(t, 'ZZZZZ-ZZZZZ')).statusCode).toBe(404)

    t.clock.advance(rateLimits.kioskFailures.windowMs)
    expect((await post(t, code?.code, player)).json().status).toBe('redeemed')
  })

  test('200 players redeeming one code at the same moment: exactly one wins', async () => {
    const [code] = await codesDuringShow([['ffr-25', 1]])
    const answers = await Promise.all(
      Array.from({ length: 200 }, async () =>
        expectAnswer((await inject(t, `/k/${code?.code}`)).json()),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 'redeemed')).toHaveLength(1)
    expect(statuses.filter((status) => status === 'already_redeemed')).toHaveLength(199)
    const records = await t.db
      .selectFrom('redemptions')
      .select('code')
      .where('code', '=', code?.code ?? '')
      .execute()
    expect(records).toHaveLength(1)
  })

  test('50 wrong codes from one player at once: at most 10 are looked up, the rest rate_limited', async () => {
    const player = newPlayer()
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const guess = `ZZZZZ-ZZ${'23456789ABCDEFGHJKMNPQRSTUVWXYZ'[i % 31]}${i < 31 ? 'Z' : 'Y'}Z`
        return (await post(t, guess, player)).json().status as string
      }),
    )
    const notFound = answers.filter((status) => status === 'not_found').length
    expect(notFound).toBeGreaterThan(0)
    expect(notFound).toBeLessThanOrEqual(rateLimits.kioskFailures.max)
    expect(answers.filter((status) => status === 'rate_limited')).toHaveLength(50 - notFound)
  })

  test('a redemption takes back its count: a fan redeeming many codes is never rate limited', async () => {
    const codes = await codesDuringShow([['boosts-5', 12]])
    const player = newPlayer()
    for (const code of codes) {
      expect((await post(t, code.code, player)).json().status).toBe('redeemed')
    }
    // Nine wrong codes after twelve good ones: the tenth wrong one is still looked up.
    for (let i = 0; i < rateLimits.kioskFailures.max; i++) {
      expect((await post(t, 'ZZZZZ-ZZZZZ', player)).json().status).toBe('not_found')
    }
    expect((await post(t, 'ZZZZZ-ZZZZZ', player)).json().status).toBe('rate_limited')
  })

  test('clients in one IPv6 /64 are one player to the failure limit', async () => {
    const prefix = `2001:db8:${nextPlayer++}:7`
    const statuses: string[] = []
    for (let i = 0; i <= rateLimits.kioskFailures.max; i++) {
      // A new address of the same /64 for every attempt, as privacy addresses do.
      statuses.push(
        (await post(t, 'ZZZZZ-ZZZZZ', `${prefix}::${(i + 1).toString(16)}`)).json().status,
      )
    }
    expect(statuses).toEqual([
      ...Array(rateLimits.kioskFailures.max).fill('not_found'),
      'rate_limited',
    ])
    expect((await post(t, 'ZZZZZ-ZZZZZ', `2001:db8:${nextPlayer++}:7::1`)).json().status).toBe(
      'not_found',
    )
  })

  test('one code in every spelling the kiosk reads, from one player: the world grants it once', async () => {
    const [code] = await codesDuringShow([['ffr-50', 1]])
    const c = code?.code ?? ''
    const world = new KioskWorld({
      baseUrl: site.url,
      playerAddress: newPlayer(),
      wait: async (ms) => t.clock.advance(ms),
    })
    const spellings = [
      formatCode(c),
      `${formatCode(c)}0`,
      c.toLowerCase(),
      `${c}/`,
      `${c}?1`,
      `${c.slice(0, 5)}%2D${c.slice(5)}`,
      `${c.slice(0, 5)}%20${c.slice(5)}`,
      `%20${c.slice(0, 3)}-${c.slice(3).toLowerCase()}%20`,
    ]
    const answers: KioskAnswer[] = []
    for (const typed of spellings) {
      const download = await world.redeem(typed)
      expect(download.ok, typed).toBe(true)
      if (download.ok) answers.push(expectAnswer(download.json))
    }
    // The server grants every repeat (the first answer may have been lost)...
    expect(answers.map((answer) => [answer.status, answer.boosts])).toEqual([
      ['redeemed', 25],
      ...Array(spellings.length - 1).fill(['already_redeemed', 25]),
    ])
    // ...under one redemption id, so the world grants once.
    expect(new Set(answers.map((answer) => answer.redemption)).size).toBe(1)
    expect(world.grants).toEqual([
      {
        redemption: answers[0]?.redemption,
        product: 'ffr-50',
        boosts: 25,
        perks: 'vip,donor_wall',
        anonymous: false,
      },
    ])
    expect(world.playerData.get(grantedIdsKey)).toBe(answers[0]?.redemption)

    // The player leaves and joins again: PlayerData remembers, nothing is granted twice.
    const rejoined = world.rejoin()
    const after = await rejoined.redeem(c)
    expect(after.ok && after.json.yours).toBe(true)
    expect(rejoined.grants).toEqual([])
  })

  test('tabs and letters that Unicode case folding would turn into a code are invalid', async () => {
    const [code] = await codesDuringShow([['boosts-5', 1]])
    const c = code?.code ?? ''
    for (const typed of [
      `${c.slice(0, 5)}\t${c.slice(5)}`,
      `${c.slice(0, 5)}\u2010${c.slice(5)}`,
      `${c.slice(0, 8).toLowerCase()}\u00df`,
      `${c.slice(0, 8)}\ufb00`,
      `${c.slice(0, 9)}\uff16`,
    ]) {
      const answer = expectAnswer((await inject(t, `/k/${encodeURIComponent(typed)}`)).json())
      expect(answer.status, JSON.stringify(typed)).toBe('invalid')
    }
    expect(await redemptionOf(t, c)).toBeUndefined()
  })

  describe('the live feed', () => {
    async function feed(): Promise<{
      body: LiveFeed
      raw: string
      headers: Record<string, unknown>
    }> {
      const response = await t.app.inject({ method: 'GET', url: '/api/live' })
      expect(response.statusCode).toBe(200)
      return { body: response.json(), raw: response.body, headers: response.headers }
    }

    test('during a show: the running total and the last 5 gifts, newest first, never a code', async () => {
      // Next Sunday's show, so earlier tests' gifts are not in it.
      t.clock.set('2026-11-29T22:10:00Z')
      await seedRegularShows(t.db, t.clock)
      const codes = await buyCodes(t, [
        ['boosts-5', 3],
        ['ffr-50', 3],
      ])
      const before = await feed()
      expect(before.headers['cache-control']).toBe('public, max-age=2')
      expect(before.body).toMatchObject({
        state: 'live',
        showId: 'regular-20261129T2200Z',
        show: showName,
        startsAt: '2026-11-29T22:00:00.000Z',
        totalBoosts: 0,
        gifts: [],
      })
      for (const [i, code] of codes.entries()) {
        t.clock.advance(60_000)
        const typed = i === 5 ? `${code.code}0` : code.code
        expect((await inject(t, `/k/${typed}`)).json().status).toBe('redeemed')
      }
      // Redemptions here refresh the feed at once.
      const after = await feed()
      expect(after.body.totalBoosts).toBe(3 * 5 + 3 * 25)
      expect(after.body.gifts).toHaveLength(5)
      expect(after.body.gifts[0]).toEqual({
        product: 'ffr-50',
        productName: 'FFR 50',
        boosts: 25,
        anonymous: true,
        name: '',
        from: 'an anonymous fan',
        message: '',
        at: t.clock.now().toISOString(),
        comic: '',
        text: "An anonymous fan gave 25 boosts to tonight's comics",
      })
      expect(after.body.gifts.map((gift) => gift.product)).toEqual([
        'ffr-50',
        'ffr-50',
        'ffr-50',
        'boosts-5',
        'boosts-5',
      ])
      expect(after.body.gifts[1]?.from).toBe('a fan')
      expect(after.raw.length).toBeLessThanOrEqual(2048)
      for (const code of codes) expect(after.raw).not.toContain(code.code)
    })

    test("over HTTP, the cached feed is served with the route's own headers and refreshed by a redemption", async () => {
      t.clock.set('2026-11-29T22:20:00Z')
      const read = async () => {
        const response = await fetch(`${site.url}/api/live`)
        const headers = Object.fromEntries(response.headers)
        delete headers.date
        delete headers['keep-alive']
        delete headers.connection
        delete headers['content-length']
        return { headers, body: (await response.json()) as LiveFeed }
      }
      // The first read computes the feed (Fastify's route); the second finds it cached.
      const first = await read()
      const second = await read()
      expect(second).toEqual(first)
      expect(first.headers).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'public, max-age=2',
        'x-content-type-options': 'nosniff',
      })
      const [code] = await buyCodes(t, [['boosts-15', 1]])
      expect((await inject(t, `/k/${code?.code}`)).json().status).toBe('redeemed')
      const after = await read()
      expect(after.body.totalBoosts).toBe(first.body.totalBoosts + 15)
      expect(after.headers).toEqual(first.headers)
    })

    test('before a show it is upcoming; with no show ahead, the last one has ended', async () => {
      t.clock.set('2026-11-29T20:00:00Z')
      expect((await feed()).body).toMatchObject({
        state: 'upcoming',
        showId: 'regular-20261129T2200Z',
      })
      // Far ahead, past every seeded show and with every event removed: ended.
      const special = await addEvent(
        t.db,
        { name: 'Farewell', description: '', startsAt: new Date('2027-06-01T00:00:00Z') },
        t.clock.now(),
      )
      t.clock.set('2027-06-01T04:00:00Z')
      const ended = (await feed()).body
      expect([ended.state, ended.showId, ended.show]).toEqual(['ended', special.id, 'Farewell'])
      await removeEvent(t.db, special.id, t.clock.now())
    })
  })
})

describeWithRedis('the failure limit across apps and proxies', () => {
  const shared = withSharedRedis()

  test('failures on one app count on the other', async () => {
    const [one, two] = await shared.apps(2, { now: duringShow, trustProxyHops: 1 })
    if (!one || !two) throw new Error('no apps')
    const player = newPlayer()
    for (let i = 0; i < rateLimits.kioskFailures.max; i++) {
      const answer = await post(i % 2 === 0 ? one : two, 'ZZZZZ-ZZZZZ', player)
      expect(answer.statusCode).toBe(404)
    }
    expect((await post(one, 'ZZZZZ-ZZZZZ', player)).statusCode).toBe(429)
    expect((await post(two, 'ZZZZZ-ZZZZZ', player)).statusCode).toBe(429)
    expect((await post(one, 'ZZZZZ-ZZZZZ')).statusCode).toBe(404)
  })

  test('with no proxy trusted, a forged X-Forwarded-For does not make a new player', async () => {
    const direct = await buildTestApp(shared.db(), { now: duringShow, trustProxyHops: 0 })
    try {
      const statuses: number[] = []
      for (let i = 0; i <= rateLimits.kioskFailures.max; i++) {
        statuses.push((await post(direct, 'ZZZZZ-ZZZZZ', newPlayer())).statusCode)
      }
      expect(statuses).toEqual([...Array(rateLimits.kioskFailures.max).fill(404), 429])
    } finally {
      await direct.app.close()
    }
  })
})
