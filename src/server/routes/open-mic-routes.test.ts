import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { type TestApp, withTestApp } from '#test/test-app'
import { openMicRefusalTexts } from '../../core/open-mic/open-mic-texts'
import { runOperatorAction } from '../../core/operator/run-action'
import { rateLimits } from '../../core/rate-limits'
import { openMicTexts, readOpenMicLink } from '../../shared/open-mic'

const now = '2026-12-01T18:00:00Z'
let nextClient = 1

describe.each(testDatabases)('the open-mic API on $name', (database) => {
  const t = withTestApp(database, { now, trustProxyHops: 1 })
  const actor = { who: 'host@example.com', via: 'console' } as const
  let shows = 0
  async function newOpenMic(slots = 2) {
    shows++
    const deps = { db: t.db, clock: t.clock }
    const { event } = await runOperatorAction(deps, actor, 'events.add', {
      name: `Open Mic ${shows}`,
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
  const post = (app: TestApp, url: string, body: unknown, client = `198.51.100.${nextClient++}`) =>
    app.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      payload: JSON.stringify(body),
    })
  const form = (who: string, extra: object = {}) => ({
    stageName: `Comic ${who}`,
    email: `${who}@example.com`,
    vrchatName: `vr-${who}`,
    note: 'secret note',
    adult: true,
    ...extra,
  })
  async function linkFor(to: string, action: 'confirm' | 'withdraw') {
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .execute()
    for (const mail of mails) {
      const hash = /#(?:confirm|withdraw)=[A-Za-z0-9_-]+/.exec(mail.text_body)?.[0]
      const link = hash ? readOpenMicLink(hash) : undefined
      if (link?.action === action) return link.token
    }
    throw new Error(`no ${action} link for ${to}`)
  }

  test('a sign-up answers the same for a new address and one signed up already', async () => {
    const show = await newOpenMic()
    const first = await post(t, `/api/open-mic/${show}/sign-up`, form('same'))
    const again = await post(t, `/api/open-mic/${show}/sign-up`, form('same'))
    expect([first.statusCode, again.statusCode]).toEqual([202, 202])
    expect(first.json()).toEqual({ message: openMicTexts.sent })
    expect(again.body).toBe(first.body)
  })

  test('without the 18+ confirmation the sign-up is refused with a sentence, and nothing is kept', async () => {
    const show = await newOpenMic()
    const answer = await post(t, `/api/open-mic/${show}/sign-up`, form('young', { adult: false }))
    expect([answer.statusCode, answer.json()]).toEqual([400, { message: openMicTexts.notAdult }])
    const rows = await t.db
      .selectFrom('open_mic_signups')
      .select('id')
      .where('email', '=', 'young@example.com')
      .execute()
    expect(rows).toEqual([])
    const bad = await post(t, `/api/open-mic/${show}/sign-up`, { stageName: 'x', email: 'nope' })
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: openMicTexts.badSignup }])
  })

  test('confirm and withdraw from the mailed links; a used link is gone', async () => {
    const show = await newOpenMic(1)
    await post(t, `/api/open-mic/${show}/sign-up`, form('one'))
    await post(t, `/api/open-mic/${show}/sign-up`, form('two'))
    const one = await post(t, '/api/open-mic/confirm', {
      token: await linkFor('one@example.com', 'confirm'),
    })
    expect([one.statusCode, one.json()]).toEqual([
      200,
      {
        message: openMicTexts.placeSlot(1, 'Tue, Dec 1, 8:00 PM CT'),
        list: 'slot',
        position: 1,
        plannedAt: '2026-12-02T02:00:00.000Z',
      },
    ])
    const two = await post(t, '/api/open-mic/confirm', {
      token: await linkFor('two@example.com', 'confirm'),
    })
    expect(two.json()).toMatchObject({ message: openMicTexts.placeWaitlist(1) })
    const token = await linkFor('one@example.com', 'withdraw')
    const out = await post(t, '/api/open-mic/withdraw', { token })
    expect([out.statusCode, out.json()]).toEqual([200, { message: openMicTexts.withdrawn }])
    const twice = await post(t, '/api/open-mic/withdraw', { token })
    expect([twice.statusCode, twice.json()]).toEqual([
      410,
      { message: openMicRefusalTexts.badLink },
    ])
    const running = await t.app.inject({ url: `/api/open-mic/${show}` })
    expect(running.json().runningOrder).toEqual([
      { position: 1, name: 'Comic two', plannedAt: '2026-12-02T02:00:00.000Z' },
    ])
  })

  test('the public answer holds no address, VRChat name or note', async () => {
    const show = await newOpenMic()
    await post(t, `/api/open-mic/${show}/sign-up`, form('private'))
    await post(t, '/api/open-mic/confirm', {
      token: await linkFor('private@example.com', 'confirm'),
    })
    const body = (await t.app.inject({ url: `/api/open-mic/${show}` })).body
    expect(body).toContain('Comic private')
    for (const secret of ['private@example.com', 'vr-private', 'secret note']) {
      expect(body).not.toContain(secret)
    }
    const none = await t.app.inject({ url: '/api/open-mic/evt-nothing' })
    expect(none.statusCode).toBe(404)
    // A NUL, which PostgreSQL refuses in text, is no show either (the fuzzer found it a 500).
    for (const method of ['GET', 'HEAD'] as const) {
      expect((await t.app.inject({ method, url: '/api/open-mic/%00' })).statusCode).toBe(404)
    }
  })

  test('an unknown show, or one that is no open mic, is answered in the public’s words', async () => {
    const deps = { db: t.db, clock: t.clock }
    const { event } = await runOperatorAction(deps, actor, 'events.add', {
      name: 'Not A Mic',
      startsAt: '2026-12-02T02:00:00Z',
    })
    for (const show of ['evt-nothing', event.id]) {
      const read = await t.app.inject({ url: `/api/open-mic/${show}` })
      const sign = await post(t, `/api/open-mic/${show}/sign-up`, form(`none-${show}`))
      for (const answer of [read, sign]) {
        expect([answer.statusCode, answer.json()]).toEqual([404, { message: openMicTexts.none }])
      }
    }
    // A mailed link of a show removed since is spent, whatever the operator's lists say.
    const removed = await newOpenMic()
    await post(t, `/api/open-mic/${removed}/sign-up`, form('removed'))
    await runOperatorAction(deps, actor, 'events.remove', { id: removed })
    const link = await post(t, '/api/open-mic/confirm', {
      token: await linkFor('removed@example.com', 'confirm'),
    })
    expect([link.statusCode, link.json()]).toEqual([410, { message: openMicRefusalTexts.badLink }])
  })

  test('a confirm link shows what it confirms before confirming it; another link is gone', async () => {
    const show = await newOpenMic()
    await post(t, `/api/open-mic/${show}/sign-up`, form('details'))
    const token = await linkFor('details@example.com', 'confirm')
    const details = await post(t, '/api/open-mic/confirm/details', { token })
    expect([details.statusCode, details.json()]).toEqual([
      200,
      { showId: show, stageName: 'Comic details', vrchatName: 'vr-details', note: 'secret note' },
    ])
    expect(details.headers['cache-control']).toBe('no-store')
    // Reading changed nothing: the link still confirms, then neither reads nor confirms again.
    expect((await post(t, '/api/open-mic/confirm', { token })).statusCode).toBe(200)
    for (const url of ['/api/open-mic/confirm/details', '/api/open-mic/confirm']) {
      const spent = await post(t, url, { token })
      expect([spent.statusCode, spent.json()]).toEqual([
        410,
        { message: openMicRefusalTexts.badLink },
      ])
    }
  })

  test('the schedule API gives each open mic its page and public running order, nothing private', async () => {
    const show = await newOpenMic()
    await post(t, `/api/open-mic/${show}/sign-up`, form('sched'))
    await post(t, '/api/open-mic/confirm', {
      token: await linkFor('sched@example.com', 'confirm'),
    })
    const answer = await t.app.inject({ url: '/api/schedule' })
    const events: { id: string; openMic?: unknown }[] = answer.json()
    expect(events.find((e) => e.id === show)?.openMic).toEqual({
      url: `/open-mic/${show}`,
      open: true,
      slots: 2,
      runningOrder: [{ name: 'Comic sched', plannedAt: '2026-12-02T02:00:00.000Z' }],
    })
    expect(answer.body).not.toContain('sched@example.com')
    expect(answer.body).not.toContain('vr-sched')
    expect(answer.body).not.toContain('secret note')
    // A show that is not an open mic has no such field.
    expect(events.filter((e) => e.openMic === undefined).length).toBeGreaterThan(0)
  })

  test('sign-ups are limited per address, from any client, and per client', async () => {
    const show = await newOpenMic()
    const perAddress = rateLimits.openMicSignUpPerAddress.max
    for (let i = 0; i < perAddress; i++) {
      expect((await post(t, `/api/open-mic/${show}/sign-up`, form('flood'))).statusCode).toBe(202)
    }
    const over = await post(t, `/api/open-mic/${show}/sign-up`, form('flood'))
    expect([over.statusCode, over.json()]).toEqual([429, { message: openMicTexts.tooMany }])
    const client = '203.0.113.50'
    const perClient = rateLimits.openMicSignUp.max
    for (let i = 0; i < perClient; i++) {
      await post(t, `/api/open-mic/${show}/sign-up`, form(`c${i}`), client)
    }
    const limited = await post(t, `/api/open-mic/${show}/sign-up`, form('c-last'), client)
    expect(limited.statusCode).toBe(429)
    const rows = await t.db
      .selectFrom('open_mic_signups')
      .select('id')
      .where('email', '=', 'c-last@example.com')
      .execute()
    expect(rows).toEqual([])
  })
})
