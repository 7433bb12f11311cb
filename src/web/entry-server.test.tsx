// @vitest-environment node
// Pre-rendering runs in Node at build time, with no window or localStorage: render there too.
import { expect, test } from 'vitest'
import { categories } from '../shared/catalogue'
import { siteConfig } from '../shared/site-config'
import { render } from './entry-server'

test('the store renders on the server with its three sections', () => {
  const html = render('/store')
  for (const category of categories) {
    expect(html).toMatch(new RegExp(`<h2[^>]*>${category}</h2>`))
  }
})

test('the landing page renders on the server with the brand in the layout', () => {
  const html = render('/')
  expect(html).toContain(siteConfig.brand)
  expect(html).toContain('id="main"')
})

test('an unknown path renders the not-found view with links home and to the store', () => {
  const html = render('/no-such-page')
  expect(html).toContain('not on the set list')
  expect(html).toContain('href="/store"')
})
