import { describe, expect, test } from 'vitest'
import { buyCodes } from '#test/checkout'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import type { Actor } from './audit'
import { runOperatorAction } from './run-action'

const host: Actor = { who: 'host@example.com', via: 'console' }

describe.each(testDatabases)("the Shows table's facts on $name", (database) => {
  const t = withTestApp(database, { now: '2026-11-22T22:30:00Z' })
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock, kickMail: () => {} }, host, name, input)

  test('each show says its codes sold (not voided), its lineup by name in running order, and whether it is an open mic', async () => {
    // Three codes for tonight's regular show; one order of them refunded voids its code.
    await buyCodes(t, [['boosts-5', 2]], 'two@example.com')
    const [refunded] = await buyCodes(t, [['boosts-5', 1]], 'one@example.com')
    await t.db
      .updateTable('codes')
      .set({ voided_at: new Date('2026-11-22T22:40:00Z'), void_reason: 'refund' })
      .where('code', '=', refunded?.code ?? '')
      .execute()
    const tonight = 'regular-20261122T2200Z'
    const lee = (await run('comics.add', { name: 'Lee Park' })).comic
    const sam = (await run('comics.add', { name: 'Sam Short' })).comic
    await run('lineup.set', {
      show: tonight,
      places: [
        { comic: sam.id, role: 'feature' },
        { comic: lee.id, role: 'headliner' },
      ],
    })
    const { event: mic } = await run('events.add', {
      name: 'Open Mic Night',
      startsAt: '2026-11-26T02:00:00Z',
    })
    await run('openmic.set', {
      show: mic.id,
      slots: 4,
      setMinutes: 5,
      opensAt: '2026-11-22T00:00:00Z',
      closesAt: '2026-11-25T00:00:00Z',
      rule: 'first-come',
    })

    const { items } = await run('events.list', { pageSize: 100 })
    expect(items.find((show) => show.id === tonight)).toMatchObject({
      codesSold: 2,
      lineup: ['Sam Short', 'Lee Park'],
      openMic: false,
    })
    expect(items.find((show) => show.id === mic.id)).toMatchObject({
      codesSold: 0,
      lineup: [],
      openMic: true,
    })
  })
})
