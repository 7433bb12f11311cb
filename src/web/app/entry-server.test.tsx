// @vitest-environment node
// Pre-rendering runs in Node at build time, with no window or localStorage: render there too.
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { categories } from '../../shared/catalogue'
import { comicFields } from '../../shared/comic-fields'
import type { ComicPublic } from '../../shared/comics'
import { emptyValues, publicValues } from '../../shared/entity-fields'
import { siteConfig } from '../../shared/site-config'
import { TransitionRouter } from '../components/transition-router'
import { render } from './entry-server'
import { App } from './site-app'

test('the store renders on the server with its three sections', async () => {
  const html = await render('/store')
  for (const category of categories) {
    expect(html).toMatch(new RegExp(`<h2[^>]*>${category}</h2>`))
  }
})

test('the landing page renders on the server with the brand in the layout', async () => {
  const html = await render('/')
  expect(html).toContain(siteConfig.brand)
  expect(html).toContain('id="main"')
})

test('an unknown path renders the not-found view with links home and to the store', async () => {
  const html = await render('/no-such-page')
  expect(html).toContain('not on the set list')
  expect(html).toContain('href="/store"')
})

test('waits for the lazily loaded page instead of rendering the loading fallback', async () => {
  const html = await render('/store')
  expect(html).toContain('Fan Favorite Rewards')
  expect(html).toContain('id="main"')
})

test('gives the HTML of a synchronous render of the loaded app, which hydration expects', async () => {
  // The first render loads the page; after it, renderToString no longer suspends.
  const html = await render('/store')
  const again = renderToString(
    <StrictMode>
      <TransitionRouter url="/store">
        <App />
      </TransitionRouter>
    </StrictMode>,
  )
  expect(again).toContain('Fan Favorite Rewards')
  expect(html).toBe(again)
})

test('forms cannot be sent before hydration: their submit buttons are disabled in the HTML', async () => {
  // Sent by the browser itself, a form would become a GET with the address in the URL.
  const html = await render('/store')
  const submits = [...html.matchAll(/<button[^>]*type="submit"[^>]*>/g)].map((m) => m[0])
  expect(submits.length).toBeGreaterThanOrEqual(2)
  for (const button of submits) expect(button).toContain('disabled')
})

test("a comic's page renders with the comic it is given, and as not found without one", async () => {
  const comic: ComicPublic = {
    // Every public field as a new comic has it (shared/comic-fields.ts), then these.
    ...publicValues(comicFields, emptyValues(comicFields)),
    id: 'cmc-test0001',
    slug: 'sam-stone',
    name: 'Sam Stone',
    bio: 'Tells the truth, slowly.',
    vrchatName: 'SamTheSlow',
    links: [],
    pictureUrl: null,
  }
  const html = await render('/comics/sam-stone', {
    comic: { state: 'found', comic, shows: [], fromSignup: false },
  })
  expect(html).toContain('<h1 id="comic-name">Sam Stone</h1>')
  // Data for another address is not this page's: never shown under the wrong name.
  expect(
    await render('/comics/lee-park', {
      comic: { state: 'found', comic, shows: [], fromSignup: false },
    }),
  ).toContain('not on the set list')
  expect(await render('/comics/sam-stone')).toContain('not on the set list')
})
