import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { addMembership, memberPost, memberTestLimits, signInAsMember } from '#test/member-page'
import { withTestApp } from '#test/test-app'
import { fanWordsTexts } from '../../shared/fan-words'
import { type MemberView, memberApi } from '../../shared/member-page'

/** Sunday 22 November 2026, 16:30 CST: half an hour into the regular Sunday show. */
const duringShow = '2026-11-22T22:30:00Z'

describe.each(testDatabases)("a member's name and tonight's message on $name", (database) => {
  const t = withTestApp(database, {
    now: duringShow,
    memberships: 'open',
    trustProxyHops: 1,
    rateLimitMax: memberTestLimits,
  })

  test('the member sets them on the member page, cleaned; the gift carries them, and the message is for that gift only', async () => {
    const { code, email } = await addMembership(t.db, t.clock.now())
    const member = await signInAsMember(t.app, t.db, email)
    const tooLong = await memberPost(t.app, member, memberApi.words, {
      name: 'x'.repeat(25),
      message: '',
    })
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, fanWordsTexts.nameTooLong])
    const saved = await memberPost(t.app, member, memberApi.words, {
      name: ' Robin\u202e ',
      message: 'front row\nagain https://x.io',
    })
    expect(saved.statusCode).toBe(200)
    const view: MemberView = saved.json()
    expect([view.stageName, view.stageMessage]).toEqual(['Robin', 'front row again'])

    const kiosk = await t.app.inject({
      url: `/k/${code}`,
      headers: { 'x-forwarded-for': '10.45.0.1' },
    })
    expect(kiosk.json().status).toBe('redeemed')
    t.clock.advance(5_000)
    const feed = (await t.app.inject({ url: '/api/live' })).json()
    expect(feed.gifts.map((gift: { text: string }) => gift.text)).toEqual([
      expect.stringMatching(/^Robin gave \d+ boosts to tonight's comics: 'front row again'$/),
    ])
    const after: MemberView = (
      await t.app.inject({ url: memberApi.view, headers: { cookie: member.cookie } })
    ).json()
    expect([after.stageName, after.stageMessage]).toEqual(['Robin', ''])
  })
})
