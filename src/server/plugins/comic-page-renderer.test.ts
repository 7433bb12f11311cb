import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { consoleAction, signInToConsole } from '#test/console'
import { testDatabases } from '#test/databases'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { confirmSignup, signUp } from '../../core/open-mic/signups'

import { runOperatorAction } from '../../core/operator/run-action'
import { comicDataId, comicPageTexts } from '../../shared/comic-page-view'
import { consoleApi, csrfHeader } from '../../shared/console'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import type { ScheduleEvent } from '../../shared/schedule'
import { render } from '../../web/app/entry-server'

// A built client as scripts/prerender.ts leaves it: the landing page's template, the comic
// page's (its head written per request), and the shell the not-found answer sends.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-comic-dist-'))
const clientDir = path.join(dist, 'client')
fs.mkdirSync(path.join(dist, 'templates'), { recursive: true })
fs.mkdirSync(clientDir)
const body = (route: string) =>
  `<body><div id="root" data-route="${route}"><!--app-html--></div><!--app-data--></body>`
fs.writeFileSync(path.join(clientDir, 'index.html'), '<html><body>built</body></html>')
fs.writeFileSync(path.join(clientDir, 'comic.html'), '<html><body>built comic</body></html>')
fs.writeFileSync(
  path.join(dist, 'templates', 'index.html'),
  `<html><head><title>Punchline VR</title></head>${body('/')}</html>`,
)
fs.writeFileSync(
  path.join(dist, 'templates', 'comic.html'),
  `<html><head><!--page-head--></head>${body('/comics/:slug')}</html>`,
)
fs.writeFileSync(
  path.join(clientDir, 'shell.html'),
  '<html><head><title>the shell</title></head><body><div id="root"></div></body></html>',
)
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }))

/** The JSON of the first script element of this type (and id) in the page. */
function scriptJson(html: string, type: string, id?: string): unknown {
  const open = `<script type="${type}"${id ? ` id="${id}"` : ''}>`
  const start = html.indexOf(open)
  if (start === -1) return undefined
  return JSON.parse(html.slice(start + open.length, html.indexOf('</script>', start)))
}

describe.each(testDatabases)("a comic's page on $name", (database) => {
  const host = 'host@example.com'
  const t = withTestApp(database, {
    now: '2026-11-22T18:00:00Z',
    clientDir,
    renderPage: render,
    adminEmails: [host],
  })
  const actor = { who: host, via: 'console' } as const
  const run = <N extends OperatorActionName>(name: N, input: OperatorInput<N>) =>
    runOperatorAction({ db: t.db, clock: t.clock }, actor, name, input)
  let shows: ScheduleEvent[]

  beforeAll(async () => {
    shows = (await t.app.inject({ url: '/api/schedule' })).json()
    await run('comics.add', {
      name: 'Sam Stone',
      bio: 'Tells the truth, slowly.\nThen quickly.',
      vrchatName: 'SamTheSlow',
      links: [{ label: 'Instagram', url: 'https://instagram.com/samstone' }],
      payoutEmail: 'sam.pay@example.com',
    })
    await run('comics.add', { name: 'Lee Park', payoutEmail: 'lee.pay@example.com' })
    await run('comics.add', { name: 'Gone Girl', bio: 'Was here once.' })
    const signedIn = await signInToConsole(t.app, t.db, host)
    const picture = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#2040c0' },
    })
      .jpeg()
      .toBuffer()
    const sam = await run('comics.show', { comic: 'sam-stone' })
    await t.app.inject({
      method: 'POST',
      url: consoleApi.comicPicture(sam.id),
      headers: {
        cookie: signedIn.cookie,
        [csrfHeader]: signedIn.csrfToken,
        'content-type': 'image/jpeg',
      },
      payload: picture,
    })
    for (const [index, role] of [
      [0, 'host'],
      [3, 'headliner'],
    ] as const) {
      await run('lineup.set', {
        show: shows[index]?.id,
        places: [
          { comic: 'sam-stone', role },
          { comic: 'gone-girl', role: 'feature' },
        ],
      })
    }
    await run('comics.archive', { comic: 'gone-girl' })
  })

  test('is rendered on the server: name, picture, bio, VRChat name, links and upcoming shows with their dates', async () => {
    const response = await t.app.inject({ url: '/comics/sam-stone' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    const html = response.body
    expect(html).toMatch(/<h1 id="comic-name">Sam Stone<\/h1>/)
    expect(html).toMatch(/<img class="comic-picture" src="\/media\/comics\/[0-9A-Za-z]{16}\.webp"/)
    expect(html).toContain('Tells the truth, slowly.\nThen quickly.')
    expect(html).toContain('<strong>SamTheSlow</strong>')
    expect(html).toContain('href="https://instagram.com/samstone"')
    // Each show links to its entry in the schedule.
    const listed = [
      ...html.matchAll(
        /<h3 class="comic-show-name"><a class="tap-link" href="([^"]*)">([^<]*)<\/a><\/h3>/g,
      ),
    ].map((m) => [m[2], m[1]])
    expect(listed).toEqual([
      [shows[0]?.name, `/#show-${shows[0]?.id}`],
      [shows[3]?.name, `/#show-${shows[3]?.id}`],
    ])
    // A fan finds a way to support them, with the rule a boost follows, and to share the page.
    expect(html).toContain(
      `<a class="button" href="/store">${comicPageTexts.support('Sam Stone')}</a>`,
    )
    expect(html).toContain(comicPageTexts.supportLine('Sam Stone').replace("'", '&#x27;'))
    expect(html).toContain(comicPageTexts.share)
    expect(html).not.toContain(comicPageTexts.onStageNow)
    // On stage now while their set runs.
    await run('stage.on', { comic: 'sam-stone', show: shows[0]?.id })
    const live = (await t.app.inject({ url: '/comics/sam-stone' })).body
    expect(live).toContain(`<p class="comic-on-stage">${comicPageTexts.onStageNow}</p>`)
    await run('stage.off', { show: shows[0]?.id })
    expect((await t.app.inject({ url: '/comics/sam-stone' })).body).not.toContain(
      comicPageTexts.onStageNow,
    )
    expect(html).toContain('Sun, Nov 22, 4:00 PM CT')
    expect(html).toMatch(/<p class="comic-show-role">Host\/MC<\/p>/)
    expect(html).toMatch(/<p class="comic-show-role">Headliner<\/p>/)
    // The browser hydrates the page it was rendered for, from the same data.
    expect(html).toContain('data-route="/comics/sam-stone"')
    expect(scriptJson(html, 'application/json', comicDataId)).toMatchObject({
      state: 'found',
      comic: { slug: 'sam-stone', name: 'Sam Stone' },
    })
  })

  test("has the comic's own title, description, canonical address, picture and Person JSON-LD", async () => {
    const html = (await t.app.inject({ url: '/comics/sam-stone' })).body
    expect(html).toContain(`<title>${comicPageTexts.title('Sam Stone')}</title>`)
    expect(html).toContain(
      '<meta name="description" content="Tells the truth, slowly. Then quickly." />',
    )
    expect(html).toContain(`<link rel="canonical" href="${testPublicUrl}/comics/sam-stone" />`)
    const picture = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]
    expect(picture).toMatch(new RegExp(`^${testPublicUrl}/media/comics/\\w{16}\\.webp$`))
    expect(scriptJson(html, 'application/ld+json')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Sam Stone',
      url: `${testPublicUrl}/comics/sam-stone`,
      image: picture,
      description: 'Tells the truth, slowly. Then quickly.',
      sameAs: ['https://instagram.com/samstone'],
    })
  })

  test('never shows a payout address, nor an archived comic on a bill', async () => {
    for (const url of ['/comics/sam-stone', '/comics/lee-park', '/comics/gone-girl', '/']) {
      const html = (await t.app.inject({ url })).body
      expect(html, url).not.toContain('pay@example.com')
      expect(html, url).not.toContain('Gone Girl')
    }
  })

  test('a comic with no picture, links or shows still has a page, saying so', async () => {
    const response = await t.app.inject({ url: '/comics/lee-park' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('comic-picture-none')
    expect(response.body).toContain(comicPageTexts.noShows)
    expect(scriptJson(response.body, 'application/ld+json')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Lee Park',
      url: `${testPublicUrl}/comics/lee-park`,
    })
  })

  test('a comic made from an open-mic sign-up shows no VRChat name, and says so while on no lineup', async () => {
    const show = shows[1]
    await run('openmic.set', {
      show: show?.id ?? '',
      slots: 3,
      setMinutes: 5,
      opensAt: '2026-11-22T12:00:00Z',
      closesAt: show?.startTime ?? '',
      rule: 'first-come',
    })
    const context = { publicUrl: testPublicUrl, now: t.clock.now() }
    const email = 'quinn.open@example.com'
    const fields = { stageName: 'Quinn Open', email, vrchatName: 'QuinnPrivateVR', adult: true }
    await signUp(t.db, show?.id ?? '', fields, context)
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow()
    await confirmSignup(t.db, /#confirm=([\w-]+)/.exec(mail.text_body)?.[1] ?? '', context)
    const page = await t.app.inject({ url: '/comics/quinn-open' })
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain('QuinnPrivateVR')
    expect(scriptJson(page.body, 'application/json', comicDataId)).toMatchObject({
      comic: { name: 'Quinn Open', vrchatName: '' },
      fromSignup: true,
    })
    expect(page.body).toContain(comicPageTexts.signedUpOnly('Quinn Open'))
    expect(page.body).toContain('<meta name="robots" content="noindex" />')

    // On a lineup, it is a comic's page like any other; the host makes the VRChat name public.
    await run('lineup.set', {
      show: shows[2]?.id,
      places: [{ comic: 'quinn-open', role: 'open-mic' }],
    })
    await run('comics.edit', { comic: 'quinn-open', vrchatPublic: true })
    const listed = (await t.app.inject({ url: '/comics/quinn-open' })).body
    expect(listed).toContain('<strong>QuinnPrivateVR</strong>')
    expect(listed).toContain(
      `<a class="tap-link" href="/#show-${shows[2]?.id}">${shows[2]?.name}</a>`,
    )
    expect(listed).not.toContain(comicPageTexts.signedUpOnly('Quinn Open'))
    expect(listed).not.toContain('noindex')
  })

  test('pronouns given in the console show after the name on the page and in its JSON, never the payout address', async () => {
    const signedIn = await signInToConsole(t.app, t.db, host)
    const added = await consoleAction(t.app, signedIn, 'comics.add', {
      name: 'Rosa Delgado',
      pronouns: 'she/her',
      payoutEmail: 'rosa.pay@example.com',
    })
    expect(added.statusCode).toBe(200)
    expect(added.json().comic).toMatchObject({ pronouns: 'she/her' })
    const html = (await t.app.inject({ url: '/comics/rosa-delgado' })).body
    expect(html).toContain(
      '<h1 id="comic-name">Rosa Delgado<span class="comic-pronouns"> (she/her)</span></h1>',
    )
    const data = scriptJson(html, 'application/json', comicDataId) as { comic: object }
    expect(data.comic).toMatchObject({ name: 'Rosa Delgado', pronouns: 'she/her' })
    expect(Object.keys(data.comic)).not.toContain('payoutEmail')
    expect(html).not.toContain('rosa.pay@example.com')

    // Changed in the console, then cleared: the page follows, and says nothing of them when none.
    await consoleAction(t.app, signedIn, 'comics.edit', {
      comic: 'rosa-delgado',
      pronouns: 'they/them',
    })
    expect((await t.app.inject({ url: '/comics/rosa-delgado' })).body).toContain(
      '<span class="comic-pronouns"> (they/them)</span>',
    )
    await consoleAction(t.app, signedIn, 'comics.edit', { comic: 'rosa-delgado', pronouns: '' })
    const none = (await t.app.inject({ url: '/comics/rosa-delgado' })).body
    expect(none).toContain('<h1 id="comic-name">Rosa Delgado</h1>')
    expect(scriptJson(none, 'application/json', comicDataId)).toMatchObject({
      comic: { pronouns: '' },
    })
  })

  test('pronouns longer than 40 characters are refused', async () => {
    const signedIn = await signInToConsole(t.app, t.db, host)
    const refused = await consoleAction(t.app, signedIn, 'comics.add', {
      name: 'Long Pronouns',
      pronouns: 'x'.repeat(41),
    })
    expect(refused.statusCode).toBe(400)
    expect((await t.app.inject({ url: '/comics/long-pronouns' })).statusCode).toBe(404)
  })

  test("an archived comic's page is 410 with the site's page; an unknown one the site's 404", async () => {
    const gone = await t.app.inject({ url: '/comics/gone-girl' })
    expect(gone.statusCode).toBe(410)
    expect(gone.body).toContain(comicPageTexts.goneHeading)
    expect(gone.body).toContain(`<title>${comicPageTexts.goneTitle}</title>`)
    expect(gone.body).not.toContain('Was here once.')
    for (const url of [
      '/comics/nobody',
      '/comics/Sam-Stone',
      '/comics/%00',
      `/comics/${'a'.repeat(80)}`,
    ]) {
      const response = await t.app.inject({ url })
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).toContain('the shell')
    }
  })

  test("the landing page's JSON-LD names each show's comics as performers, linking their pages", async () => {
    const html = (await t.app.inject({ url: '/' })).body
    const events = scriptJson(html, 'application/ld+json') as { performer: unknown }[]
    expect(events[0]?.performer).toEqual([
      { '@type': 'Person', name: 'Sam Stone', url: `${testPublicUrl}/comics/sam-stone` },
    ])
    expect(events[1]?.performer).toMatchObject({ '@type': 'PerformingGroup' })
    expect(html).toContain('<a href="/comics/sam-stone">Sam Stone</a>')
  })
})
