import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { testDatabases } from '#test/databases'
import { buildTestApp, testPublicUrl, withTestApp } from '#test/test-app'
import { membershipsOpenAttribute } from '../shared/memberships'
import { publicUrlMarker } from '../shared/page-rendering'
import { startScript } from '../shared/start-script'
import { worldLaunchUrl, worldLinkedAttribute, worldPath } from '../shared/world'
import { testModeText } from './plugins/built-pages'

// A built client of three pages, as scripts/build.ts leaves it.
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-client-'))
fs.mkdirSync(path.join(clientDir, 'assets'))
fs.writeFileSync(path.join(clientDir, 'index.html'), '<html><body>landing page</body></html>')
fs.writeFileSync(
  path.join(clientDir, 'store.html'),
  `<html><head><link rel="canonical" href="${publicUrlMarker}/store" /><meta property="og:image" content="${publicUrlMarker}/images/og.png" /></head><body>store page</body></html>`,
)
fs.writeFileSync(
  path.join(clientDir, 'shell.html'),
  '<html><body><div id="root"></div></body></html>',
)
fs.writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)')
fs.writeFileSync(path.join(clientDir, 'assets', 'app-1234.css'), 'body{margin:0}')
fs.writeFileSync(path.join(clientDir, 'assets', 'inter-1234.woff2'), 'wOF2')
fs.writeFileSync(
  path.join(clientDir, 'assets', 'logo-1234.svg'),
  '<svg xmlns="http://www.w3.org/2000/svg"/>',
)
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))

// PGlite only: nothing here depends on the database.
const [pglite] = testDatabases
if (!pglite) throw new Error('no test database')
const t = withTestApp(pglite, { clientDir })

test('pages carry the full set of security headers, with a content security policy', async () => {
  const response = await t.app.inject({ url: '/store' })
  expect(response.statusCode).toBe(200)
  expect(response.body).toContain('store page')
  // The whole policy, directive by directive: one more source anywhere (say 'unsafe-inline' for
  // scripts) fails here.
  const policy = String(response.headers['content-security-policy'])
  const directives = Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/)
      return [name, sources]
    }),
  )
  expect(directives).toEqual({
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'font-src': ["'self'", 'https:', 'data:'],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    // The pre-rendered pages' one inline script, by its hash, and nothing else inline.
    'script-src': [
      "'self'",
      `'sha256-${createHash('sha256').update(startScript).digest('base64')}'`,
    ],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'frame-src': ['https://www.youtube-nocookie.com'],
    'connect-src': ["'self'"],
  })
  expect(policy.split(';')).toHaveLength(12)
  expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
  expect(response.headers['x-content-type-options']).toBe('nosniff')
  expect(response.headers['referrer-policy']).toBe('no-referrer')
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin')
})

test('a public test site says "test mode: no real payments" on every page, outside the app root', async () => {
  const [pglite] = testDatabases
  if (!pglite) throw new Error('no test database')
  const opened = await pglite.open()
  const banner = await buildTestApp(opened.db, { clientDir, testModeBanner: true })
  try {
    for (const url of ['/', '/store', '/success?session_id=cs_x', '/no-such-page']) {
      const body = (await banner.app.inject({ url })).body
      expect(body).toContain(`<body><p class="test-mode-banner" role="note">${testModeText}</p>`)
    }
    // The real store says nothing of the kind.
    expect((await t.app.inject({ url: '/store' })).body).not.toContain(testModeText)
  } finally {
    await banner.app.close()
    await opened.close()
  }
})

test('MEMBERSHIPS=open marks every page for the pre-rendered store to read; closed, none', async () => {
  const [pglite] = testDatabases
  if (!pglite) throw new Error('no test database')
  const opened = await pglite.open()
  const open = await buildTestApp(opened.db, { clientDir, memberships: 'open' })
  try {
    for (const url of ['/', '/store', '/no-such-page']) {
      const body = (await open.app.inject({ url })).body
      expect(body).toMatch(new RegExp(`^<html ${membershipsOpenAttribute}="open">`))
    }
    expect((await t.app.inject({ url: '/store' })).body).not.toContain(membershipsOpenAttribute)
  } finally {
    await open.app.close()
    await opened.close()
  }
})

test('VRCHAT_WORLD_ID set: /world opens it in VRChat and every page shows its link; unset, neither', async () => {
  const [pglite] = testDatabases
  if (!pglite) throw new Error('no test database')
  const opened = await pglite.open()
  const worldId = 'wrld_4cf4f6a0-3c3b-4b6e-9d3c-6b1a0c2f9e11'
  const linked = await buildTestApp(opened.db, { clientDir, worldId })
  try {
    const world = await linked.app.inject({ url: worldPath })
    expect(world.statusCode).toBe(302)
    expect(world.headers.location).toBe(worldLaunchUrl(worldId))
    expect(worldLaunchUrl(worldId)).toBe(`https://vrchat.com/home/launch?worldId=${worldId}`)
    for (const url of ['/', '/store']) {
      const body = (await linked.app.inject({ url })).body
      expect(body).toMatch(new RegExp(`^<html ${worldLinkedAttribute}="linked">`))
    }
    // Unset: no link shows, and /world is the site's not-found page.
    expect((await t.app.inject({ url: '/store' })).body).not.toContain(worldLinkedAttribute)
    expect((await t.app.inject({ url: worldPath })).statusCode).toBe(404)
  } finally {
    await linked.app.close()
    await opened.close()
  }
})

test('API answers carry nosniff and same-origin resource policy, and no page policy', async () => {
  const response = await t.app.inject({ url: '/api/schedule' })
  expect(response.statusCode).toBe(200)
  expect(response.headers['x-content-type-options']).toBe('nosniff')
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin')
  expect(response.headers['content-security-policy']).toBeUndefined()
})

test('scripts, stylesheets and fonts carry nosniff and same-origin resource policy, no page policy; pictures keep it', async () => {
  for (const file of ['app-1234.js', 'app-1234.css', 'inter-1234.woff2']) {
    const response = await t.app.inject({ url: `/assets/${file}` })
    expect(response.statusCode, file).toBe(200)
    expect(response.headers['x-content-type-options'], file).toBe('nosniff')
    expect(response.headers['cross-origin-resource-policy'], file).toBe('same-origin')
    expect(response.headers['content-security-policy'], file).toBeUndefined()
    expect(response.headers['x-frame-options'], file).toBeUndefined()
  }
  const picture = await t.app.inject({ url: '/assets/logo-1234.svg' })
  expect(picture.statusCode).toBe(200)
  expect(picture.headers['content-security-policy']).toContain("default-src 'self'")
})

test('/ and /success are served from the built pages; /success from the empty shell', async () => {
  expect((await t.app.inject({ url: '/' })).body).toContain('landing page')
  const success = await t.app.inject({ url: '/success?session_id=cs_x' })
  expect(success.statusCode).toBe(200)
  expect(success.body).toContain('<div id="root"></div>')
})

test('an unknown page is the app shell with a 404 status; an unknown API path is JSON', async () => {
  const page = await t.app.inject({ url: '/no-such-page' })
  expect(page.statusCode).toBe(404)
  expect(page.headers['content-type']).toContain('text/html')
  expect(page.body).toContain('<div id="root"></div>')

  const api = await t.app.inject({ url: '/api/no-such-thing' })
  expect(api.statusCode).toBe(404)
  expect(api.json()).toEqual({ message: 'Not found.' })
})

test('hashed assets are cached for a year', async () => {
  const response = await t.app.inject({ url: '/assets/app-1234.js' })
  expect(response.statusCode).toBe(200)
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
})

test('/healthz answers when the database does', async () => {
  const response = await t.app.inject({ url: '/healthz' })
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ status: 'ok' })
})

test("a page's absolute URLs name the address the server runs at, not the one it was built at", async () => {
  const html = (await t.app.inject({ url: '/store' })).body
  expect(html).toContain(`<link rel="canonical" href="${testPublicUrl}/store" />`)
  expect(html).toContain(`content="${testPublicUrl}/images/og.png"`)
  expect(html).not.toContain(publicUrlMarker)
  // The built files are sent only by their routes, with the address filled in.
  for (const file of ['/store.html', '/index.html', '/shell.html']) {
    const response = await t.app.inject({ url: file })
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain(publicUrlMarker)
  }
})

test('every page carries a Permissions-Policy that denies the devices, sensors and payment APIs', async () => {
  for (const url of ['/', '/store', '/success', '/no-such-page']) {
    const policy = String((await t.app.inject({ url })).headers['permissions-policy'])
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(policy.split(', '), url).toContain(`${feature}=()`)
    }
  }
  expect(
    (await t.app.inject({ url: '/api/schedule' })).headers['permissions-policy'],
  ).toBeUndefined()
})

test('pictures under /images and the favicon are kept a month, then revalidated by their ETag', async () => {
  fs.mkdirSync(path.join(clientDir, 'images', 'products'), { recursive: true })
  fs.writeFileSync(path.join(clientDir, 'images', 'products', 'ffr-10.svg'), '<svg/>')
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg/>')
  const opened = await pglite.open()
  // The static files are listed when the app starts: a new app sees these.
  const fresh = await buildTestApp(opened.db, { clientDir })
  try {
    for (const url of ['/images/products/ffr-10.svg', '/favicon.svg']) {
      const response = await fresh.app.inject({ url })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['cache-control'], url).toBe(
        'public, max-age=2592000, must-revalidate',
      )
      const etag = String(response.headers.etag)
      const again = await fresh.app.inject({ url, headers: { 'if-none-match': etag } })
      expect(again.statusCode, url).toBe(304)
    }
  } finally {
    await fresh.app.close()
    await opened.close()
  }
})
