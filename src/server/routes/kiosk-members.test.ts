import type { AddressInfo } from 'node:net'
import { beforeAll, describe, expect, test } from 'vitest'
import { perkMismatches } from '#test/catalogue-facts'
import { buyCodes } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { KioskWorld } from '#test/kiosk-simulator'
import { insertMembership, type MembershipOverrides } from '#test/memberships'
import { queryLog } from '#test/query-log'
import { withTestApp } from '#test/test-app'
import { generateMemberCode } from '../../core/ids'
import type { KioskAnswer } from '../../core/kiosk/kiosk-answer'
import { redeemMemberCode } from '../../core/kiosk/member-redeem'
import { rateLimits } from '../../core/rate-limits'
import { addEvent } from '../../core/schedule/events'
import { findProduct } from '../../shared/catalogue'
import { formatCode } from '../../shared/code-format'
import type { LiveFeed } from '../../shared/live'
import { memberGraceMs, tierIds } from '../../shared/memberships'

/** Sunday 22 November 2026, 16:30 CST: half an hour into the Sunday show. */
const duringShow = '2026-11-22T22:30:00Z'
const sundayShow = 'regular-20261122T2200Z'
/** Tuesday 24 November, 19:30 CST: the next regular show, half an hour in. */
const duringTuesday = '2026-11-25T01:30:00Z'
const duringNextSunday = '2026-11-29T22:30:00Z'
const duringNextTuesday = '2026-12-02T01:30:00Z'
const dayMs = 24 * 60 * 60_000

let nextPlayer = 1
/** A player address no other test uses, so failure counts never carry over. */
function newPlayer(): string {
  const n = nextPlayer++
  return `10.200.${(n >> 8) & 255}.${n & 255}`
}

type Member = Omit<MembershipOverrides, 'id' | 'member_code'>

describe.each(testDatabases)('a member code at the kiosk on $name', (database) => {
  const t = withTestApp(database, { now: duringShow, trustProxyHops: 1 })
  // The simulated world talks HTTP to the site, like a world would.
  const site = { url: '' }
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    site.url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  })

  /** A membership as the lifecycle leaves it: paid up for a period around the test's shows. */
  async function addMember(fields: Member = {}) {
    const created = new Date(duringShow)
    const member = await insertMembership(t.db, {
      tier: 'membership-3',
      period_start: new Date('2026-11-20T00:00:00Z'),
      period_end: new Date('2026-12-20T00:00:00Z'),
      period_allowance: 200,
      created_at: created,
      updated_at: created,
      ...fields,
    })
    return { id: member.id, code: member.member_code }
  }

  async function redeem(typed: string, player = newPlayer()) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/k/${typed}`,
      headers: { 'x-forwarded-for': player },
    })
    expect(response.statusCode).toBe(200)
    expect(Buffer.byteLength(response.body)).toBeLessThanOrEqual(512)
    const answer = response.json() as KioskAnswer
    expect(answer.message.length).toBeLessThanOrEqual(100)
    expect(answer.redemption !== '').toBe(answer.boosts > 0)
    return answer
  }

  function grantsOf(membershipId: string) {
    return t.db
      .selectFrom('member_redemptions')
      .selectAll()
      .where('membership_id', '=', membershipId)
      .orderBy('redeemed_at')
      .execute()
  }

  test("during a show a member code grants the tier's boosts and perks once; again, already_redeemed", async () => {
    t.clock.set(duringShow)
    const member = await addMember()
    const first = await redeem(formatCode(member.code).toLowerCase())
    expect(first).toEqual({
      status: 'redeemed',
      message: "+20 boosts for tonight's comics! Line jump and VIP on! 180 left this month.",
      product: 'membership-3',
      boosts: 20,
      perks: 'line_jump,vip',
      anonymous: false,
      show: 'Sunday Stand-Up',
      yours: false,
      redemption: expect.stringMatching(/^[\w-]{12}$/),
      left: 180,
      comic: '',
    })
    expect(await grantsOf(member.id)).toEqual([
      expect.objectContaining({ show_id: sundayShow, boosts: 20, anonymous: false }),
    ])

    t.clock.advance(60_000)
    const again = await redeem(member.code)
    expect(again).toMatchObject({
      status: 'already_redeemed',
      product: 'membership-3',
      boosts: 0,
      perks: '',
      redemption: '',
      left: 180,
      comic: '',
    })
    expect(await grantsOf(member.id)).toHaveLength(1)
  })

  test("each tier's member code grants the boosts and perks its declaration holds, and names no other perk", async () => {
    t.clock.set(duringShow)
    for (const tier of tierIds) {
      const product = findProduct(tier)
      const allowance = product?.membership?.monthlyBoosts ?? 0
      const member = await addMember({ tier, period_allowance: allowance })
      const answer = await redeem(member.code)
      expect(answer, tier).toMatchObject({
        status: 'redeemed',
        product: tier,
        boosts: product?.boosts,
        perks: product?.perks.join(','),
        left: allowance - (product?.boosts ?? 0),
      })
      expect(perkMismatches(product?.perks ?? [], answer.message), tier).toEqual([])
    }
  })

  /**
   * The statements sent: the log also names each query embedded in a later one, alone (with its
   * parameters numbered from 1), before the statement that holds it.
   */
  const sent = (statements: string[]) => {
    const plain = statements.map((sql) => sql.replace(/\$\d+/g, '$'))
    return plain.filter((sql, i) => !plain.slice(i + 1).some((later) => later.includes(sql)))
  }

  test("a paid-up member's grant at a show is one statement, credited as a show code's; a repeat is decided in full", async () => {
    const member = await addMember()
    const statements: string[] = []
    const deps = {
      db: t.db.withPlugin(queryLog((statement) => statements.push(statement))),
      clock: t.clock,
      redemptionId: (key: string) => key,
    }
    const granted = await redeemMemberCode(deps, member.code, false)
    expect(granted?.answer).toMatchObject({ status: 'redeemed', boosts: 20, left: 180 })
    // The grant, credited in the same statement to the set open (grant_credit, src/core/comics/credit-rule.ts).
    expect(sent(statements)).toHaveLength(1)
    expect(sent(statements)[0]).toContain('grant_credit(')

    statements.length = 0
    const again = await redeemMemberCode(deps, member.code, false)
    expect(again?.answer).toMatchObject({ status: 'already_redeemed', left: 180 })
    expect(sent(statements).length).toBeGreaterThan(1)
    expect(await grantsOf(member.id)).toHaveLength(1)
  })

  test('two shows grant twice, with a redemption id per show; a world grants once per show', async () => {
    t.clock.set(duringShow)
    const member = await addMember({ tier: 'membership-2', period_allowance: 100 })
    const kiosk = new KioskWorld({
      baseUrl: site.url,
      playerAddress: newPlayer(),
      wait: async (ms) => t.clock.advance(ms),
    })
    await kiosk.redeem(formatCode(member.code))
    await kiosk.redeem(member.code)
    t.clock.set(duringTuesday)
    const tuesday = await kiosk.redeem(formatCode(member.code))
    expect(tuesday.ok && tuesday.json.left).toBe(80)
    expect(kiosk.grants.map((grant) => [grant.product, grant.boosts, grant.perks])).toEqual([
      ['membership-2', 10, 'line_jump'],
      ['membership-2', 10, 'line_jump'],
    ])
    expect(kiosk.grants[0]?.redemption).not.toBe(kiosk.grants[1]?.redemption)
    expect((await grantsOf(member.id)).map((grant) => grant.show_id)).toEqual([
      sundayShow,
      'regular-20261125T0100Z',
    ])
  })

  test("the month's allowance runs out: a smaller last grant, then allowance_used", async () => {
    const member = await addMember({ period_allowance: 50 })
    const answers: KioskAnswer[] = []
    for (const at of [duringShow, duringTuesday, duringNextSunday, duringNextTuesday]) {
      t.clock.set(at)
      answers.push(await redeem(member.code))
    }
    expect(answers.map((a) => [a.status, a.boosts, a.left])).toEqual([
      ['redeemed', 20, 30],
      ['redeemed', 20, 10],
      ['redeemed', 10, 0],
      ['allowance_used', 0, 0],
    ])
    expect(answers[2]?.message).toBe(
      "+10 boosts for tonight's comics! Line jump and VIP on! None left this month.",
    )
    // A new period (the lifecycle's refill) counts afresh; the old period's grants stay.
    await t.db
      .updateTable('memberships')
      .set({ period_start: new Date('2026-12-01T00:00:00Z'), period_allowance: 200 })
      .where('id', '=', member.id)
      .execute()
    t.clock.set(duringNextTuesday)
    expect(await redeem(member.code)).toMatchObject({ status: 'redeemed', boosts: 20, left: 180 })
  })

  test('a membership paused, ended or not yet paid grants nothing; within the grace it grants', async () => {
    t.clock.set(duringShow)
    const now = t.clock.now().getTime()
    const paused = await addMember({
      status: 'past_due',
      past_due_since: new Date(now - memberGraceMs - dayMs),
    })
    const grace = await addMember({ status: 'past_due', past_due_since: new Date(now - dayMs) })
    const ended = await addMember({ status: 'ended', ended_at: new Date(now - dayMs) })
    const incomplete = await addMember({ status: 'incomplete', period_start: null })
    const statuses = []
    for (const member of [paused, grace, ended, incomplete]) {
      const answer = await redeem(member.code)
      statuses.push([answer.status, answer.boosts, answer.left])
    }
    expect(statuses).toEqual([
      ['member_paused', 0, 0],
      ['redeemed', 20, 180],
      ['member_ended', 0, 0],
      ['member_incomplete', 0, 0],
    ])
    for (const member of [paused, ended, incomplete]) {
      expect(await grantsOf(member.id)).toEqual([])
    }
  })

  test('outside a show a member code is refused, and says what the month still holds', async () => {
    const member = await addMember()
    // Sunday, 2 hours before the show, then an hour after it ended.
    for (const at of ['2026-11-22T20:00:00Z', '2026-11-23T02:00:00Z']) {
      t.clock.set(at)
      expect(await redeem(member.code)).toMatchObject({
        status: 'no_show_now',
        message: 'Member codes work during a show: try again when the next one starts.',
        product: 'membership-3',
        boosts: 0,
        show: '',
        left: 200,
      })
    }
    expect(await grantsOf(member.id)).toEqual([])
  })

  test('20 kiosks sending one member code at the same moment: exactly one grant', async () => {
    t.clock.set(duringShow)
    const member = await addMember()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => redeem(i % 2 ? formatCode(member.code) : member.code)),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual(['redeemed', ...Array(19).fill('already_redeemed')].sort())
    expect(answers.reduce((sum, answer) => sum + answer.boosts, 0)).toBe(20)
    expect(await grantsOf(member.id)).toHaveLength(1)
  })

  test('unknown member codes count toward the failure limit like unknown show codes', async () => {
    t.clock.set(duringShow)
    const player = newPlayer()
    const member = await addMember()
    for (let i = 0; i < rateLimits.kioskFailures.max; i++) {
      expect((await redeem(generateMemberCode(), player)).status).toBe('not_found')
    }
    // The limit is met: even a good member code waits, and is not looked up.
    expect((await redeem(member.code, player)).status).toBe('rate_limited')
    expect(await grantsOf(member.id)).toEqual([])
  })

  test('POST /api/codes/redeem answers a member code with real statuses', async () => {
    t.clock.set('2026-11-22T20:00:00Z')
    const member = await addMember({ status: 'ended' })
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/codes/redeem',
      headers: { 'x-forwarded-for': newPlayer(), 'content-type': 'application/json' },
      payload: JSON.stringify({ code: formatCode(member.code) }),
    })
    expect([response.statusCode, response.json().status]).toEqual([410, 'member_ended'])
  })

  test("the live feed counts members' boosts and shows their gifts, never an email", async () => {
    // A special show on a Monday, away from the regular ones, so no other test's gifts are in it.
    t.clock.set('2026-11-30T17:00:00Z')
    const show = await addEvent(
      t.db,
      { name: 'Members Night', description: '', startsAt: new Date('2026-11-30T18:00:00Z') },
      t.clock.now(),
    )
    t.clock.set('2026-11-30T18:10:00Z')
    const [code] = await buyCodes(t, [['ffr-25', 1]])
    const named = await addMember({ display_name: 'Sam' })
    const plain = await addMember()
    const hidden = await addMember({ tier: 'membership-2', display_name: 'Robin' })
    const tierOne = await addMember({ tier: 'membership-1', display_name: '  Kim\u200b\t ' })
    for (const typed of [code?.code, named.code, plain.code, `${hidden.code}0`, tierOne.code]) {
      t.clock.advance(60_000)
      expect((await redeem(typed ?? '')).status).toBe('redeemed')
    }
    const response = await t.app.inject({ method: 'GET', url: '/api/live' })
    const feed = response.json() as LiveFeed
    expect([feed.state, feed.showId, feed.totalBoosts]).toEqual([
      'live',
      show.id,
      10 + 20 + 20 + 10 + 5,
    ])
    expect(feed.gifts.map((gift) => gift.text)).toEqual([
      "Kim gave 5 boosts to tonight's comics",
      "An anonymous member gave 10 boosts to tonight's comics",
      "A Tier 3 member gave 20 boosts to tonight's comics",
      "Sam gave 20 boosts to tonight's comics",
      "A fan gave 10 boosts to tonight's comics",
    ])
    expect(feed.gifts[2]).toEqual({
      product: 'membership-3',
      productName: 'Tier 3',
      boosts: 20,
      anonymous: false,
      name: '',
      from: 'a Tier 3 member',
      message: '',
      at: new Date('2026-11-30T18:13:00Z').toISOString(),
      comic: '',
      text: "A Tier 3 member gave 20 boosts to tonight's comics",
    })
    expect(response.body).not.toContain('@example.com')
    expect(response.body).not.toContain('Robin')
  })

  test('an old gift keeps the tier it was granted under when the member changes plan', async () => {
    t.clock.set('2026-12-07T17:00:00Z')
    await addEvent(
      t.db,
      { name: 'Plan Change Night', description: '', startsAt: new Date('2026-12-07T18:00:00Z') },
      t.clock.now(),
    )
    t.clock.set('2026-12-07T18:10:00Z')
    const member = await addMember({
      tier: 'membership-1',
      period_start: new Date('2026-11-20T00:00:00Z'),
      period_end: new Date('2026-12-20T00:00:00Z'),
      period_allowance: 50,
    })
    expect((await redeem(member.code)).boosts).toBe(5)
    await t.db
      .updateTable('memberships')
      .set({ tier: 'membership-3', next_tier: 'membership-3', period_allowance: 200 })
      .where('id', '=', member.id)
      .execute()
    t.clock.advance(60_000)
    const feed = (await t.app.inject({ method: 'GET', url: '/api/live' })).json() as LiveFeed
    expect(feed.gifts.map((gift) => [gift.product, gift.text])).toEqual([
      ['membership-1', "A Tier 1 member gave 5 boosts to tonight's comics"],
    ])
  })
})
