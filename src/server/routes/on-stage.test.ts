/**
 * "On stage now" on every screen (docs/comics.md, "On stage on every screen"): a stage change
 * reaches the stream's readers as `onstage`, a new or resuming reader is told who is on among
 * its first events, GET /api/live says it, and the stage's panel (GET /api/live/stage.png) is
 * drawn again when it changes. Real HTTP listeners, on both databases.
 */
import { describe, expect, test } from 'vitest'
import { buyCodes } from '#test/checkout'
import { openSse, type SseEvent } from '#test/sse'
import { type StageApp, stageDatabases, withStageApps } from '#test/stage-app'
import { runOperatorAction } from '../../core/operator/run-action'
import { boardCacheControl, stagePanelTexts } from '../../shared/board'
import { formatCode } from '../../shared/code-format'
import { LiveFeedSchema } from '../../shared/live-api'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import { stageApi } from '../../shared/stage'

/** Half an hour into the Sunday show (22 November 2026, 16:00 CST). */
const duringShow = '2026-11-22T22:30:00Z'
const comicFields = ['id', 'name', 'pictureUrl', 'slug', 'vrchatName']

let nextPlayer = 1
const player = () => `10.29.${nextPlayer >> 8}.${nextPlayer++ & 255}`
const onStageName = (event: SseEvent | undefined) =>
  (event?.data as { comic?: { name?: string } | null } | undefined)?.comic?.name ?? null

describe.each(stageDatabases)('on stage now, on %s', (kind) => {
  const t = withStageApps(kind, 1, { now: duringShow })
  const one = () => t.apps[0] as StageApp
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, { who: 'host', via: 'console' }, name, input)
  const stream = (headers: Record<string, string> = {}) =>
    openSse(`${one().url}${stageApi.events}`, { 'x-forwarded-for': player(), ...headers })
  const live = async () => LiveFeedSchema.parse(await (await fetch(`${one().url}/api/live`)).json())
  const panel = (headers: Record<string, string> = {}) =>
    one().app.inject({ method: 'GET', url: stageApi.stage, headers })
  /**
   * Past the feeds' one-second copies: a change is told to every process (on PostgreSQL by a
   * NOTIFY that may come a moment after the action returns), and a credit written by the test
   * below is told to none.
   */
  const later = () => t.clock.advance(1500)

  let comics: { sam: string; robin: string } | undefined
  async function lineup() {
    if (comics) return comics
    const sam = (await run('comics.add', { name: 'Sam', payoutEmail: 'sam@payouts.example' })).comic
    const robin = (await run('comics.add', { name: 'Robin', bio: 'A long story.' })).comic
    const places = [sam, robin].map((c) => ({ comic: c.id, role: 'feature' as const }))
    await run('lineup.set', { places })
    comics = { sam: sam.id, robin: robin.id }
    return comics
  }

  test('a stage change reaches every reader as onstage, with public fields only', async () => {
    const { sam } = await lineup()
    const reader = await stream()
    const [first] = await reader.waitFor((e) => e.event === 'total')
    await reader.waitFor((e) => e.event === 'supporters')
    expect(reader.events.map((e) => e.event)).toEqual(['state', 'onstage', 'total', 'supporters'])
    expect(reader.events[1]?.data).toEqual({
      showId: (first?.data as { showId?: string } | undefined)?.showId,
      comic: null,
      startedAt: null,
    })

    await run('stage.next', {})
    const [, on] = await reader.waitFor((e) => e.event === 'onstage', 2)
    const comic = (on?.data as { comic?: object } | undefined)?.comic ?? {}
    expect(Object.keys(comic).sort()).toEqual(comicFields)
    expect(on?.data).toMatchObject({
      comic: { id: sam, name: 'Sam', slug: 'sam', vrchatName: '', pictureUrl: null },
      startedAt: new Date(duringShow).toISOString(),
    })
    expect(JSON.stringify(reader.events)).not.toContain('payouts.example')

    await run('stage.off', {})
    const told = await reader.waitFor((e) => e.event === 'onstage', 3)
    expect(told.map(onStageName)).toEqual([null, 'Sam', null])
    reader.close()
  })

  test('a new reader, and one resuming with Last-Event-ID, are told who is on now', async () => {
    await lineup()
    const before = await stream()
    const [seen] = await before.waitFor((e) => e.event === 'total')
    before.close()
    // Changed while the reader was away: it resumes from the last id it saw. A reader that stays
    // shows when the change has reached the server (on PostgreSQL a NOTIFY comes a moment after
    // the action returns): the one coming back then finds it done, not on its way.
    const stays = await stream()
    await stays.waitFor((e) => e.event === 'total')
    t.clock.advance(1000)
    await run('stage.on', { comic: 'robin' })
    await stays.waitFor((e) => e.event === 'onstage' && onStageName(e) === 'Robin')
    stays.close()
    const back = await stream({ 'last-event-id': seen?.id ?? '' })
    await back.waitFor((e) => e.event === 'supporters')
    expect(back.events.map((e) => e.event)).toEqual(['state', 'onstage', 'total', 'supporters'])
    expect(onStageName(back.events[1])).toBe('Robin')
    const fresh = await stream()
    await fresh.waitFor((e) => e.event === 'total')
    expect(onStageName(fresh.events[1])).toBe('Robin')
    back.close()
    fresh.close()
  })

  test('GET /api/live says who is on stage (public fields and the set start), or null', async () => {
    await lineup()
    const startedAt = t.clock.now().toISOString()
    await run('stage.on', { comic: 'sam' })
    later()
    const on = await live()
    expect(on.onStage).toEqual({
      id: comics?.sam,
      slug: 'sam',
      name: 'Sam',
      vrchatName: '',
      pictureUrl: null,
      startedAt,
    })
    await run('stage.off', {})
    later()
    expect((await live()).onStage).toBeNull()
  })

  test("the stage's panel shows who is on and their set's boosts; a change is a new ETag, a repeat 304", async () => {
    const { sam } = await lineup()
    await run('stage.off', {})
    later()
    const nobody = await panel()
    expect(nobody.statusCode).toBe(200)
    expect(nobody.headers['content-type']).toBe('image/png')
    expect(nobody.headers['cache-control']).toBe(boardCacheControl)
    const etag = String(nobody.headers.etag)
    const repeat = await panel({ 'if-none-match': etag })
    expect([repeat.statusCode, repeat.rawPayload.length, repeat.headers.etag]).toEqual([
      304,
      0,
      etag,
    ])

    await run('stage.on', { comic: sam })
    later()
    const on = await panel()
    expect(on.headers.etag).not.toBe(etag)
    expect((await panel({ 'if-none-match': String(on.headers.etag) })).statusCode).toBe(304)
    const shown = async () =>
      (await one().app.stagePanel.image.picture(await one().app.stagePanel.feed.json())).view
    expect(await shown()).toEqual({
      badge: stagePanelTexts.onStage,
      name: 'Sam',
      show: 'Sunday Stand-Up',
      total: '0',
      gifts: [],
      goal: null,
    })

    // A gift credited to Sam's set (the kiosk's credit writes set_id; here the test does).
    const [code] = await buyCodes(one(), [['ffr-25', 1]])
    const redeemed = await fetch(`${one().url}/k/${formatCode(code?.code ?? '')}`, {
      headers: { 'x-forwarded-for': player() },
    })
    expect(await redeemed.json()).toMatchObject({ status: 'redeemed' })
    const set = await t.db
      .selectFrom('sets')
      .select('id')
      .where('comic_id', '=', sam)
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow()
    await t.db
      .updateTable('redemptions')
      .set({ set_id: set.id })
      .where('code', '=', code?.code ?? '')
      .execute()
    later()
    const gifted = await panel()
    expect(gifted.headers.etag).not.toBe(on.headers.etag)
    expect(await shown()).toMatchObject({ total: '10', gifts: ['A fan gave 10 boosts'] })
    expect(JSON.stringify(await shown())).not.toContain(code?.code ?? '?')
  })
})
