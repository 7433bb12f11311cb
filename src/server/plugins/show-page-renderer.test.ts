import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { schemaOrgProblems } from '#test/schema-org'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { runOperatorAction } from '../../core/operator/run-action'
import { markEventsChanged } from '../../core/schedule/events'
import { showPageData } from '../../core/shows/show-page-data'
import { comicPictureUrl } from '../../shared/comics'
import type { OperatorActionName, OperatorInput } from '../../shared/operator'
import type { ScheduleEvent } from '../../shared/schedule'
import { showPath } from '../../shared/schedule'
import { showProducts } from '../../shared/show-json-ld'
import { remindPath, showDataId, showPageTexts } from '../../shared/show-page-view'
import { render } from '../../web/app/entry-server'

// A built client as scripts/prerender.ts leaves it: the show page's template (its head written
// per request), and the shell the not-found answer sends.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-show-dist-'))
const clientDir = path.join(dist, 'client')
fs.mkdirSync(path.join(dist, 'templates'), { recursive: true })
fs.mkdirSync(clientDir)
fs.writeFileSync(path.join(clientDir, 'show.html'), '<html><body>built show</body></html>')
fs.writeFileSync(
  path.join(dist, 'templates', 'show.html'),
  '<html><head><!--page-head--></head><body><div id="root" data-route="/shows/:slug"><!--app-html--></div><!--app-data--></body></html>',
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

describe.each(testDatabases)("a show's page on $name", (database) => {
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
  const show = (index: number) => {
    const found = shows[index]
    if (!found) throw new Error(`no show ${index}`)
    return found
  }

  beforeAll(async () => {
    shows = (await t.app.inject({ url: '/api/schedule' })).json()
    await run('comics.add', { name: 'Sam Stone' })
    await run('comics.add', { name: 'Lee Park' })
    await run('comics.add', { name: 'Gone Girl' })
    await run('lineup.set', {
      show: show(0).id,
      places: [
        { comic: 'sam-stone', role: 'host' },
        { comic: 'gone-girl', role: 'feature' },
        { comic: 'lee-park', role: 'headliner' },
      ],
    })
    await run('comics.archive', { comic: 'gone-girl' })
  })

  test('is rendered on the server: name, Central time, lineup with pages, calendar, share, buying and "Remind me"', async () => {
    const response = await t.app.inject({ url: showPath(show(0).id) })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    const html = response.body
    expect(html).toContain(`<h1 id="show-name">${show(0).name}</h1>`)
    expect(html).toContain('Sun, Nov 22, 4:00 PM CT')
    // The visitor's own time has its place from the first paint, filled once hydrated.
    expect(html).toContain('<span class="local-time"></span>')
    const lineup = [...html.matchAll(/<a class="show-comic-link" href="([^"]+)">/g)].map(
      (m) => m[1],
    )
    expect(lineup).toEqual(['/comics/sam-stone', '/comics/lee-park'])
    expect(html).not.toContain('Gone Girl')
    expect(html).toContain('<span class="show-comic-role">Host/MC</span>')
    expect(html).toContain(`href="/api/schedule/${show(0).id}.ics" download`)
    expect(html).toContain(`>${showPageTexts.share}</button>`)
    expect(html).toContain(`href="${remindPath(show(0).id).replace('&', '&amp;')}"`)
    expect(html).toContain('id="remind"')
    // Codes bought now are for the next show: this one.
    expect(html).toContain(showPageTexts.buyOnSale)
    expect(html).toContain('href="/store"')
    expect(html).toContain(`data-route="${showPath(show(0).id)}"`)
    expect(scriptJson(html, 'application/json', showDataId)).toMatchObject({
      state: 'found',
      phase: 'upcoming',
      onSale: true,
      show: { id: show(0).id, name: show(0).name },
    })
    // A later show: its codes go on sale when the show before it ends.
    const later = (await t.app.inject({ url: showPath(show(1).id) })).body
    expect(later).toContain(showPageTexts.buyLater)
    expect(later).toContain(showPageTexts.noLineup)
  })

  test("has the show's own title, description, canonical address, card and a valid ComedyEvent JSON-LD with offers", async () => {
    const url = showPath(show(0).id)
    const html = (await t.app.inject({ url })).body
    const when = 'Sun, Nov 22, 4:00 PM CT'
    expect(html).toContain(`<title>${showPageTexts.title(show(0).name, when)}</title>`)
    expect(html).toContain(
      `<meta name="description" content="${showPageTexts.description(show(0).name, when, ' With Sam Stone, Lee Park.')}" />`,
    )
    expect(html).toContain(`<link rel="canonical" href="${testPublicUrl}${url}" />`)
    expect(html).toContain(`<meta property="og:image" content="${testPublicUrl}${url}/card.png" />`)
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />')
    expect(html).toContain('<meta property="og:locale" content="en_US" />')
    expect(html).toMatch(/<meta name="twitter:image:alt" content="[^"]+" \/>/)
    const event = scriptJson(html, 'application/ld+json') as Record<string, unknown>
    expect(schemaOrgProblems(event)).toEqual([])
    expect(event).toMatchObject({
      '@type': 'ComedyEvent',
      name: show(0).name,
      url: `${testPublicUrl}${url}`,
      startDate: '2026-11-22T22:00:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      organizer: { '@type': 'Organization', name: 'Punchline VR' },
      performer: [
        { '@type': 'Person', name: 'Sam Stone', url: `${testPublicUrl}/comics/sam-stone` },
        { '@type': 'Person', name: 'Lee Park', url: `${testPublicUrl}/comics/lee-park` },
      ],
    })
    expect(event.offers).toEqual(
      showProducts.map((product) => ({
        '@type': 'Offer',
        name: product.name,
        price: (product.priceCents / 100).toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `${testPublicUrl}/store`,
        validFrom: '1970-01-01T00:00:00.000Z',
      })),
    )
    // A later show's codes are not on sale yet: a pre-order, and still a valid event.
    const later = (await t.app.inject({ url: showPath(show(1).id) })).body
    const laterEvent = scriptJson(later, 'application/ld+json') as { offers: unknown[] }
    expect(schemaOrgProblems(laterEvent)).toEqual([])
    expect(laterEvent.offers[0]).toMatchObject({ availability: 'https://schema.org/PreOrder' })
  })

  test('while it runs says it is on now and who is on stage, and leaves them out once the set ends', async () => {
    t.clock.set('2026-11-22T22:30:00Z')
    try {
      await run('stage.on', { comic: 'lee-park', show: show(0).id })
      const html = (await t.app.inject({ url: showPath(show(0).id) })).body
      expect(html).toContain(showPageTexts.onNow)
      expect(html).toContain(`<a href="/comics/lee-park">${showPageTexts.onStage('Lee Park')}</a>`)
      expect(html).toContain(showPageTexts.buyOnSale)
      await run('stage.off', { show: show(0).id })
      const after = (await t.app.inject({ url: showPath(show(0).id) })).body
      expect(after).toContain(showPageTexts.onNow)
      expect(after).not.toContain(showPageTexts.onStage('Lee Park'))
    } finally {
      t.clock.set('2026-11-22T18:00:00Z')
    }
  })

  test('a past show says it is over and points to the next show', async () => {
    t.clock.set('2026-11-23T02:00:00Z')
    try {
      const response = await t.app.inject({ url: showPath(show(0).id) })
      expect(response.statusCode).toBe(200)
      expect(response.body).toContain(showPageTexts.overHeading)
      expect(response.body).toContain(`href="${showPath(show(1).id)}"`)
      expect(response.body).not.toContain(showPageTexts.buyOnSale)
      expect(response.body).not.toContain(showPageTexts.remindMe)
      const event = scriptJson(response.body, 'application/ld+json') as { offers: unknown[] }
      expect(schemaOrgProblems(event)).toEqual([])
      expect(event.offers[0]).toMatchObject({ availability: 'https://schema.org/SoldOut' })
    } finally {
      t.clock.set('2026-11-22T18:00:00Z')
    }
  })

  test('an open mic says so and links to its page', async () => {
    await run('openmic.set', {
      show: show(2).id,
      slots: 3,
      setMinutes: 5,
      opensAt: '2026-11-22T12:00:00Z',
      closesAt: show(2).startTime,
      rule: 'first-come',
    })
    const html = (await t.app.inject({ url: showPath(show(2).id) })).body
    expect(html).toContain(showPageTexts.openMicHeading)
    expect(html).toContain(`href="/open-mic/${show(2).id}"`)
    expect(html).toContain(showPageTexts.openMicSignUp)
  })

  test('a show not ended reads the same from the schedule this process serves as from the database', async () => {
    await t.db
      .updateTable('comics')
      .set({ picture_id: 'sam-2026' })
      .where('slug', '=', 'sam-stone')
      .execute()
    markEventsChanged()
    const served = await t.app.schedule.get()
    // The billed show with an archived comic and a picture, one without a bill, the open mic.
    for (const index of [0, 1, 2]) {
      const id = show(index).id
      const fromServed = await showPageData(t.db, id, t.clock.now(), served)
      expect(fromServed).toEqual(await showPageData(t.db, id, t.clock.now()))
      if (index === 0 && fromServed?.state === 'found') {
        expect(fromServed.lineup.map((comic) => comic.pictureUrl)).toEqual([
          comicPictureUrl('sam-2026'),
          null,
        ])
      }
    }
  })

  test("a removed show answers 410 with the next show; an unknown one the site's 404", async () => {
    await run('events.remove', { id: show(3).id })
    const gone = await t.app.inject({ url: showPath(show(3).id) })
    expect(gone.statusCode).toBe(410)
    expect(gone.body).toContain(showPageTexts.goneHeading)
    expect(gone.body).toContain(`href="${showPath(show(0).id)}"`)
    expect(gone.body).toContain('<meta name="robots" content="noindex" />')
    expect(gone.body).not.toContain('application/ld+json')
    for (const id of ['no-such-show', 'x'.repeat(70), '%00']) {
      const missing = await t.app.inject({ url: `/shows/${id}` })
      expect(missing.statusCode, id).toBe(404)
      expect(missing.body).toContain('the shell')
    }
  })
})
