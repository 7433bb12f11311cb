import type { Kysely } from 'kysely'
import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { mailedOpenMicLink } from '#test/open-mic'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { drawSeedHash } from '../../../../core/open-mic/draw'
import { confirmSignup, signUp } from '../../../../core/open-mic/signups'
import { runOperatorAction } from '../../../../core/operator/run-action'
import { readOpenMicLink } from '../../../../shared/open-mic'
import type { OpenMicPublic } from '../../../../shared/open-mic-api'
import { down, up } from './2026-11-29-021-committed-draws'

describe.each(testDatabases)('migration 021, committed draws, on $name', (database) => {
  const t = withTestApp(database, { now: '2026-12-01T18:00:00Z' })
  const deps = () => ({ db: t.db, clock: t.clock })
  const actor = { who: 'host@example.com', via: 'console' } as const
  const context = () => ({ publicUrl: testPublicUrl, now: t.clock.now() })
  async function lottery(name: string, slots: number): Promise<string> {
    const { event } = await runOperatorAction(deps(), actor, 'events.add', {
      name,
      startsAt: '2026-12-02T02:00:00Z',
    })
    await runOperatorAction(deps(), actor, 'openmic.set', {
      show: event.id,
      slots,
      setMinutes: 5,
      opensAt: '2026-12-01T12:00:00Z',
      closesAt: '2026-12-02T01:00:00Z',
      rule: 'lottery',
      drawAt: '2026-12-02T01:30:00Z',
    })
    return event.id
  }
  async function confirmed(show: string, stageName: string): Promise<number> {
    const email = `${stageName.toLowerCase()}@example.com`
    await signUp(t.db, show, { stageName, email, vrchatName: 'vr', adult: true }, context())
    const link = (await mailedOpenMicLink(t.db, email, 'confirm')) ?? ''
    const token = readOpenMicLink(link.slice(link.indexOf('#')))?.token ?? ''
    await confirmSignup(t.db, token, context())
    const row = await t.db
      .selectFrom('open_mic_signups')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    return row.id
  }
  const publicJson = async (show: string): Promise<OpenMicPublic> =>
    (await t.app.inject({ url: `/api/open-mic/${show}` })).json()

  test('commits a seed for a lottery not drawn yet, numbers recorded draws and renumbers places given twice', async () => {
    const undrawn = await lottery('Not Drawn', 2)
    const drawn = await lottery('Drawn Before', 1)
    const lee = await confirmed(drawn, 'Lee')
    const max = await confirmed(drawn, 'Max')
    await runOperatorAction(deps(), actor, 'openmic.draw', { show: drawn })
    await down(t.db as Kysely<unknown>)
    // As open mics stood before: no seed before the draw, names alone in the record, and a slot
    // given twice by the host.
    await t.db
      .updateTable('open_mics')
      .set({ draw_seed: null })
      .where('show_id', '=', undrawn)
      .execute()
    const record = JSON.stringify([
      { id: lee, name: 'Lee' },
      { id: max, name: 'Max' },
    ])
    await t.db
      .updateTable('open_mics')
      .set({ draw_before: record, draw_after: record })
      .where('show_id', '=', drawn)
      .execute()
    await t.db
      .updateTable('open_mic_signups')
      .set({ list: 'slot', position: 1 })
      .where('show_id', '=', drawn)
      .execute()

    await up(t.db as Kysely<unknown>)
    const committed = (await publicJson(undrawn)).drawSeedHash ?? ''
    expect(committed).toMatch(/^[0-9a-f]{64}$/)
    expect((await publicJson(drawn)).draw?.before).toEqual([
      { number: 1, name: 'Lee' },
      { number: 2, name: 'Max' },
    ])
    const places = await t.db
      .selectFrom('open_mic_signups')
      .select(['stage_name', 'list', 'position'])
      .where('show_id', '=', drawn)
      .orderBy('position')
      .execute()
    expect(places.map((p) => `${p.list} ${p.position} ${p.stage_name}`)).toEqual([
      'slot 1 Lee',
      'slot 2 Max',
    ])
    // The lottery not drawn yet is drawn with the seed the migration committed.
    await confirmed(undrawn, 'Ned')
    await runOperatorAction(deps(), actor, 'openmic.draw', { show: undrawn })
    expect(drawSeedHash((await publicJson(undrawn)).draw?.seed ?? '')).toBe(committed)
  })
})
