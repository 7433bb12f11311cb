import { describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { confirmSignup, signUp } from '../../core/open-mic/signups'
import { runOperatorAction } from '../../core/operator/run-action'
import { type ScheduleEvent, showPath } from '../../shared/schedule'

describe.each(testDatabases)('crawlers on $name', (database) => {
  const t = withTestApp(database, { now: '2026-11-22T18:00:00Z' })
  const actor = { who: 'host@example.com', via: 'console' } as const

  test('robots.txt keeps crawlers off the API, payments and the console, and names the sitemap by its whole address', async () => {
    const response = await t.app.inject({ url: '/robots.txt' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    const lines = response.body.split('\n')
    expect(lines).toContain('Disallow: /api/')
    expect(lines).toContain('Disallow: /pay/')
    expect(lines).toContain('Disallow: /admin')
    expect(lines).toContain(`Sitemap: ${testPublicUrl}/sitemap.xml`)
  })

  test('the sitemap lists every public page: home, store, every show, the comics and the open mics; nothing removed, archived or private', async () => {
    const run = (name: Parameters<typeof runOperatorAction>[2], input: object) =>
      runOperatorAction({ db: t.db, clock: t.clock }, actor, name, input as never)
    const shows: ScheduleEvent[] = (await t.app.inject({ url: '/api/schedule' })).json()
    const [first, second, third] = shows
    if (!first || !second || !third) throw new Error('no shows')
    await run('comics.add', { name: 'Sam Stone' })
    await run('comics.add', { name: 'Gone Girl' })
    await run('comics.archive', { comic: 'gone-girl' })
    await run('events.remove', { id: third.id })
    await run('openmic.set', {
      show: second.id,
      slots: 3,
      setMinutes: 5,
      opensAt: '2026-11-22T12:00:00Z',
      closesAt: second.startTime,
      rule: 'first-come',
    })
    // Made from a sign-up, on no lineup: kept out of search engines, so out of the sitemap.
    const context = { publicUrl: testPublicUrl, now: t.clock.now() }
    const email = 'quinn.open@example.com'
    const fields = { stageName: 'Quinn Open', email, vrchatName: 'QuinnVR', adult: true }
    await signUp(t.db, second.id, fields, context)
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow()
    await confirmSignup(t.db, /#confirm=([\w-]+)/.exec(mail.text_body)?.[1] ?? '', context)
    expect(await t.db.selectFrom('comics').select('slug').execute()).toContainEqual({
      slug: 'quinn-open',
    })

    const response = await t.app.inject({ url: '/sitemap.xml' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )
    const listed = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    const url = (path: string) => `${testPublicUrl}${path}`
    expect(listed).toEqual([
      url('/'),
      url('/store'),
      ...shows.filter((show) => show.id !== third.id).map((show) => url(showPath(show.id))),
      url('/comics/sam-stone'),
      url(`/open-mic/${second.id}`),
    ])
    // On a lineup, the comic from the sign-up is public like any other.
    await run('lineup.set', { show: first.id, places: [{ comic: 'quinn-open', role: 'open-mic' }] })
    const again = (await t.app.inject({ url: '/sitemap.xml' })).body
    expect(again).toContain(`<loc>${url('/comics/quinn-open')}</loc>`)
    expect(again).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/)
  })
})
