import { describe, expect, test } from 'vitest'
import { signInAtHome } from '#test/comic-statement'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import { runOperatorAction } from '../../core/operator/run-action'
import { readOpenMicLink } from '../../shared/open-mic'
import type { MyPlaceAnswer, OpenMicPublic } from '../../shared/open-mic-api'

const now = '2026-12-01T18:00:00Z'
const host = 'host.mine@example.com'

describe.each(testDatabases)('the open-mic page knows its comic on $name', (database) => {
  const t = withTestApp(database, {
    now,
    adminEmails: [host],
    rateLimitMax: {
      comicSignIn: 1e9,
      comicSignInPerAddressNetwork: 1e9,
      comicSignInPerAddress: 1e9,
      openMicSignUp: 1e9,
      openMicSignUpPerAddress: 1e9,
      openMicLinks: 1e9,
    },
  })
  const actor = { who: host, via: 'console' } as const
  let shows = 0
  async function newOpenMic(slots: number) {
    shows++
    const deps = { db: t.db, clock: t.clock }
    const { event } = await runOperatorAction(deps, actor, 'events.add', {
      name: `Mine Night ${shows}`,
      startsAt: '2026-12-02T02:00:00Z',
    })
    await runOperatorAction(deps, actor, 'openmic.set', {
      show: event.id,
      slots,
      setMinutes: 5,
      opensAt: '2026-12-01T12:00:00Z',
      closesAt: '2026-12-02T01:00:00Z',
      rule: 'first-come',
    })
    return event.id
  }
  async function newestLink(email: string, action: 'confirm' | 'withdraw') {
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .execute()
    for (const mail of mails) {
      const hash = new RegExp(`#${action}=[\\w-]+`).exec(mail.text_body)?.[0]
      if (hash) return readOpenMicLink(hash)?.token ?? ''
    }
    throw new Error(`no ${action} link for ${email}`)
  }
  async function confirmed(show: string, who: string) {
    const email = `${who}@example.com`
    await t.app.inject({
      method: 'POST',
      url: `/api/open-mic/${show}/sign-up`,
      payload: { stageName: `Comic ${who}`, email, vrchatName: `vr-${who}`, adult: true },
    })
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/open-mic/confirm',
      payload: { token: await newestLink(email, 'confirm') },
    })
    return { email, answer: answer.json() }
  }
  const mine = async (show: string, body: object = {}, cookie = '') =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/open-mic/${show}/mine`,
        payload: body,
        headers: cookie ? { cookie } : {},
      })
    ).json() as MyPlaceAnswer
  const publicView = async (show: string) =>
    (await t.app.inject({ url: `/api/open-mic/${show}` })).json() as OpenMicPublic

  test('slots left while sign-up is open, and the confirmation answers the planned time', async () => {
    const show = await newOpenMic(2)
    expect((await publicView(show)).slotsLeft).toBe(2)
    const first = await confirmed(show, 'left-one')
    expect(first.answer).toMatchObject({ list: 'slot', position: 1 })
    expect(first.answer.plannedAt).toBe('2026-12-02T02:00:00.000Z')
    const second = await confirmed(show, 'left-two')
    expect(second.answer.plannedAt).toBe('2026-12-02T02:05:00.000Z')
    expect((await publicView(show)).slotsLeft).toBe(0)
    const third = await confirmed(show, 'left-three')
    expect(third.answer).toMatchObject({ list: 'waitlist', position: 1, plannedAt: null })
    expect((await publicView(show)).slotsLeft).toBe(0)
  })

  test("a place mail's withdraw link shows that sign-up's place, and nobody's without it", async () => {
    const show = await newOpenMic(1)
    const { email } = await confirmed(show, 'mail-mo')
    await confirmed(show, 'mail-wren')
    const token = await newestLink(email, 'withdraw')
    const answer = await mine(show, { token })
    expect(answer).toEqual({
      place: {
        signupId: expect.any(Number),
        state: 'confirmed',
        list: 'slot',
        position: 1,
        plannedAt: '2026-12-02T02:00:00.000Z',
        timeZone: '',
      },
      csrfToken: null,
    })
    expect(await mine(show)).toEqual({ place: null, csrfToken: null })
    expect(await mine(show, { token: 'not-a-token' })).toEqual({ place: null, csrfToken: null })
    // The link of another show's open mic shows nothing here.
    const other = await newOpenMic(1)
    expect(await mine(other, { token })).toEqual({ place: null, csrfToken: null })
    // Withdrawn by its link, the link shows nothing any more.
    await t.app.inject({ method: 'POST', url: '/api/open-mic/withdraw', payload: { token } })
    expect((await mine(show, { token })).place).toBeNull()
  })

  test("a signed-in comic sees their own place, 2nd on the waitlist, with the session's token", async () => {
    const show = await newOpenMic(1)
    await confirmed(show, 'sess-a')
    await confirmed(show, 'sess-b')
    const { email } = await confirmed(show, 'sess-c')
    const signedIn = await signInAtHome(t.app, t.db, email)
    const answer = await mine(show, {}, signedIn.cookie)
    expect(answer.csrfToken).toBe(signedIn.csrfToken)
    expect(answer.place).toMatchObject({ state: 'confirmed', list: 'waitlist', position: 2 })
    // Another comic's session sees their own, never this one.
    const a = await signInAtHome(t.app, t.db, 'sess-a@example.com')
    expect((await mine(show, {}, a.cookie)).place).toMatchObject({ list: 'slot', position: 1 })
  })
})
