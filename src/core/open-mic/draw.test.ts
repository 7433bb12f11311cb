import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { mailedOpenMicLink } from '#test/open-mic'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { readOpenMicLink } from '../../shared/open-mic'
import type { OpenMicPublic } from '../../shared/open-mic-api'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { runOperatorAction } from '../operator/run-action'
import { Refusal } from '../refusal'
import { drawSeedHash, shuffleWithSeed } from './draw'
import { drawOpenMic } from './host-list'
import { openMicRefusalTexts as texts } from './open-mic-texts'
import { confirmSignup, signUp, withdrawSignup } from './signups'

const now = '2026-12-01T18:00:00Z'

describe.each(testDatabases)('the draw and the places on $name', (database) => {
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
  const settings = (show: string, slots: number, rule: 'first-come' | 'lottery') => ({
    show,
    slots,
    setMinutes: 5,
    opensAt: '2026-12-01T12:00:00Z',
    closesAt: '2026-12-02T01:00:00Z',
    rule,
    ...(rule === 'lottery' ? { drawAt: '2026-12-02T01:30:00Z' } : {}),
  })
  let shows = 0
  async function newOpenMic(slots: number, rule: 'first-come' | 'lottery'): Promise<string> {
    shows++
    const { event } = await run('events.add', {
      name: `Draw Mic ${shows}`,
      startsAt: '2026-12-02T02:00:00Z',
    })
    await run('openmic.set', settings(event.id, slots, rule))
    return event.id
  }
  async function token(email: string, action: 'confirm' | 'withdraw'): Promise<string> {
    const link = await mailedOpenMicLink(t.db, email, action)
    return readOpenMicLink(link?.slice(link.indexOf('#')) ?? '')?.token ?? ''
  }
  /** Signs up and confirms each, in this order, under the stage name given. */
  async function confirmAll(show: string, comics: [who: string, stageName: string][]) {
    for (const [who, stageName] of comics) {
      const email = `${who}.${show}@example.com`
      await signUp(
        t.db,
        show,
        { stageName, email, vrchatName: `vr-${who}`, adult: true },
        context(),
      )
      await confirmSignup(t.db, await token(email, 'confirm'), context())
    }
    const view = await run('openmic.show', { show })
    return (who: string) =>
      [...view.pool, ...view.slots, ...view.waitlist].find((s) => s.email.startsWith(`${who}.`))
        ?.id ?? 0
  }
  const publicJson = async (show: string): Promise<OpenMicPublic> =>
    (await t.app.inject({ url: `/api/open-mic/${show}` })).json()
  const places = async (show: string) =>
    (
      await t.db
        .selectFrom('open_mic_signups')
        .select(['stage_name', 'list', 'position'])
        .where('show_id', '=', show)
        .where('state', '=', 'confirmed')
        .orderBy('list')
        .orderBy('position')
        .execute()
    ).map((r) => `${r.list} ${r.position} ${r.stage_name}`)

  test('before a lottery is drawn the host can neither put a comic on the list nor reorder the pool; the draw gives each slot once', async () => {
    const show = await newOpenMic(2, 'lottery')
    const id = await confirmAll(show, [
      ['ann', 'Ann'],
      ['bob', 'Bob'],
      ['cy', 'Cy'],
    ])
    for (const change of [
      () => run('openmic.move', { show, signup: id('cy'), to: 'slot' }),
      () => run('openmic.move', { show, signup: id('ann'), to: 'waitlist' }),
      () => run('openmic.reorder', { show, signup: id('cy'), position: 1 }),
    ]) {
      expect(await refusal(change())).toEqual(['invalid', texts.notDrawnYet])
    }
    // Checking in is no placing: it stays allowed.
    expect((await run('openmic.check-in', { show, signup: id('cy') })).pool).toHaveLength(3)
    const drawn = await run('openmic.draw', { show })
    expect(drawn.openMic.draw?.before.map((e) => e.name)).toEqual(['Ann', 'Bob', 'Cy'])
    expect(drawn.slots.map((s) => s.position)).toEqual([1, 2])
    expect(drawn.waitlist.map((s) => s.position)).toEqual([1])
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', 'like', `%.${show}@example.com`)
      .where('subject', 'like', 'The draw is made%')
      .execute()
    expect(mails.filter((m) => m.text_body.includes('You have slot 1 '))).toHaveLength(1)
    // Once drawn, the list is the host's again.
    const last = drawn.waitlist[0]?.id ?? 0
    expect((await run('openmic.move', { show, signup: last, to: 'slot' })).slots).toHaveLength(3)
  })

  test('a sign-up put on the list before the draw (before this was refused) is drawn and renumbered with the rest', async () => {
    const show = await newOpenMic(2, 'lottery')
    const id = await confirmAll(show, [
      ['dee', 'Dee'],
      ['eve', 'Eve'],
      ['fay', 'Fay'],
    ])
    await t.db
      .updateTable('open_mic_signups')
      .set({ list: 'slot', position: 1 })
      .where('id', '=', id('fay'))
      .execute()
    expect(await drawOpenMic(t.db, show, context())).toBe(true)
    const view = await run('openmic.show', { show })
    expect(view.openMic.draw?.before.map((e) => e.name)).toEqual(['Dee', 'Eve', 'Fay'])
    expect(view.slots.map((s) => s.position)).toEqual([1, 2])
    expect(view.waitlist.map((s) => s.position)).toEqual([1])
    expect(view.pool).toEqual([])
  })

  test("a lottery's seed is committed when it is set up: its hash public from the start, the seed only with the draw, which uses it", async () => {
    const show = await newOpenMic(1, 'lottery')
    const committed = (await publicJson(show)).drawSeedHash ?? ''
    expect(committed).toMatch(/^[0-9a-f]{64}$/)
    const { draw_seed: secret } = await t.db
      .selectFrom('open_mics')
      .select('draw_seed')
      .where('show_id', '=', show)
      .executeTakeFirstOrThrow()
    // Setting it again (more slots, say) never makes another seed.
    await run('openmic.set', settings(show, 2, 'lottery'))
    await confirmAll(show, [
      ['gus', 'Sam'],
      ['hal', 'Sam'],
      ['ivy', 'Ivy'],
    ])
    const before = await publicJson(show)
    expect(before.drawSeedHash).toBe(committed)
    expect(before.draw).toBeNull()
    const host = await run('openmic.show', { show })
    for (const text of [JSON.stringify(before), JSON.stringify(host)]) {
      expect(text).not.toContain(secret)
    }
    await run('openmic.draw', { show })
    const after = await publicJson(show)
    const draw = after.draw
    expect(draw?.seed).toBe(secret)
    expect(drawSeedHash(draw?.seed ?? '')).toBe(committed)
    expect(draw?.after).toEqual(shuffleWithSeed(draw?.before ?? [], draw?.seed ?? ''))
    // The two comics called Sam are told apart by their confirmation numbers.
    expect(draw?.before).toEqual([
      { number: 1, name: 'Sam' },
      { number: 2, name: 'Sam' },
      { number: 3, name: 'Ivy' },
    ])
    // A first-come open mic has nothing to commit.
    expect((await publicJson(await newOpenMic(1, 'first-come'))).drawSeedHash).toBeNull()
  })

  test('the database holds at most one confirmed sign-up per place, checked at commit', async () => {
    const show = await newOpenMic(3, 'first-come')
    const id = await confirmAll(show, [
      ['jo', 'Jo'],
      ['kim', 'Kim'],
    ])
    const twice = t.db
      .updateTable('open_mic_signups')
      .set({ position: 1 })
      .where('id', '=', id('kim'))
      .execute()
    expect(
      await twice.then(
        () => 'written',
        () => 'refused',
      ),
    ).toBe('refused')
    // Two places swapped one row at a time, in one transaction: the order of writes is free.
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('open_mic_signups')
        .set({ position: 2 })
        .where('id', '=', id('jo'))
        .execute()
      await trx
        .updateTable('open_mic_signups')
        .set({ position: 1 })
        .where('id', '=', id('kim'))
        .execute()
    })
    expect(await places(show)).toEqual(['slot 1 Kim', 'slot 2 Jo'])
  })

  test('50 withdrawals, moves and reorders at once leave every place given once', async () => {
    const show = await newOpenMic(10, 'first-come')
    const comics = Array.from({ length: 40 }, (_, i) => [`p${i}`, `P${i}`] as [string, string])
    const id = await confirmAll(show, comics)
    const withdrawals = await Promise.all(
      comics.slice(0, 20).map(([who]) => token(`${who}.${show}@example.com`, 'withdraw')),
    )
    await Promise.all([
      ...withdrawals.map((link) => withdrawSignup(t.db, link, context())),
      ...comics
        .slice(20, 35)
        .map(([who], i) =>
          run('openmic.move', { show, signup: id(who), to: i % 2 ? 'slot' : 'waitlist' }),
        ),
      ...comics
        .slice(25, 40)
        .map(([who]) => run('openmic.reorder', { show, signup: id(who), position: 1 })),
    ])
    const view = await run('openmic.show', { show })
    expect(view.slots.length + view.waitlist.length).toBe(20)
    // A slot keeps its number (its time) when others leave: numbers may be open, never twice.
    const numbers = view.slots.map((s) => s.position)
    expect(new Set(numbers).size).toBe(numbers.length)
    expect(numbers).toEqual([...numbers].sort((a, b) => (a ?? 0) - (b ?? 0)))
    expect(view.waitlist.map((s) => s.position)).toEqual(view.waitlist.map((_, i) => i + 1))
  })
})
