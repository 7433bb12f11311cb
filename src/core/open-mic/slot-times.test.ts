import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { mailedOpenMicLink } from '#test/open-mic'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { readOpenMicLink } from '../../shared/open-mic'
import type { OpenMicPublic } from '../../shared/open-mic-api'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { runOperatorAction } from '../operator/run-action'
import { confirmSignup, signUp, withdrawSignup } from './signups'

// The open-mic rule of docs/comics.md ("Open mics", "The draw and the list"): a slot's time is
// fixed. A comic who withdraws leaves their slot to the first of the waitlist, or open; nobody
// else's planned time moves, so nobody else needs telling. The host's own reorder moves times,
// and each comic whose time moved is mailed.

const now = '2026-12-01T18:00:00Z'
const start = Date.parse('2026-12-02T02:00:00Z')
const at = (slot: number) => new Date(start + (slot - 1) * 5 * 60_000).toISOString()

describe.each(testDatabases)('open-mic slot times on $name', (database) => {
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
  let shows = 0
  async function newOpenMic(slots: number): Promise<string> {
    shows++
    const { event } = await run('events.add', {
      name: `Slot Mic ${shows}`,
      startsAt: new Date(start).toISOString(),
    })
    await run('openmic.set', {
      show: event.id,
      slots,
      setMinutes: 5,
      opensAt: '2026-12-01T12:00:00Z',
      closesAt: '2026-12-02T01:00:00Z',
      rule: 'first-come',
    })
    return event.id
  }
  const email = (who: string, show: string) => `${who}.${show}@example.com`
  async function token(address: string, action: 'confirm' | 'withdraw'): Promise<string> {
    const link = await mailedOpenMicLink(t.db, address, action)
    return readOpenMicLink(link?.slice(link.indexOf('#')) ?? '')?.token ?? ''
  }
  async function confirmAll(show: string, names: string[]) {
    for (const name of names) {
      const address = email(name.toLowerCase(), show)
      await signUp(
        t.db,
        show,
        { stageName: name, email: address, vrchatName: `vr-${name}`, adult: true },
        context(),
      )
      await confirmSignup(t.db, await token(address, 'confirm'), context())
    }
  }
  const publicOrder = async (show: string) =>
    (
      (await t.app.inject({ url: `/api/open-mic/${show}` })).json() as OpenMicPublic
    ).runningOrder.map((r) => [r.name, r.plannedAt])
  const mailCount = async (address: string) =>
    (await t.db.selectFrom('mail_outbox').select('id').where('to_address', '=', address).execute())
      .length
  const withdraw = async (who: string, show: string) =>
    withdrawSignup(t.db, await token(email(who, show), 'withdraw'), context())

  test('a comic who withdraws gives their slot to the first of the waitlist at the same time; nobody else moves or is mailed', async () => {
    const show = await newOpenMic(3)
    await confirmAll(show, ['Ann', 'Bob', 'Cy', 'Dee'])
    const before = {
      ann: await mailCount(email('ann', show)),
      cy: await mailCount(email('cy', show)),
    }
    await withdraw('bob', show)
    expect(await publicOrder(show)).toEqual([
      ['Ann', at(1)],
      ['Dee', at(2)],
      ['Cy', at(3)],
    ])
    expect(await mailCount(email('ann', show))).toBe(before.ann)
    expect(await mailCount(email('cy', show))).toBe(before.cy)
    const moved = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email('dee', show))
      .where('dedupe_key', 'like', 'open-mic:%:moved-up:%')
      .execute()
    expect(moved).toHaveLength(1)
  })

  test('with nobody waiting the slot stays open: the comics after it keep their times, and the next sign-up takes the open slot', async () => {
    const show = await newOpenMic(3)
    await confirmAll(show, ['Eve', 'Fay', 'Gus'])
    const gusMails = await mailCount(email('gus', show))
    await withdraw('fay', show)
    expect(await publicOrder(show)).toEqual([
      ['Eve', at(1)],
      ['Gus', at(3)],
    ])
    expect(await mailCount(email('gus', show))).toBe(gusMails)
    const host = await run('openmic.show', { show })
    expect(host.slots.map((s) => [s.stageName, s.position])).toEqual([
      ['Eve', 1],
      ['Gus', 3],
    ])
    await confirmAll(show, ['Hal'])
    expect(await publicOrder(show)).toEqual([
      ['Eve', at(1)],
      ['Hal', at(2)],
      ['Gus', at(3)],
    ])
  })

  test("the host's reorder moves times, and every comic whose time moved is mailed their new place", async () => {
    const show = await newOpenMic(4)
    await confirmAll(show, ['Ida', 'Jo', 'Kit'])
    const mails = async () =>
      Promise.all(['ida', 'jo', 'kit'].map((who) => mailCount(email(who, show))))
    const [ida, jo, kit] = await mails()
    await run('openmic.reorder', {
      show,
      signup: (await run('openmic.show', { show })).slots[2]?.id ?? 0,
      position: 1,
    })
    expect(await publicOrder(show)).toEqual([
      ['Kit', at(1)],
      ['Ida', at(2)],
      ['Jo', at(3)],
    ])
    expect(await mails()).toEqual([(ida ?? 0) + 1, (jo ?? 0) + 1, (kit ?? 0) + 1])
    const kitMail = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email('kit', show))
      .where('dedupe_key', 'like', 'open-mic:%:moved:%')
      .executeTakeFirst()
    expect(kitMail?.text_body).toContain('planned for')
  })
})
