import { describe, expect, test } from 'vitest'
import { creditHelpers, creditPlayer } from '#test/credit'
import { testDatabases } from '#test/databases'
import { insertMembership } from '#test/memberships'
import { testServerSecret, withTestApp } from '#test/test-app'
import { clientHasher } from '../../core/client-hash'
import type { KioskAnswer } from '../../core/kiosk/kiosk-answer'
import { giftsAfter, markEventId } from '../../core/stage-stream/gifts'
import { boardView } from '../../shared/board'
import { formatCode } from '../../shared/code-format'
import type { LiveFeed } from '../../shared/live'

/** Sunday 22 November 2026, 16:30 CST: half an hour into the Sunday show. */
const duringShow = '2026-11-22T22:30:00Z'
const hash = clientHasher(testServerSecret)

describe.each(testDatabases)('credit to the comic on stage on $name', (database) => {
  const t = withTestApp(database, { now: duringShow, trustProxyHops: 1 })
  const { run, onStage, openSetId, redeem, codes, creditOf, memberCreditOf } = creditHelpers(
    t,
    duringShow,
  )
  async function feed(): Promise<LiveFeed> {
    // Past the feed's cache of a second or two.
    t.clock.advance(5_000)
    return (await t.app.inject({ method: 'GET', url: '/api/live' })).json()
  }

  test('a grant during a set is credited to that set, and the kiosk names the comic', async () => {
    await onStage('Sam Stone')
    const setId = await openSetId()
    const [code = ''] = await codes('ffr-25')
    const fan = creditPlayer()
    expect(await redeem(formatCode(code), fan)).toMatchObject({
      status: 'redeemed',
      message: "+10 boosts for Sam Stone! You're on the donor wall.",
      boosts: 10,
      comic: 'Sam Stone',
    })
    expect(setId).toBeTypeOf('number')
    expect(await creditOf(code)).toBe(setId)
    // The fan's own repeat names the same comic, whoever is on stage now; anyone else's, none.
    await onStage('Someone Else')
    expect(await redeem(code, fan)).toMatchObject({
      status: 'already_redeemed',
      yours: true,
      comic: 'Sam Stone',
    })
    expect(await redeem(code)).toMatchObject({ yours: false, comic: '' })
    expect(await creditOf(code)).toBe(setId)
  })

  test("a grant while nobody is on stage goes to the show's pot, in the spec's words", async () => {
    await onStage()
    await run('stage.off', {})
    const [code = ''] = await codes('ffr-25')
    const answer = await redeem(code)
    expect(answer).toMatchObject({
      status: 'redeemed',
      message: "+10 boosts for tonight's comics! You're on the donor wall.",
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
      headers: { 'x-forwarded-for': creditPlayer() },
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
        "+20 anonymous boosts for tonight's comics! Line jump and VIP on! 180 left this month.",
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
      ['', "A fan gave 5 boosts to tonight's comics"],
      ['Kim Ode', 'Robin gave 20 boosts to Kim Ode'],
      ['Kim Ode', 'An anonymous fan gave 10 boosts to Kim Ode'],
      ['Kim Ode', 'A fan gave 10 boosts to Kim Ode'],
    ])
    expect(boardView(live).gifts.slice(0, 2)).toEqual([
      "A fan gave 5 boosts to tonight's comics",
      'Robin gave 20 boosts to Kim Ode',
    ])
    // A reconnecting reader's replay reads the grants back into the stream's gift events.
    const start = markEventId(new Date(0), 'start')
    const replayed = (await giftsAfter(t.db, hash, live.showId, start)).slice(-4)
    expect(replayed.map(({ gift }) => [gift.comic, gift.text, gift.member, gift.vip])).toEqual([
      ['Kim Ode', 'A fan gave 10 boosts to Kim Ode', false, false],
      ['Kim Ode', 'An anonymous fan gave 10 boosts to Kim Ode', false, false],
      ['Kim Ode', 'Robin gave 20 boosts to Kim Ode', true, true],
      ['', "A fan gave 5 boosts to tonight's comics", false, false],
    ])
  })
})
