import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { addMembership, memberPost, memberTestLimits, signInAsMember } from '#test/member-page'
import { testPublicUrl, withTestApp } from '#test/test-app'
import type { KioskAnswer } from '../../core/kiosk/kiosk-answer'
import { formatCode } from '../../shared/code-format'
import { jokeLimitSentence, jokeMaxLength, jokeTexts } from '../../shared/jokes'
import { type MemberView, memberApi } from '../../shared/member-page'
import { memberGraceMs } from '../../shared/memberships'
import { formatCentral } from '../../shared/show-time'

/** Sunday 22 November 2026, 16:30 CST: half an hour into the regular Sunday show. */
const duringShow = '2026-11-22T22:30:00Z'
/** The same Sunday, 11:00 CST: the show starts later today. */
const sundayMorning = '2026-11-22T17:00:00Z'
/** Monday: no show today (the next is on Tuesday). */
const monday = '2026-11-23T18:00:00Z'
const dayMs = 24 * 60 * 60_000

describe.each(testDatabases)('the member page on $name', (database) => {
  const t = withTestApp(database, {
    now: duringShow,
    memberships: 'open',
    trustProxyHops: 1,
    rateLimitMax: memberTestLimits,
  })
  let player = 0
  const kiosk = async (code: string): Promise<KioskAnswer> => {
    player++
    const response = await t.app.inject({
      url: `/k/${code}`,
      headers: { 'x-forwarded-for': `10.44.${player >> 8}.${player & 255}` },
    })
    return response.json()
  }
  const view = async (cookie: string): Promise<MemberView> =>
    (await t.app.inject({ url: memberApi.view, headers: { cookie } })).json()

  test('shows the tier, status, renewal date, boosts left, tonight and the member code', async () => {
    const now = t.clock.now()
    const periodEnd = new Date(now.getTime() + 20 * dayMs)
    const { code, email } = await addMembership(t.db, now, { period_end: periodEnd })
    const member = await signInAsMember(t.app, t.db, email)
    const show = await t.db
      .selectFrom('events')
      .select('name')
      .where('starts_at', '=', new Date('2026-11-22T22:00:00Z'))
      .executeTakeFirstOrThrow()
    expect(member.view).toMatchObject({
      email,
      tier: 'membership-3',
      tierName: 'Tier 3',
      standing: 'active',
      status: 'Active',
      dateLine: `Renews on ${formatCentral(periodEnd)}`,
      nextTierName: null,
      periodEnd: periodEnd.toISOString(),
      boostsLeft: 200,
      monthlyBoosts: 200,
      boostsPerShow: 20,
      tonight: { show: show.name, live: true, claimed: false },
      memberCode: formatCode(code),
      jokesLeft: 5,
      jokesPerMonth: 5,
      jokes: [],
      billing: true,
    })
    expect((await kiosk(code)).status).toBe('redeemed')
    expect(await view(member.cookie)).toMatchObject({
      boostsLeft: 180,
      tonight: { show: show.name, live: true, claimed: true },
    })

    // Cancelled at the period's end: it says when it ends, not when it renews.
    await t.db
      .updateTable('memberships')
      .set({ cancel_at_period_end: true, next_tier: 'membership-1' })
      .where('email', '=', email)
      .execute()
    expect(await view(member.cookie)).toMatchObject({
      status: 'Active, cancelled: it will not renew',
      dateLine: `Ends on ${formatCentral(periodEnd)}`,
      nextTierName: 'Tier 1',
    })
  })

  test("tonight's show before it starts, none on a day without one; a failed renewal and an end in words", async () => {
    const now = t.clock.now()
    const pastDue = new Date(now.getTime() - dayMs)
    const { email, id } = await addMembership(t.db, now, {
      status: 'past_due',
      past_due_since: pastDue,
    })
    const member = await signInAsMember(t.app, t.db, email)
    expect(member.view.standing).toBe('grace')
    expect(member.view.status).toContain(formatCentral(new Date(pastDue.getTime() + memberGraceMs)))
    t.clock.set(sundayMorning)
    expect((await view(member.cookie)).tonight).toMatchObject({ live: false, claimed: false })
    t.clock.set(monday)
    expect((await view(member.cookie)).tonight).toBeNull()
    t.clock.set(duringShow)

    const endedAt = new Date(now.getTime() - 1000)
    await t.db
      .updateTable('memberships')
      .set({ status: 'ended', ended_at: endedAt, end_reason: 'cancelled' })
      .where('id', '=', id)
      .execute()
    expect(await view(member.cookie)).toMatchObject({
      standing: 'ended',
      status: 'Ended',
      dateLine: `Ended on ${formatCentral(endedAt)}`,
      boostsLeft: 0,
      jokesLeft: 0,
      billing: false,
    })
  })

  test('a new member code works at once, and the old one is refused at the kiosk', async () => {
    const { code, email } = await addMembership(t.db, t.clock.now())
    const member = await signInAsMember(t.app, t.db, email)
    const rotated = await memberPost(t.app, member, memberApi.rotateCode)
    expect(rotated.statusCode).toBe(200)
    const newCode = (rotated.json() as MemberView).memberCode
    expect(newCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)
    expect(newCode.replaceAll('-', '')).not.toBe(code)
    expect((await kiosk(code)).status).toBe('not_found')
    expect((await kiosk(newCode)).status).toBe('redeemed')
  })

  test("a joke is sent and waits for the host; the month's number and the length are kept", async () => {
    const { email } = await addMembership(t.db, t.clock.now(), {
      tier: 'membership-1',
      period_allowance: 50,
    })
    const member = await signInAsMember(t.app, t.db, email)
    expect(member.view.jokesLeft).toBe(1)
    const empty = await memberPost(t.app, member, memberApi.jokes, { text: '   ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toEqual({ message: jokeTexts.empty })
    const long = await memberPost(t.app, member, memberApi.jokes, {
      text: 'a'.repeat(jokeMaxLength + 1),
    })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toEqual({ message: jokeTexts.tooLong })

    const text = 'Why did the avatar cross the world? To get to the other shard.'
    const sent = await memberPost(t.app, member, memberApi.jokes, { text })
    expect(sent.statusCode).toBe(201)
    expect(sent.json()).toMatchObject({
      jokesLeft: 0,
      jokes: [{ text, state: 'waiting', sentAt: t.clock.now().toISOString() }],
    })
    const more = await memberPost(t.app, member, memberApi.jokes, { text: 'Another one' })
    expect(more.statusCode).toBe(409)
    const membership = await t.db
      .selectFrom('memberships')
      .select('period_end')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(more.json()).toEqual({
      message: jokeLimitSentence('membership-1', membership.period_end),
    })
    expect((await view(member.cookie)).jokes).toHaveLength(1)
  })

  test('a membership cancelled at the period end is not promised more jokes at a renewal', async () => {
    const periodEnd = new Date(t.clock.now().getTime() + 10 * dayMs)
    const { email } = await addMembership(t.db, t.clock.now(), {
      tier: 'membership-1',
      period_allowance: 50,
      period_end: periodEnd,
      cancel_at_period_end: true,
    })
    const member = await signInAsMember(t.app, t.db, email)
    // The page's own sentence reads this: no renewal date, and the date it ends in words.
    expect(member.view).toMatchObject({
      periodEnd: null,
      dateLine: `Ends on ${formatCentral(periodEnd)}`,
    })
    const sent = await memberPost(t.app, member, memberApi.jokes, { text: 'One for the road.' })
    expect(sent.statusCode).toBe(201)
    const more = await memberPost(t.app, member, memberApi.jokes, { text: 'And another.' })
    expect(more.statusCode).toBe(409)
    expect(more.json()).toEqual({ message: jokeLimitSentence('membership-1', null) })
    expect(more.json().message).not.toContain('renews')
  })

  test("Manage billing answers the provider's page: the test checkout's own", async () => {
    const { email } = await addMembership(t.db, t.clock.now(), {
      provider_subscription: 'sub_member_page_billing',
    })
    const member = await signInAsMember(t.app, t.db, email)
    const billing = await memberPost(t.app, member, memberApi.billing)
    expect(billing.statusCode).toBe(200)
    expect(billing.json()).toEqual({
      url: `${testPublicUrl}/pay/membership/sub_member_page_billing/manage`,
    })
  })

  test('a session ends when its address has no membership any more', async () => {
    const { email, id } = await addMembership(t.db, t.clock.now())
    const member = await signInAsMember(t.app, t.db, email)
    await t.db.deleteFrom('memberships').where('id', '=', id).execute()
    const answer = await t.app.inject({ url: memberApi.view, headers: { cookie: member.cookie } })
    expect(answer.statusCode).toBe(401)
  })
})
