import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { withTestApp } from '#test/test-app'
import { runOperatorAction } from '../../core/operator/run-action'
import type { ScheduleEvent } from '../../shared/schedule'
import { showCardPath, showCardSize } from '../../shared/show-page-view'

describe.each(testDatabases)("a show's card on $name", (database) => {
  const t = withTestApp(database, { now: '2026-11-22T18:00:00Z' })

  test('is a 1200×630 PNG, kept by its ETag until the show changes; a removed or unknown show has none', async () => {
    const shows: ScheduleEvent[] = (await t.app.inject({ url: '/api/schedule' })).json()
    const id = shows[0]?.id ?? ''
    const first = await t.app.inject({ url: showCardPath(id) })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('image/png')
    expect(first.headers['cache-control']).toBe('public, max-age=3600, must-revalidate')
    const meta = await sharp(first.rawPayload).metadata()
    expect([meta.width, meta.height]).toEqual([showCardSize.width, showCardSize.height])
    const etag = String(first.headers.etag)
    const again = await t.app.inject({ url: showCardPath(id), headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)

    const actor = { who: 'host@example.com', via: 'console' } as const
    const deps = { db: t.db, clock: t.clock }
    await runOperatorAction(deps, actor, 'comics.add', { name: 'Sam Stone' })
    await runOperatorAction(deps, actor, 'lineup.set', {
      show: id,
      places: [{ comic: 'sam-stone', role: 'host' }],
    })
    const changed = await t.app.inject({
      url: showCardPath(id),
      headers: { 'if-none-match': etag },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)

    await runOperatorAction(deps, actor, 'events.remove', { id })
    expect((await t.app.inject({ url: showCardPath(id) })).statusCode).toBe(404)
    expect((await t.app.inject({ url: showCardPath('no-such-show') })).statusCode).toBe(404)
  })
})
