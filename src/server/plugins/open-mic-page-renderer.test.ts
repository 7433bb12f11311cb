import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { schemaOrgProblems } from '#test/schema-org'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { confirmSignup, signUp } from '../../core/open-mic/signups'
import { runOperatorAction } from '../../core/operator/run-action'
import { openMicDataId, openMicTexts } from '../../shared/open-mic'
import { render } from '../../web/app/entry-server'

// A built client as scripts/prerender.ts leaves it: the open-mic page's template (its head
// written per request) and the shell the not-found answer sends.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-open-mic-dist-'))
const clientDir = path.join(dist, 'client')
fs.mkdirSync(path.join(dist, 'templates'), { recursive: true })
fs.mkdirSync(clientDir)
fs.writeFileSync(path.join(clientDir, 'open-mic.html'), '<html><body>built open mic</body></html>')
fs.writeFileSync(
  path.join(dist, 'templates', 'open-mic.html'),
  '<html><head><!--page-head--></head><body><div id="root" data-route="/open-mic/:slug"><!--app-html--></div><!--app-data--></body></html>',
)
fs.writeFileSync(
  path.join(clientDir, 'shell.html'),
  '<html><head><title>the shell</title></head><body><div id="root"></div></body></html>',
)
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }))

describe.each(testDatabases)("an open mic's page on $name", (database) => {
  const t = withTestApp(database, { now: '2026-12-01T18:00:00Z', clientDir, renderPage: render })
  const actor = { who: 'host@example.com', via: 'console' } as const

  test('is rendered by the server with its running order and its head; nothing private is in it', async () => {
    const deps = { db: t.db, clock: t.clock }
    const { event } = await runOperatorAction(deps, actor, 'events.add', {
      name: 'Mic <Night>',
      startsAt: '2026-12-02T02:00:00Z',
    })
    await runOperatorAction(deps, actor, 'openmic.set', {
      show: event.id,
      slots: 3,
      setMinutes: 5,
      opensAt: '2026-12-01T12:00:00Z',
      closesAt: '2026-12-02T01:00:00Z',
      rule: 'first-come',
    })
    const context = { publicUrl: testPublicUrl, now: t.clock.now() }
    await signUp(
      t.db,
      event.id,
      {
        stageName: '<b>Bold</b> Comic',
        email: 'bold.private@example.com',
        vrchatName: 'BoldVR',
        note: 'private note',
        adult: true,
      },
      context,
    )
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', 'bold.private@example.com')
      .executeTakeFirstOrThrow()
    await confirmSignup(t.db, /#confirm=([\w-]+)/.exec(mail.text_body)?.[1] ?? '', context)

    const page = await t.app.inject({ url: `/open-mic/${event.id}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<title>Open mic: Mic &lt;Night&gt; · Punchline VR</title>')
    expect(page.body).toContain(`data-route="/open-mic/${event.id}"`)
    // The name is text, never markup.
    expect(page.body).toContain('&lt;b&gt;Bold&lt;/b&gt; Comic')
    expect(page.body).not.toContain('<b>Bold</b>')
    expect(page.body).toContain(openMicTexts.formHeading)
    expect(page.body).toContain(`id="${openMicDataId}"`)
    for (const secret of ['bold.private@example.com', 'BoldVR', 'private note']) {
      expect(page.body).not.toContain(secret)
    }
    // Search engines read it as an Event, valid by schema.org's and Google's rules.
    const open = '<script type="application/ld+json">'
    const start = page.body.indexOf(open) + open.length
    const jsonLd = JSON.parse(page.body.slice(start, page.body.indexOf('</script>', start)))
    expect(schemaOrgProblems(jsonLd)).toEqual([])
    expect(jsonLd).toMatchObject({
      '@type': 'ComedyEvent',
      name: 'Open mic: Mic <Night>',
      url: `${testPublicUrl}/open-mic/${event.id}`,
      startDate: '2026-12-02T02:00:00.000Z',
      performer: [{ '@type': 'Person', name: '<b>Bold</b> Comic' }],
    })
  })

  test("a lottery's page shows its seed's hash from the start, the seed only once drawn, and equal names apart", async () => {
    const deps = { db: t.db, clock: t.clock }
    const { event } = await runOperatorAction(deps, actor, 'events.add', {
      name: 'Lottery Night',
      startsAt: '2026-12-02T02:00:00Z',
    })
    await runOperatorAction(deps, actor, 'openmic.set', {
      show: event.id,
      slots: 1,
      setMinutes: 5,
      opensAt: '2026-12-01T12:00:00Z',
      closesAt: '2026-12-02T01:00:00Z',
      rule: 'lottery',
      drawAt: '2026-12-02T01:30:00Z',
    })
    const { draw_seed: seed, draw_seed_hash: hash } = await t.db
      .selectFrom('open_mics')
      .select(['draw_seed', 'draw_seed_hash'])
      .where('show_id', '=', event.id)
      .executeTakeFirstOrThrow()
    const context = { publicUrl: testPublicUrl, now: t.clock.now() }
    for (const who of ['twin.one', 'twin.two']) {
      const email = `${who}@example.com`
      await signUp(
        t.db,
        event.id,
        { stageName: 'Twin', email, vrchatName: 'vr', adult: true },
        context,
      )
      const mail = await t.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', email)
        .executeTakeFirstOrThrow()
      await confirmSignup(t.db, /#confirm=([\w-]+)/.exec(mail.text_body)?.[1] ?? '', context)
    }
    // As React writes it in the page: the apostrophe escaped.
    const committed = openMicTexts.drawSeedHash(hash ?? '').replaceAll("'", '&#x27;')
    const before = (await t.app.inject({ url: `/open-mic/${event.id}` })).body
    expect(before).toContain(committed)
    expect(before).not.toContain(seed)
    await runOperatorAction(deps, actor, 'openmic.draw', { show: event.id })
    const after = (await t.app.inject({ url: `/open-mic/${event.id}` })).body
    expect(after).toContain(committed)
    expect(after).toContain(openMicTexts.drawSeed(seed ?? ''))
    for (const number of [1, 2]) {
      expect(after).toContain(`<li>${openMicTexts.drawEntry({ number, name: 'Twin' })}</li>`)
    }
  })

  test('a show that is not an open mic, or no show at all, is the site’s 404', async () => {
    const { event } = await runOperatorAction({ db: t.db, clock: t.clock }, actor, 'events.add', {
      name: 'Plain Show',
      startsAt: '2026-12-02T02:00:00Z',
    })
    for (const url of [`/open-mic/${event.id}`, '/open-mic/evt-nothing']) {
      const page = await t.app.inject({ url })
      expect([page.statusCode, page.body]).toEqual([404, expect.stringContaining('the shell')])
    }
  })
})
