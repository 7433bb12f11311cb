import { Writable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { builtClient } from '#test/built-client'
import { payAt } from '#test/checkout'
import { type TestDatabase, testDatabases } from '#test/databases'
import { type TestContext, testPublicUrl, withTestApp } from '#test/test-app'
import { findMembership } from '../../core/memberships/membership-lifecycle'
import { formatCode } from '../../shared/code-format'
import { memberWelcomeDataId, memberWelcomeTexts } from '../../shared/member-welcome'
import { tierBoostsSentence, tierLineName } from '../../shared/memberships'
import type { RenderPage } from '../../shared/page-rendering'
import { pages } from '../../shared/pages'
import { render } from '../../web/app/entry-server'
import { payPageTexts, testCards } from '../routes/test-checkout-texts'
import { testModeText } from './built-pages'

const { clientDir } = builtClient()
const email = 'welcome.member@example.com'

/** The JSON of the script element with this id in the page, or undefined. */
function pageData(html: string): unknown {
  const open = `<script type="application/json" id="${memberWelcomeDataId}">`
  const start = html.indexOf(open)
  if (start === -1) return undefined
  return JSON.parse(html.slice(start + open.length, html.indexOf('</script>', start)))
}

/** Joins `tier` as `email` on the test checkout: the pay page's path, before paying. */
async function startJoining(t: TestContext, tier = 'membership-2'): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/memberships/checkout',
    payload: { tier, email },
  })
  return response.json<{ url: string }>().url.slice(testPublicUrl.length)
}

/** Pays at `path` with the paying test card; the membership, and its code as shown. */
async function pay(t: TestContext, path: string) {
  const paid = await payAt(t.app, path, testCards.pays)
  expect(paid.statusCode).toBe(303)
  expect(paid.headers.location).toBe(path)
  const subscription = path.split('/').pop() ?? ''
  const member = await findMembership(t.db, { subscription })
  if (!member) throw new Error('no membership')
  return { subscription, stored: member.member_code, code: formatCode(member.member_code) }
}

/** The site's layout, as SiteLayout renders it: the header with its main menu, and the footer. */
function expectSiteLayout(html: string) {
  expect(html).toMatch(
    /<header class="site-header">[\s\S]*<nav class="site-nav" aria-label="Main">/,
  )
  expect(html).toMatch(/<nav class="site-nav"[\s\S]*href="\/store"[\s\S]*<\/nav>/)
  expect(html).toMatch(/<footer class="site-footer">[\s\S]*Send us a message[\s\S]*<\/footer>/)
}

const codeBoxes = (html: string) => html.match(/<code class="code-box">/g)?.length ?? 0

function welcomeApp(database: TestDatabase, renderPage: RenderPage, logs?: string[]) {
  return withTestApp(database, {
    memberships: 'open',
    now: '2026-12-01T10:00:00Z',
    clientDir,
    renderPage,
    testModeBanner: true,
    ...(logs
      ? {
          logStream: new Writable({
            write(chunk, _encoding, done) {
              logs.push(String(chunk))
              done()
            },
          }),
        }
      : {}),
  })
}

describe.each(testDatabases)("the member's welcome page on $name", (database) => {
  const t = welcomeApp(database, render)

  test("a paid membership's address is the site's page: the code in its box with Copy once, then only that it was mailed", async () => {
    const path = await startJoining(t)
    const { subscription, stored, code } = await pay(t, path)

    const first = await t.app.inject({ url: path })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(first.headers['cache-control']).toBe('no-store')
    const html = first.body
    expectSiteLayout(html)
    expect(html).toContain(`<title>${pages.memberWelcome.title}</title>`)
    expect(html).toContain('<meta name="robots" content="noindex" />')
    expect(html).toContain(`data-route="${path}"`)
    expect(html).toContain(testModeText)
    expect(html).toMatch(new RegExp(`<h1 id="welcome-title">${memberWelcomeTexts.heading}</h1>`))
    // The code box /success uses, once, with its Copy button; where the code was mailed.
    expect(codeBoxes(html)).toBe(1)
    expect(html).toContain(`<code class="code-box">${code}</code>`)
    expect(html).toMatch(/<button type="button" class="button button-secondary code-box-copy">Copy/)
    expect(html).toContain(memberWelcomeTexts.mailed(email))
    expect(html).toContain(memberWelcomeTexts.howTo)
    expect(html).not.toContain(memberWelcomeTexts.sentByMail)
    expect(html).toContain(tierLineName('membership-2'))
    expect(html).toContain(tierBoostsSentence('membership-2'))
    expect(html).toContain('href="/membership"')
    // The browser hydrates from the same data.
    expect(pageData(html)).toEqual({
      subscription,
      tier: 'membership-2',
      receipt: { code: stored, email },
    })

    const later = await t.app.inject({ url: path })
    expect(later.statusCode).toBe(200)
    expect(later.headers['cache-control']).toBe('no-store')
    expectSiteLayout(later.body)
    expect(later.body).toContain(memberWelcomeTexts.sentByMail)
    expect(later.body).toContain(tierLineName('membership-2'))
    expect(codeBoxes(later.body)).toBe(0)
    expect(later.body).not.toContain('code-box-copy')
    for (const hidden of [code, stored, code.replaceAll('-', ''), email]) {
      expect(later.body).not.toContain(hidden)
    }
    expect(pageData(later.body)).toEqual({ subscription, tier: 'membership-2' })
  })

  test('an unpaid membership is still the pay form and an unknown one the checkout not found, neither the site page', async () => {
    const path = await startJoining(t, 'membership-1')
    const unpaid = await t.app.inject({ url: path })
    expect(unpaid.statusCode).toBe(200)
    expect(unpaid.body).toContain(tierLineName('membership-1'))
    expect(unpaid.body).toContain(`action="${path}"`)
    expect(unpaid.body).not.toContain('site-header')
    const unknown = await t.app.inject({
      url: '/pay/membership/sub_local_111111111111111111111111',
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain(payPageTexts.notFound)
    expect(unknown.body).not.toContain('site-header')
  })
})

describe.each(testDatabases)('a welcome page that cannot be rendered on $name', (database) => {
  const logs: string[] = []
  const failing: RenderPage = async (url, data) => {
    if (data.memberWelcome) throw new Error('the renderer broke')
    return render(url, data)
  }
  const t = welcomeApp(database, failing, logs)

  test('is the page as built (500), without the code, and the failure logged', async () => {
    const path = await startJoining(t)
    const { code } = await pay(t, path)
    const page = await t.app.inject({ url: path })
    expect(page.statusCode).toBe(500)
    expect(page.body).toContain('built memberWelcome')
    expect(page.body).not.toContain(code)
    expect(logs.join('')).toContain('could not render the member welcome page')
  })
})

describe.each(testDatabases)('a paid membership without the built app on $name', (database) => {
  const t = withTestApp(database, { memberships: 'open', now: '2026-12-01T10:00:00Z' })

  test('leads to the member page, as Stripe Checkout does', async () => {
    const path = await startJoining(t)
    await pay(t, path)
    const page = await t.app.inject({ url: path })
    expect(page.statusCode).toBe(303)
    expect(page.headers.location).toBe(pages.membership.path)
  })
})
