/**
 * `npm run admin -- stage test|pause|resume|skip` (docs/stage.md) reaches the stream's readers from
 * the command line: over the server's local channel on PGlite, through the database it opens
 * itself on PostgreSQL (NOTIFY). Each is in the audit log. `stage key` prints the overlay's URL
 * with the stage key; `stage key --new` makes a new one.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { openSse } from '#test/sse'
import { type StageApp, stageDatabases, withStageApps } from '#test/stage-app'
import { runOperatorAction } from '../core/operator/run-action'
import { readStageKey } from '../core/stage-stream/stage-key'
import { openDatabase } from '../server/adapters/db/database'
import { startOperatorChannel } from '../server/adapters/operator-channel'
import { connectOperatorChannel } from '../server/adapters/operator-channel-client'
import type { OperatorActionName, OperatorInput } from '../shared/operator'
import { overlayUrl } from '../shared/overlay'
import { stageApi, stageKeyTexts, stageSaid } from '../shared/stage'
import { supportersTexts } from '../shared/supporters'
import { runAdmin } from './admin'

const duringShow = '2026-11-22T22:30:00Z'
const publicUrl = 'https://club.example'
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-stage-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

describe.each(stageDatabases)('the host’s stage commands on %s', (kind) => {
  const t = withStageApps(kind, 1, { now: duringShow })

  /** Runs `npm run admin -- stage ...` as the real command line would reach this database. */
  async function admin(args: string[]): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = []
    const out = {
      log: (line: string) => lines.push(line),
      error: (line: string) => lines.push(line),
    }
    const app = t.apps[0] as StageApp
    if (t.databaseUrl) {
      const db = await openDatabase({ databaseUrl: t.databaseUrl })
      try {
        const site = { publicUrl, adminEmails: [] }
        return { code: await runAdmin(args, { db, clock: t.clock, out, console: site }), lines }
      } finally {
        await db.destroy()
      }
    }
    const dataDir = fs.mkdtempSync(path.join(work, 'data-'))
    const channel = await startOperatorChannel({
      dataDir,
      deps: { db: app.deps.db, clock: t.clock, console: { publicUrl, adminEmails: [] } },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    })
    try {
      const call = await connectOperatorChannel(dataDir, { who: 'host' })
      if (!call) throw new Error('no channel')
      return { code: await runAdmin(args, { call, out }), lines }
    } finally {
      await channel.close()
    }
  }

  test('stage test, pause, resume and skip reach the stream, each in the audit log', async () => {
    const app = t.apps[0] as StageApp
    const reader = await openSse(`${app.url}${stageApi.events}`)
    const [first] = await reader.waitFor((e) => e.event === 'total')
    // The stream's first events: the state, who is on, the total, the top supporters.
    await reader.waitFor((e) => e.event === 'supporters')
    for (const word of ['test', 'pause', 'resume', 'skip'] as const) {
      expect(await admin(['stage', word])).toEqual({ code: 0, lines: [stageSaid[word]] })
    }
    await reader.waitFor((e) => e.event === 'control', 3)
    const sent = reader.events.slice(4)
    expect(sent.map((e) => e.event)).toEqual(['test', 'control', 'control', 'control'])
    expect(sent.slice(1).map((e) => e.data)).toEqual([
      { action: 'pause' },
      { action: 'resume' },
      { action: 'skip' },
    ])
    expect(sent[0]?.data).toMatchObject({
      test: true,
      boosts: 10,
      text: "A fan gave 10 boosts to tonight's comics",
      totalBoosts: (first?.data as { totalBoosts?: number } | undefined)?.totalBoosts,
    })
    expect(new Set(sent.map((e) => e.id)).size).toBe(4)
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'stage.send')
      .execute()
    expect(audit.map((row) => row.target_id)).toEqual(['test', 'pause', 'resume', 'skip'])
    expect(await admin(['stage', 'dance'])).toMatchObject({ code: 1 })
    reader.close()
  })
  test("stage supporters says tonight's list and whether the overlay shows it; on and off reach the stream, each in the audit log", async () => {
    const reader = await openSse(`${(t.apps[0] as StageApp).url}${stageApi.events}`)
    const [first] = await reader.waitFor((e) => e.event === 'supporters')
    expect(first?.data).toMatchObject({ overlay: false, supporters: [] })
    expect(await admin(['stage', 'supporters'])).toEqual({
      code: 0,
      lines: [supportersTexts.console.off, `  ${supportersTexts.console.none}`],
    })
    expect(await admin(['stage', 'supporters', 'on'])).toEqual({
      code: 0,
      lines: [supportersTexts.console.on, `  ${supportersTexts.console.none}`],
    })
    const [, on] = await reader.waitFor((e) => e.event === 'supporters', 2)
    expect(on?.data).toMatchObject({ overlay: true })
    const json = await admin(['stage', 'supporters', 'off', '--json'])
    expect(JSON.parse(json.lines.join('\n'))).toMatchObject({ overlay: false, supporters: [] })
    const [, , off] = await reader.waitFor((e) => e.event === 'supporters', 3)
    expect(off?.data).toMatchObject({ overlay: false })
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'supporters.overlay')
      .orderBy('at')
      .execute()
    expect(audit.map((row) => row.summary)).toEqual([
      "Turned the overlay's top supporters on",
      "Turned the overlay's top supporters off",
    ])
    expect(await admin(['stage', 'supporters', 'maybe'])).toMatchObject({ code: 1 })
    expect(await admin(['stage', 'supporters', 'on', '--show', 'x'])).toMatchObject({ code: 1 })
    reader.close()
  })

  test('stage key prints the overlay URL with the key; --new makes another, audited without it', async () => {
    const first = await admin(['stage', 'key'])
    const key = await readStageKey(t.db)
    expect(first).toEqual({ code: 0, lines: [overlayUrl(publicUrl, key)] })
    expect(first.lines[0]).toBe(`${publicUrl}/overlay?key=${key}`)
    expect(await admin(['stage', 'key'])).toEqual(first)

    const renewed = await admin(['stage', 'key', '--new'])
    const newKey = await readStageKey(t.db)
    expect(newKey).not.toBe(key)
    expect(renewed).toEqual({
      code: 0,
      lines: [stageKeyTexts.renewed, overlayUrl(publicUrl, newKey)],
    })
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'stage.key')
      .execute()
    expect(audit).toHaveLength(1)
    expect(JSON.stringify(audit)).not.toContain(key)
    expect(JSON.stringify(audit)).not.toContain(newKey)
    expect(await admin(['stage', 'test', '--new'])).toMatchObject({ code: 1 })
    expect(await admin(['stage', 'key', 'now'])).toMatchObject({ code: 1 })
  })

  test('stage now, next, on and off say and change who is on and who is next; every reader is told', async () => {
    const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
      runOperatorAction({ db: t.db, clock: t.clock }, { who: 'host', via: 'cli' }, name, input)
    const sam = (await run('comics.add', { name: 'Sam Stone', payoutEmail: 'sam@pay.example' }))
      .comic
    const robin = (await run('comics.add', { name: 'Robin Hood', vrchatName: 'RobinVR' })).comic
    const places = [sam, robin].map((comic) => ({ comic: comic.id, role: 'feature' as const }))
    await run('lineup.set', { places })
    const reader = await openSse(`${(t.apps[0] as StageApp).url}${stageApi.events}`)
    await reader.waitFor((e) => e.event === 'total')
    const show = 'Sunday Stand-Up (Sun 2026-11-22 16:00 CT)'

    expect(await admin(['stage', 'now'])).toEqual({
      code: 0,
      lines: [show, 'On stage: nobody', 'Next: Sam Stone'],
    })
    expect(await admin(['stage', 'next'])).toEqual({
      code: 0,
      lines: [show, 'On stage: Sam Stone (since 16:30 CT)', 'Next: Robin Hood'],
    })
    const on = await admin(['stage', 'on', 'robin-hood', '--json'])
    expect(on.code).toBe(0)
    expect(JSON.parse(on.lines.join('\n'))).toMatchObject({
      changed: true,
      stage: { onStage: { comic: { name: 'Robin Hood' } }, next: null },
    })
    expect(await admin(['stage', 'off'])).toEqual({
      code: 0,
      lines: [show, 'On stage: nobody', 'Next: nobody (the end of the lineup)'],
    })
    expect((await admin(['stage', 'off'])).lines[0]).toBe(
      'The stage was already so: nothing changed.',
    )
    expect(await admin(['stage', 'on'])).toMatchObject({ code: 1 })
    expect(await admin(['stage', 'now', 'sam-stone'])).toMatchObject({ code: 1 })

    // The stream's first onstage (nobody yet), then one per change: public fields only.
    const told = await reader.waitFor((e) => e.event === 'onstage', 5)
    expect(told.map((e) => (e.data as { comic: { name: string } | null }).comic?.name)).toEqual([
      undefined,
      'Sam Stone',
      'Robin Hood',
      undefined,
      undefined,
    ])
    expect(told[2]?.data).toEqual({
      showId: expect.any(String),
      comic: {
        id: robin.id,
        slug: 'robin-hood',
        name: 'Robin Hood',
        vrchatName: 'RobinVR',
        pictureUrl: null,
      },
      startedAt: '2026-11-22T22:30:00.000Z',
    })
    expect(JSON.stringify(reader.events)).not.toContain('pay.example')
    reader.close()
  })
})
