import { afterAll, beforeAll, expect, test } from 'vitest'
import { type RunningServer, startServer } from '#test/server'
import { publicUrlMarker } from '../../src/shared/page-rendering'

// The build npm test made knows no address (it was built with PUBLIC_URL unset, as a deployer
// builds once); this server runs at another one, as a deployed site does.
const publicUrl = 'https://shows.punchline.example'
let server: RunningServer

beforeAll(async () => {
  server = await startServer({ PUBLIC_URL: publicUrl, ALLOW_TEST_CHECKOUT: 'true' })
})
afterAll(async () => {
  await server?.stop()
})

test.each([
  ['/', `${publicUrl}/`],
  ['/store', `${publicUrl}/store`],
])('%s names the address the server runs at in every absolute URL', async (route, canonical) => {
  const html = await (await fetch(`${server.url}${route}`)).text()
  expect(html).toContain(`<link rel="canonical" href="${canonical}" />`)
  expect(html).toContain(`<meta property="og:url" content="${canonical}" />`)
  expect(html).toContain(`<meta property="og:image" content="${publicUrl}/images/og.png" />`)
  expect(html).toContain(`<meta name="twitter:image" content="${publicUrl}/images/og.png" />`)
  expect(html).not.toContain('localhost')
  expect(html).not.toContain(publicUrlMarker)
})

test("the landing page's events point at the same address", async () => {
  const html = await (await fetch(`${server.url}/`)).text()
  // The shows' list, after the head's Organization and WebSite (which name the address too).
  const items = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null'),
  )
  const events = (items.find(Array.isArray) ?? []) as {
    location: { url: string }
    endDate: string
  }[]
  expect(items.filter((item) => !Array.isArray(item)).map((item) => item.url)).toEqual([
    `${publicUrl}/`,
    `${publicUrl}/`,
  ])
  expect(events.length).toBeGreaterThan(0)
  expect(events.every((event) => event.location.url === `${publicUrl}/`)).toBe(true)
  expect(events.every((event) => typeof event.endDate === 'string')).toBe(true)
})
