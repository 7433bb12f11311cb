import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { openMicTexts } from '../../shared/open-mic'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { runOperatorAction } from '../operator/run-action'
import { Refusal } from '../refusal'
import { shuffleWithSeed } from './draw'
import { drawDueOpenMics } from './host-list'
import { openMicRefusalTexts as texts } from './open-mic-texts'
import { confirmSignup, signUp, withdrawSignup } from './signups'

const now = '2026-12-01T18:00:00Z'
const showStart = '2026-12-02T02:00:00Z' // Tue Dec 1, 8:00 PM CT

describe.each(testDatabases)('open mics on $name', (database) => {
  const t = withTestApp(database, { now })
  const actor = { who: 'host@example.com', via: 'console' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction(
      { db: t.db, clock: t.clock, console: { publicUrl: testPublicUrl, adminEmails: [] } },
      actor,
      name,
      input,
    )
  const context = () => ({ publicUrl: testPublicUrl, now: t.clock.now() })
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (error instanceof Refusal ? [error.kind, error.message] : error),
    )

  let shows = 0
  async function newOpenMic(
    slots: number,
    rule: 'first-come' | 'lottery' = 'first-come',
  ): Promise<string> {
    shows++
    const { event } = await run('events.add', { name: `Open Mic ${shows}`, startsAt: showStart })
    await run('openmic.set', {
      show: event.id,
      slots,
      setMinutes: 5,
      opensAt: '2026-12-01T12:00:00Z',
      closesAt: '2026-12-02T01:00:00Z',
      rule,
      ...(rule === 'lottery' ? { drawAt: '2026-12-02T01:30:00Z' } : {}),
    })
    return event.id
  }
  const signup = (i: number | string) => ({
    stageName: `Comic ${i}`,
    email: `comic${i}@example.com`,
    vrchatName: `vr${i}`,
    note: '',
    adult: true,
    timeZone: 'Europe/Berlin',
  })

  /** The token of the latest mail to `to` whose link goes to `path` (confirm or withdraw). */
  async function tokenFor(to: string, path: 'confirm' | 'withdraw'): Promise<string> {
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'id'])
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .execute()
    for (const mail of mails) {
      const match = mail.text_body.match(new RegExp(`#${path}=([A-Za-z0-9_-]+)`))
      if (match?.[1]) return match[1]
    }
    throw new Error(`no ${path} link mailed to ${to}`)
  }
  async function lastMail(to: string) {
    return t.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  }
  async function signUpAndConfirm(show: string, i: number | string) {
    await signUp(t.db, show, signup(i), context())
    return confirmSignup(t.db, await tokenFor(`comic${i}@example.com`, 'confirm'), context())
  }

  test('first come: the first confirmed take the slots, the rest wait in order, each mailed their place', async () => {
    const show = await newOpenMic(2)
    for (const i of [1, 2, 3]) await signUp(t.db, show, signup(`a${i}`), context())
    // Confirmed in another order than they signed up: confirmation order decides.
    for (const i of [3, 1, 2]) {
      await confirmSignup(t.db, await tokenFor(`comica${i}@example.com`, 'confirm'), context())
    }
    const view = await run('openmic.show', { show })
    expect(view.slots.map((s) => [s.stageName, s.position])).toEqual([
      ['Comic a3', 1],
      ['Comic a1', 2],
    ])
    expect(view.waitlist.map((s) => [s.stageName, s.position])).toEqual([['Comic a2', 1]])
    expect(view.openMic.runningOrder).toEqual([
      { position: 1, name: 'Comic a3', plannedAt: '2026-12-02T02:00:00.000Z' },
      { position: 2, name: 'Comic a1', plannedAt: '2026-12-02T02:05:00.000Z' },
    ])
    const slotMail = await lastMail('comica1@example.com')
    expect(slotMail.text_body).toContain(
      'You have slot 2 in the running order, planned for Tue, Dec 1, 8:05 PM CT (Wed, Dec 2, 3:05 AM GMT+1 your time).',
    )
    expect((await lastMail('comica2@example.com')).text_body).toContain(
      'You are number 1 on the waitlist',
    )
    // Each became a comic of the roster, credited like any other.
    const comic = await run('comics.show', { comic: view.slots[0]?.comicSlug ?? '' })
    expect(comic).toMatchObject({ name: 'Comic a3', payoutEmail: 'comica3@example.com' })
  })

  test('a sign-up without the 18+ confirmation is refused and nothing is written', async () => {
    const show = await newOpenMic(2)
    const before = await t.db.selectFrom('open_mic_signups').select('id').execute()
    expect(await refusal(signUp(t.db, show, { ...signup('x'), adult: false }, context()))).toEqual([
      'invalid',
      openMicTexts.notAdult,
    ])
    expect(
      await refusal(signUp(t.db, show, { ...signup('x'), adult: undefined }, context())),
    ).toEqual(['invalid', openMicTexts.notAdult])
    expect(await t.db.selectFrom('open_mic_signups').select('id').execute()).toEqual(before)
  })

  test('outside the window a sign-up is refused', async () => {
    const show = await newOpenMic(2)
    t.clock.set('2026-12-02T01:10:00Z')
    expect(await refusal(signUp(t.db, show, signup('late'), context()))).toEqual([
      'conflict',
      texts.notOpen,
    ])
    t.clock.set(now)
  })

  test('names and notes are cleaned of control and bidirectional-override characters', async () => {
    const show = await newOpenMic(2)
    await signUp(
      t.db,
      show,
      {
        ...signup('clean'),
        stageName: ' Evil\u202eNAME\u0007 ',
        note: 'line one\r\nline\u2066 two\u0000',
      },
      context(),
    )
    const row = await t.db
      .selectFrom('open_mic_signups')
      .selectAll()
      .where('email', '=', 'comicclean@example.com')
      .executeTakeFirstOrThrow()
    expect([row.stage_name, row.note]).toEqual(['EvilNAME', 'line one\nline two'])
    expect(
      await refusal(
        signUp(t.db, show, { ...signup('long'), stageName: 'x'.repeat(61) }, context()),
      ),
    ).toEqual(['invalid', texts.tooLong('A stage name')])
  })

  test('a withdrawal gives the slot to the first of the waitlist, at the same place, and tells them', async () => {
    const show = await newOpenMic(2)
    for (const i of [1, 2, 3, 4]) await signUpAndConfirm(show, `w${i}`)
    await withdrawSignup(t.db, await tokenFor('comicw1@example.com', 'withdraw'), context())
    const view = await run('openmic.show', { show })
    expect(view.slots.map((s) => s.stageName)).toEqual(['Comic w3', 'Comic w2'])
    expect(view.waitlist.map((s) => [s.stageName, s.position])).toEqual([['Comic w4', 1]])
    expect(view.withdrawn.map((s) => s.stageName)).toEqual(['Comic w1'])
    const moved = await lastMail('comicw3@example.com')
    expect(moved.subject).toBe(`You moved up: a slot at Open Mic ${shows}`)
    expect(moved.text_body).toContain('You have slot 1 in the running order')
    // The link works once.
    expect(
      await refusal(
        withdrawSignup(t.db, await tokenFor('comicw1@example.com', 'withdraw'), context()),
      ),
    ).toEqual(['gone', texts.badLink])
  })

  test('a lottery draws from every confirmed sign-up and records its seed and both lists', async () => {
    const show = await newOpenMic(2, 'lottery')
    for (const i of [1, 2, 3, 4, 5]) {
      expect(await signUpAndConfirm(show, `l${i}`)).toMatchObject({ list: 'pool', position: i })
    }
    expect((await lastMail('comicl1@example.com')).text_body).toContain(
      'Spots are drawn at random at Tue, Dec 1, 7:30 PM CT',
    )
    const drawn = await run('openmic.draw', { show })
    const draw = drawn.openMic.draw
    expect(draw?.before.map((e) => e.name)).toEqual([
      'Comic l1',
      'Comic l2',
      'Comic l3',
      'Comic l4',
      'Comic l5',
    ])
    // Anyone can check it: the recorded seed shuffles the list before into the list after.
    expect(draw?.after).toEqual(shuffleWithSeed(draw?.before ?? [], draw?.seed ?? ''))
    const names = draw?.after.map((e) => e.name) ?? []
    expect(drawn.slots.map((s) => s.stageName)).toEqual(names.slice(0, 2))
    expect(drawn.waitlist.map((s) => s.stageName)).toEqual(names.slice(2))
    expect(drawn.pool).toEqual([])
    const first = drawn.slots[0]?.email ?? ''
    expect((await lastMail(first)).subject).toBe(
      `The draw is made: your place at Open Mic ${shows}`,
    )
    expect(await refusal(run('openmic.draw', { show }))).toEqual(['conflict', texts.drawnAlready])
  })

  test('a lottery is drawn by itself at its draw time', async () => {
    const show = await newOpenMic(1, 'lottery')
    for (const i of [1, 2]) await signUpAndConfirm(show, `d${i}`)
    expect(await drawDueOpenMics(t.db, context())).toBe(0)
    t.clock.set('2026-12-02T01:30:00Z')
    expect(await drawDueOpenMics(t.db, context())).toBeGreaterThanOrEqual(1)
    const view = await run('openmic.show', { show })
    expect([view.slots.length, view.waitlist.length]).toEqual([1, 1])
    expect(view.openMic.draw?.seed).toMatch(/^[0-9a-f]{32}$/)
    t.clock.set(now)
  })

  test('100 sign-ups and confirmations at once for 10 slots give exactly 10 slots and 90 waitlist places, in confirmation order', async () => {
    const show = await newOpenMic(10)
    const ids = Array.from({ length: 100 }, (_, i) => `r${i}`)
    await Promise.all(ids.map((i) => signUp(t.db, show, signup(i), context())))
    const tokens = await Promise.all(ids.map((i) => tokenFor(`comic${i}@example.com`, 'confirm')))
    const places = await Promise.all(tokens.map((token) => confirmSignup(t.db, token, context())))
    expect(places.filter((p) => p.list === 'slot')).toHaveLength(10)
    expect(places.filter((p) => p.list === 'waitlist')).toHaveLength(90)
    const rows = await t.db
      .selectFrom('open_mic_signups')
      .select(['list', 'position', 'confirm_seq'])
      .where('show_id', '=', show)
      .orderBy('confirm_seq')
      .execute()
    expect(rows.map((r) => r.confirm_seq)).toEqual(ids.map((_, i) => i + 1))
    expect(rows.map((r) => [r.list, r.position])).toEqual(
      rows.map((_, i) => (i < 10 ? ['slot', i + 1] : ['waitlist', i - 9])),
    )
  })

  test('the host reorders, moves, checks in and marks no-shows; the running order becomes the lineup', async () => {
    const show = await newOpenMic(3)
    for (const i of [1, 2, 3, 4]) await signUpAndConfirm(show, `h${i}`)
    let view = await run('openmic.show', { show })
    const id = (name: string) =>
      [...view.slots, ...view.waitlist].find((s) => s.stageName === name)?.id ?? 0
    view = await run('openmic.reorder', { show, signup: id('Comic h3'), position: 1 })
    expect(view.slots.map((s) => s.stageName)).toEqual(['Comic h3', 'Comic h1', 'Comic h2'])
    view = await run('openmic.move', { show, signup: id('Comic h4'), to: 'slot' })
    view = await run('openmic.move', { show, signup: id('Comic h1'), to: 'waitlist' })
    expect(view.slots.map((s) => s.stageName)).toEqual(['Comic h3', 'Comic h2', 'Comic h4'])
    expect(view.waitlist.map((s) => s.stageName)).toEqual(['Comic h1'])
    expect((await lastMail('comich1@example.com')).text_body).toContain(
      'You are number 1 on the waitlist',
    )
    view = await run('openmic.check-in', { show, signup: id('Comic h3') })
    view = await run('openmic.no-show', { show, signup: id('Comic h2') })
    expect(view.slots.map((s) => [s.stageName, s.checkedIn, s.noShow])).toEqual([
      ['Comic h3', true, false],
      ['Comic h2', false, true],
      ['Comic h4', false, false],
    ])
    expect(view.openMic.runningOrder.map((e) => e.name)).toEqual(['Comic h3', 'Comic h4'])
    await run('openmic.use-lineup', { show })
    const lineup = await run('lineup.show', { show })
    expect(lineup.entries.map((e) => [e.comic.name, e.role, e.setMinutes])).toEqual([
      ['Comic h3', 'open-mic', 5],
      ['Comic h4', 'open-mic', 5],
    ])
    expect(await refusal(run('openmic.move', { show, signup: 999_999, to: 'slot' }))).toEqual([
      'not-found',
      texts.noSignup('999999'),
    ])
  })

  test('what anyone sees holds no address, VRChat name or note', async () => {
    const show = await newOpenMic(2)
    // A VRChat name no random id can hold by chance ('vrp' once turned up inside a show's id).
    const vrchatName = 'Private.VRChat.Name'
    await signUp(t.db, show, { ...signup('p'), vrchatName, note: 'secret note' }, context())
    await confirmSignup(t.db, await tokenFor('comicp@example.com', 'confirm'), context())
    const view = await run('openmic.show', { show })
    const text = JSON.stringify(view.openMic)
    expect(text).toContain('Comic p')
    for (const secret of ['comicp@example.com', vrchatName, 'secret note']) {
      expect(text).not.toContain(secret)
    }
  })
})
