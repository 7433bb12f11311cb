import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, describe, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { buildTestApp, testPublicUrl, withTestApp } from '#test/test-app'
import { addEvent } from '../../core/schedule/events'
import { scheduleDataId } from '../../shared/page-rendering'
import { render } from '../../web/app/entry-server'
import { scheduleCacheMs } from './schedule-cache'
import { withWorldLinked } from './settings-on-pages'

// A built client as scripts/prerender.ts leaves it: the pre-rendered / (no shows) and its
// template with the markers the server fills.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-dist-'))
const clientDir = path.join(dist, 'client')
fs.mkdirSync(path.join(dist, 'templates'), { recursive: true })
fs.mkdirSync(clientDir)
const head = '<head><title>Punchline VR</title></head>'
fs.writeFileSync(
  path.join(clientDir, 'index.html'),
  '<html><body><div id="root">built without shows</div></body></html>',
)
fs.writeFileSync(
  path.join(dist, 'templates', 'index.html'),
  `<html>${head}<body><div id="root" data-route="/"><!--app-html--></div><!--app-data--></body></html>`,
)
fs.writeFileSync(
  path.join(clientDir, 'shell.html'),
  '<html><body><div id="root"></div></body></html>',
)
// The compressed copies scripts/build.ts writes beside each file, and a plain asset.
fs.writeFileSync(path.join(clientDir, 'index.html.br'), 'compressed page')
fs.writeFileSync(path.join(clientDir, 'shell.html.gz'), 'compressed shell')
fs.writeFileSync(path.join(clientDir, 'plain.txt'), 'User-agent: *')
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }))

const [pglite] = testDatabases
if (!pglite) throw new Error('no test database')

/** The JSON of the script element with this type (and id) in the page. */
function scriptJson(html: string, type: string, id?: string): unknown {
  const open = `<script ${id ? `type="${type}" id="${id}"` : `type="${type}"`}>`
  const start = html.indexOf(open)
  if (start === -1) return undefined
  const body = html.slice(start + open.length, html.indexOf('</script>', start))
  return JSON.parse(body)
}

describe('the landing page rendered per request', () => {
  const lines: string[] = []
  const t = withTestApp(pglite, {
    now: '2026-11-22T18:00:00Z',
    clientDir,
    renderPage: render,
    logStream: new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    }),
  })

  test('a page is sent only by its route: its file and compressed copies are not files to fetch', async () => {
    for (const url of ['/index.html', '/index.html.br', '/shell.html.gz', '/SHELL.HTML.gz']) {
      const response = await t.app.inject({ url })
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).not.toContain('compressed')
    }
    expect((await t.app.inject({ url: '/plain.txt' })).body).toBe('User-agent: *')
  })

  test('holds the upcoming shows, the next show and their JSON-LD before any script runs', async () => {
    const response = await t.app.inject({ url: '/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
    const html = response.body
    // The regular shows seeded at start: the next two weeks listed, the rest behind a button.
    const listed = [...html.matchAll(/<h3 class="schedule-event-name">([^<]*)<\/h3>/g)].map(
      (m) => m[1],
    )
    expect(listed).toEqual([
      'Sunday Stand-Up',
      'Tuesday Night Stand-Up',
      'Sunday Stand-Up',
      'Tuesday Night Stand-Up',
    ])
    expect(html).toContain('Show all 16 upcoming shows')
    expect(html).toMatch(/<p class="next-show-name">Sunday Stand-Up<\/p>/)
    expect(html).toContain('Sun, Nov 22, 4:00 PM CT')
    expect(html).not.toContain('built without shows')

    const jsonLd = scriptJson(html, 'application/ld+json') as Record<string, unknown>[]
    expect(jsonLd).toHaveLength(16)
    expect(jsonLd[0]).toMatchObject({
      '@type': 'ComedyEvent',
      name: 'Sunday Stand-Up',
      startDate: '2026-11-22T22:00:00.000Z',
      location: { '@type': 'VirtualLocation', url: `${testPublicUrl}/` },
    })
    // The same schedule for the browser's first render, so hydration matches.
    const data = scriptJson(html, 'application/json', scheduleDataId) as {
      events: unknown[]
      at: string
    }
    expect(data.events).toHaveLength(16)
    expect(data.at).toBe('2026-11-22T18:00:00.000Z')
  })

  test("an operator's event shows up, its name escaped in the HTML and the scripts", async () => {
    await addEvent(
      t.db,
      {
        name: 'Roast </script><b>night</b>',
        description: 'A very special roast.\nSecond line.',
        startsAt: new Date('2026-11-22T20:00:00Z'),
      },
      t.clock.now(),
    )
    const html = (await t.app.inject({ url: '/' })).body
    expect(html).not.toContain('<b>night</b>')
    expect(html).toContain('Roast &lt;/script&gt;&lt;b&gt;night&lt;/b&gt;')
    expect(html).toMatch(/<p class="next-show-name">Roast &lt;\/script&gt;/)
    const jsonLd = scriptJson(html, 'application/ld+json') as {
      name: string
      description: string
    }[]
    expect(jsonLd[0]).toMatchObject({
      name: 'Roast </script><b>night</b>',
      description: 'A very special roast.',
    })
    t.clock.advance(scheduleCacheMs)
  })

  test('when rendering fails, the page built without shows is sent and the failure logged', async () => {
    const broken = await buildTestApp(t.db, {
      clientDir,
      renderPage: async () => {
        throw new Error('render broke')
      },
      logStream: new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk))
          done()
        },
      }),
    })
    try {
      const response = await broken.app.inject({ url: '/' })
      expect(response.statusCode).toBe(200)
      expect(response.body).toContain('built without shows')
      expect(lines.some((line) => line.includes('pages: could not render /'))).toBe(true)
    } finally {
      await broken.app.close()
    }
  })

  test('a burst of requests as the minute turns renders the page once', async () => {
    let renders = 0
    const counting = await buildTestApp(t.db, {
      now: '2026-11-22T18:00:00Z',
      clientDir,
      renderPage: async (url, data) => {
        renders++
        // Slow enough that every request of the burst arrives while it runs.
        await new Promise((resolve) => setTimeout(resolve, 50))
        return render(url, data)
      },
    })
    try {
      await counting.app.inject({ url: '/' })
      expect(renders).toBe(1)
      counting.clock.advance(60_000)
      const burst = await Promise.all(
        Array.from({ length: 20 }, () => counting.app.inject({ url: '/' })),
      )
      expect(burst.map((response) => response.statusCode)).toEqual(Array(20).fill(200))
      expect(new Set(burst.map((response) => response.body)).size).toBe(1)
      expect(renders).toBe(2)
    } finally {
      await counting.app.close()
    }
  })
})

test('"Open the world" is not in a page as built or sent without a world: nothing for crawlers to follow to a 404', async () => {
  const built = `<html lang="en"><body>${await render('/')}</body></html>`
  expect(built).not.toContain('open-world-link')
  // With a world set, the page says so on <html>, where the link reads it once the page runs.
  expect(withWorldLinked(built)).toMatch(/^<html data-world="linked" lang="en">/)
})
