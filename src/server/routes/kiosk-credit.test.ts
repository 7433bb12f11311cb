import { describe, expect, test } from 'vitest'
import { buyCodes } from '#test/checkout'
import { insertMembership } from '#test/memberships'
import { testDatabases, testServerSecret, withTestApp } from '#test/test-app'
import { clientHasher } from '../../core/client-hash'
import { lockShow, stageNext, stageShow } from '../../core/comics/stage'
import { inTransaction } from '../../core/db/transaction'
import type { KioskAnswer } from '../../core/kiosk/kiosk-answer'
import { runOperatorAction } from '../../core/operator/operator'
import { readGift } from '../../core/stage/gifts'
import { boardView } from '../../shared/board'
import { formatCode } from '../../shared/code-format'
import type { LiveFeed } from '../../shared/live'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'

/** Sunday 22 November 2026, 16:30 CST: half an hour into the Sunday show. */
const duringShow = '2026-11-22T22:30:00Z'
const hash = clientHasher(testServerSecret)

let nextPlayer = 1
function newPlayer(): string {
  const n = nextPlayer++
  return `10.77.${(n >> 8) & 255}.${n & 255}`
}

describe.each(testDatabases)('credit to the comic on stage on $name', (database) => {
  const t = withTestApp(database, { now: duringShow, trustProxyHops: 1 })
  const actor = { who: 'host@example.com', via: 'cli' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, actor, name, input)

  let comicCount = 0
  async function onStage(name = `Sam Stone ${++comicCount}`) {
    const { comic } = await run('comics.add', { name })
    await run('stage.on', { comic: comic.id })
    return comic
  }
  /** The set open now at tonight's show. */
  async function openSetId(): Promise<number | undefined> {
    return (await run('stage.show', {})).onStage?.id
  }
  async function redeem(typed: string): Promise<KioskAnswer> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/k/${typed}`,
      headers: { 'x-forwarded-for': newPlayer() },
    })
    return response.json()
  }
  async function codes(product: 'ffr-25' | 'ffr-50' | 'boosts-5', count = 1) {
    t.clock.set(duringShow)
    return (await buyCodes(t, [[product, count]])).map((c) => c.code)
  }
  const creditOf = (code: string) =>
    t.db
      .selectFrom('redemptions')
      .select('set_id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow()
      .then((row) => row.set_id)
  const memberCreditOf = (membershipId: string) =>
    t.db
      .selectFrom('member_redemptions')
      .select('set_id')
      .where('membership_id', '=', membershipId)
      .executeTakeFirstOrThrow()
      .then((row) => row.set_id)
  async function feed(): Promise<LiveFeed> {
    // Past the feed's cache of a second or two.
    t.clock.advance(5_000)
    return (await t.app.inject({ method: 'GET', url: '/api/live' })).json()
  }

  test('a grant during a set is credited to that set, and the kiosk names the comic', async () => {
    await onStage('Sam Stone')
    const setId = await openSetId()
    const [code = ''] = await codes('ffr-25')
    const fan = newPlayer()
    const kiosk = (typed: string, player = fan) =>
      t.app
        .inject({ method: 'GET', url: `/k/${typed}`, headers: { 'x-forwarded-for': player } })
        .then((response) => response.json() as KioskAnswer)
    expect(await kiosk(formatCode(code))).toMatchObject({
      status: 'redeemed',
      message: "+10 boosts for Sam Stone! You're on the donor wall.",
      boosts: 10,
      comic: 'Sam Stone',
    })
    expect(setId).toBeTypeOf('number')
    expect(await creditOf(code)).toBe(setId)
    // The fan's own repeat names the same comic, whoever is on stage now; anyone else's, none.
    await onStage('Someone Else')
    expect(await kiosk(code)).toMatchObject({
      status: 'already_redeemed',
      yours: true,
      comic: 'Sam Stone',
    })
    expect(await kiosk(code, newPlayer())).toMatchObject({ yours: false, comic: '' })
    expect(await creditOf(code)).toBe(setId)
  })

  test("a grant while nobody is on stage goes to the show's pot, in the spec's words", async () => {
    await onStage()
    await run('stage.off', {})
    const [code = ''] = await codes('ffr-25')
    const answer = await redeem(code)
    expect(answer).toMatchObject({
      status: 'redeemed',
      message: "+10 boosts for the comic on stage! You're on the donor wall.",
      comic: '',
    })
    expect(await creditOf(code)).toBeNull()
  })

  test('an anonymous gift names the comic and no fan; a 60-character name keeps the answer under 512 bytes', async () => {
    const long = 'Bartholomew Alexander Fitzgerald-Montgomery of Westminster J'
    expect(long).toHaveLength(60)
    await onStage(long)
    const [code = ''] = await codes('ffr-50')
    const response = await t.app.inject({
      method: 'GET',
      url: `/k/${code}0`,
      headers: { 'x-forwarded-for': newPlayer() },
    })
    expect(Buffer.byteLength(response.body)).toBeLessThanOrEqual(512)
    const answer: KioskAnswer = response.json()
    expect(answer).toMatchObject({ status: 'redeemed', anonymous: true, comic: long })
    // The line holds 100 characters: the name is cut there, whole in `comic`.
    expect(answer.message).toBe(
      "+25 boosts for Bartholomew Al…, from an anonymous fan! VIP perks unlocked! You're on the donor wall.",
    )
    for (const value of Object.values(answer)) expect(typeof value).not.toBe('object')
  })

  test('member grants are credited to the comic on stage, and to the pot with nobody on', async () => {
    await onStage('Lee Park')
    const setId = await openSetId()
    const named = await insertMembership(t.db, { tier: 'membership-3', display_name: 'Robin' })
    const answer = await redeem(formatCode(named.member_code))
    expect(answer).toMatchObject({
      status: 'redeemed',
      boosts: 20,
      comic: 'Lee Park',
      message: '+20 boosts for Lee Park! Line jump and VIP on! 180 left this month.',
    })
    expect(await memberCreditOf(named.id)).toBe(setId)

    // In its grace period a membership's grant is decided in full (member-redeem.ts): credited too.
    const late = await insertMembership(t.db, {
      tier: 'membership-3',
      status: 'past_due',
      past_due_since: new Date('2026-11-21T00:00:00Z'),
    })
    expect(await redeem(late.member_code)).toMatchObject({ status: 'redeemed', comic: 'Lee Park' })
    expect(await memberCreditOf(late.id)).toBe(setId)

    await run('stage.off', {})
    const potted = await insertMembership(t.db, { tier: 'membership-3' })
    expect(await redeem(`${potted.member_code}0`)).toMatchObject({
      status: 'redeemed',
      comic: '',
      message:
        '+20 boosts for the comic, from an anonymous member! Line jump and VIP on! 180 left this month.',
    })
    expect(await memberCreditOf(potted.id)).toBeNull()
  })

  test('the live feed, the stage stream and the board say whom each gift was for', async () => {
    await onStage('Kim Ode')
    const [toKim = '', anonymouslyToKim = ''] = await codes('ffr-25', 2)
    const [toPot = ''] = await codes('boosts-5')
    const member = await insertMembership(t.db, { tier: 'membership-3', display_name: 'Robin' })
    // Later than the other tests' gifts, so these are the feed's newest.
    t.clock.set('2026-11-22T23:00:00Z')
    await redeem(toKim)
    t.clock.advance(1_000)
    await redeem(`${anonymouslyToKim}0`)
    t.clock.advance(1_000)
    await redeem(member.member_code)
    await run('stage.off', {})
    t.clock.advance(1_000)
    await redeem(toPot)

    const live = await feed()
    expect(live.gifts.slice(0, 4).map((gift) => [gift.comic, gift.text])).toEqual([
      ['', 'A fan gave 5 boosts (5 Boosts)'],
      ['Kim Ode', 'Robin, a VIP member, gave 20 boosts to Kim Ode'],
      ['Kim Ode', 'An anonymous fan gave 10 boosts to Kim Ode (FFR 25)'],
      ['Kim Ode', 'A fan gave 10 boosts to Kim Ode (FFR 25)'],
    ])
    expect(boardView(live).gifts.slice(0, 2)).toEqual([
      'A fan gave 5 boosts (5 Boosts)',
      'Robin, a VIP member, gave 20 boosts to Kim Ode',
    ])
    // The stream's gift event is read back from the grant's record, as the stage bus does.
    const gift = await readGift(t.db, hash, live.showId, { kind: 'code', code: toKim })
    expect(gift?.gift).toMatchObject({
      comic: 'Kim Ode',
      text: 'A fan gave 10 boosts to Kim Ode (FFR 25)',
      member: false,
    })
    const memberGift = await readGift(t.db, hash, live.showId, {
      kind: 'member',
      membershipId: member.id,
      showId: live.showId,
    })
    expect(memberGift?.gift).toMatchObject({ comic: 'Kim Ode', member: true, vip: true })
  })

  test('50 grants racing a "next": each credited once, to the comic on stage when it committed', async () => {
    const first = await onStage('Ada First')
    const { comic: second } = await run('comics.add', { name: 'Bo Second' })
    await run('lineup.set', {
      places: [
        { comic: first.id, role: 'host' },
        { comic: second.id, role: 'headliner' },
      ],
    })
    const firstSet = await openSetId()
    const shows = await codes('boosts-5', 40)
    const members = await Promise.all(
      Array.from({ length: 10 }, () => insertMembership(t.db, { tier: 'membership-1' })),
    )
    // A member code after every four show codes, so both kinds race the change.
    const order = shows.flatMap((code, i) => {
      const member = i % 4 === 3 ? members[(i - 3) / 4]?.member_code : undefined
      return [{ code }, ...(member ? [{ code: member }] : [])]
    })
    const [early, racing, late] = [order.slice(0, 5), order.slice(5, 45), order.slice(45)]

    // Before the change, one at a time: the first comic's.
    for (const { code } of early) expect((await redeem(code)).comic).toBe('Ada First')

    // The "next", as the stage takes it, recording which grants had committed when it held the
    // show's row: exactly those are the first comic's.
    const now = t.clock.now()
    let next: Promise<Set<string>> | undefined
    const answers: Promise<KioskAnswer>[] = []
    for (const [i, { code }] of racing.entries()) {
      if (i === 15) {
        next = inTransaction(t.db, async (trx) => {
          const show = await stageShow(trx, now)
          await lockShow(trx, show.id, 'update')
          const committed = await Promise.all([
            trx.selectFrom('redemptions').select('code').where('show_id', '=', show.id).execute(),
            trx
              .selectFrom('member_redemptions as r')
              .innerJoin('memberships as m', 'm.id', 'r.membership_id')
              .select('m.member_code as code')
              .where('r.show_id', '=', show.id)
              .execute(),
          ])
          await stageNext(trx, show, now)
          return new Set(committed.flat().map((row) => row.code))
        })
      }
      answers.push(redeem(code))
      // Let some of them start before the next is sent.
      await new Promise((resolve) => setImmediate(resolve))
    }
    const before = await next
    const racedAnswers = await Promise.all(answers)

    // After the change, one at a time: the second comic's.
    for (const { code } of late) expect((await redeem(code)).comic).toBe('Bo Second')

    const secondSet = await openSetId()
    expect(secondSet).not.toBe(firstSet)
    const credit = new Map<string, number | null>()
    for (const code of shows) credit.set(code, await creditOf(code))
    for (const m of members) credit.set(m.member_code, await memberCreditOf(m.id))
    expect([...credit.values()].every((set) => set === firstSet || set === secondSet)).toBe(true)
    for (const [i, { code }] of racing.entries()) {
      const committedBefore = before?.has(code) ?? false
      expect(credit.get(code), code).toBe(committedBefore ? firstSet : secondSet)
      expect(racedAnswers[i]?.status, code).toBe('redeemed')
      expect(racedAnswers[i]?.comic, code).toBe(committedBefore ? 'Ada First' : 'Bo Second')
    }
    for (const { code } of early) expect(credit.get(code)).toBe(firstSet)
    for (const { code } of late) expect(credit.get(code)).toBe(secondSet)
    // Each grant once: one record per code and per membership, and the boosts counted once.
    const counted = await t.db
      .selectFrom('redemptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('code', 'in', shows)
      .executeTakeFirstOrThrow()
    expect(Number(counted.n)).toBe(shows.length)
  })
})
