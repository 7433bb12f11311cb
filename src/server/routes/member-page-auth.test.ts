import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { mailedSignInToken } from '#test/console'
import { testDatabases } from '#test/databases'
import {
  addMembership,
  mailedMemberToken,
  mailedMemberTokens,
  memberPost,
  memberTestLimits,
  signInAsMember,
} from '#test/member-page'
import { buildTestApp, testPublicUrl, withTestApp } from '#test/test-app'
import { signInLinkLifetimeMs } from '../../core/console/console-sign-in'
import { rateLimits } from '../../core/rate-limits'
import { consoleApi } from '../../shared/console'
import {
  memberApi,
  memberCsrfHeader,
  memberLinkSubject,
  memberPageTexts,
} from '../../shared/member-page'
import { paths } from '../../shared/pages'
import { siteConfig } from '../../shared/site-config'

const start = '2026-11-22T18:00:00Z'
const host = 'host.member@example.com'

describe.each(testDatabases)('signing in to the member page on $name', (database) => {
  const t = withTestApp(database, {
    now: start,
    memberships: 'open',
    adminEmails: [host],
    rateLimitMax: memberTestLimits,
  })
  const ask = (email: string) =>
    t.app.inject({ method: 'POST', url: memberApi.signIn, payload: { email } })
  const complete = (token: string) =>
    t.app.inject({ method: 'POST', url: memberApi.signInComplete, payload: { token } })

  test('any address gets the same answer; only a member is mailed a link to the member page', async () => {
    const { email } = await addMembership(t.db, t.clock.now())
    const member = await ask(email)
    const stranger = await ask('stranger@example.com')
    expect(member.statusCode).toBe(200)
    expect(member.json()).toEqual({ message: memberPageTexts.linkSent })
    expect(stranger.statusCode).toBe(200)
    expect(stranger.body).toBe(member.body)

    const token = await mailedMemberToken(t.db, email)
    expect(token).toMatch(/^[\w-]{43}$/)
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', email)
      .where('dedupe_key', 'like', 'member-link:%')
      .executeTakeFirstOrThrow()
    expect(mail.subject).toBe(memberLinkSubject(siteConfig.brand))
    expect(mail.text_body).toContain(`${testPublicUrl}/membership/sign-in#${token}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await mailedMemberTokens(t.db, 'stranger@example.com')).toEqual([])
    expect((await ask('not an address')).statusCode).toBe(400)
  })

  test('a link signs in once, with a cookie of its own that lasts 30 days', async () => {
    const { email, code } = await addMembership(t.db, t.clock.now())
    await ask(email)
    const token = (await mailedMemberToken(t.db, email)) ?? ''
    const first = await complete(token)
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('no-store')
    expect(first.json()).toMatchObject({ email, csrfToken: expect.any(String) })
    expect(first.json().memberCode.replaceAll('-', '')).toBe(code)
    expect(String(first.headers['set-cookie'])).toMatch(
      /^punchline-member=[\w-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Strict$/,
    )
    const again = await complete(token)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ message: memberPageTexts.linkUnusable })
  })

  test('a link no longer works 15 minutes after it was mailed', async () => {
    const { email } = await addMembership(t.db, t.clock.now())
    await ask(email)
    const token = (await mailedMemberToken(t.db, email)) ?? ''
    t.clock.advance(signInLinkLifetimeMs)
    expect((await complete(token)).statusCode).toBe(400)
    t.clock.set(start)
    await ask(email)
    const fresh = (await mailedMemberToken(t.db, email, 1)) ?? ''
    t.clock.advance(signInLinkLifetimeMs - 1000)
    expect((await complete(fresh)).statusCode).toBe(200)
    t.clock.set(start)
  })

  test("a console link does not sign in to the member page, nor a member's link to the console", async () => {
    await addMembership(t.db, t.clock.now(), { email: host })
    await t.app.inject({ method: 'POST', url: consoleApi.signIn, payload: { email: host } })
    const consoleToken = (await mailedSignInToken(t.db, host)) ?? ''
    expect((await complete(consoleToken)).statusCode).toBe(400)

    await ask(host)
    const memberToken = (await mailedMemberToken(t.db, host)) ?? ''
    const intoConsole = await t.app.inject({
      method: 'POST',
      url: consoleApi.signInComplete,
      payload: { token: memberToken },
    })
    expect(intoConsole.statusCode).toBe(400)

    // Each still works where it belongs: the wrong door did not use them up.
    const console = await t.app.inject({
      method: 'POST',
      url: consoleApi.signInComplete,
      payload: { token: consoleToken },
    })
    expect(console.statusCode).toBe(200)
    expect((await complete(memberToken)).statusCode).toBe(200)

    // Nor does the console's session open the member page under the member cookie's name.
    const consoleSession = String(console.headers['set-cookie']).split(';')[0]?.split('=')[1]
    const view = await t.app.inject({
      url: memberApi.view,
      headers: { cookie: `punchline-member=${consoleSession}` },
    })
    expect(view.statusCode).toBe(401)
  })

  test('the API needs the member session, and every change its CSRF token', async () => {
    const { email } = await addMembership(t.db, t.clock.now())
    expect((await t.app.inject({ url: memberApi.view })).statusCode).toBe(401)
    const member = await signInAsMember(t.app, t.db, email)
    const view = await t.app.inject({ url: memberApi.view, headers: { cookie: member.cookie } })
    expect(view.statusCode).toBe(200)
    expect(view.json()).toMatchObject({ email, csrfToken: member.csrfToken })

    for (const url of [memberApi.rotateCode, memberApi.jokes, memberApi.billing]) {
      const noToken = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: member.cookie },
      })
      expect(noToken.statusCode).toBe(403)
      const wrongToken = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: member.cookie, [memberCsrfHeader]: 'x'.repeat(43) },
      })
      expect(wrongToken.statusCode).toBe(403)
    }
    const otherSite = await t.app.inject({
      method: 'POST',
      url: memberApi.rotateCode,
      headers: {
        cookie: member.cookie,
        [memberCsrfHeader]: member.csrfToken,
        origin: 'https://evil.example',
      },
    })
    expect(otherSite.statusCode).toBe(403)
    expect((await memberPost(t.app, member, memberApi.signOut)).statusCode).toBe(204)
    const after = await t.app.inject({ url: memberApi.view, headers: { cookie: member.cookie } })
    expect(after.statusCode).toBe(401)
  })
})

describe.each(testDatabases)('the member cookie over https on $name', (database) => {
  const t = withTestApp(database, {
    now: start,
    memberships: 'open',
    publicUrl: 'https://club.example',
    rateLimitMax: memberTestLimits,
  })

  test('is Secure and named __Host-, and only it opens the member page', async () => {
    const { email } = await addMembership(t.db, t.clock.now())
    const member = await signInAsMember(t.app, t.db, email)
    expect(member.setCookie).toMatch(
      /^__Host-punchline-member=[\w-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    )
    const view = await t.app.inject({ url: memberApi.view, headers: { cookie: member.cookie } })
    expect(view.statusCode).toBe(200)
    const plain = member.cookie.replace('__Host-', '')
    expect(
      (await t.app.inject({ url: memberApi.view, headers: { cookie: plain } })).statusCode,
    ).toBe(401)
  })
})

describe.each(testDatabases)('the member sign-in limit on $name', (database) => {
  const t = withTestApp(database, { now: start, memberships: 'open' })

  test('one address is mailed a handful of links an hour, then refused', async () => {
    const { email } = await addMembership(t.db, t.clock.now())
    const max = rateLimits.memberSignInPerAddress.max
    for (let i = 0; i < max; i++) {
      const answer = await t.app.inject({
        method: 'POST',
        url: memberApi.signIn,
        payload: { email },
        remoteAddress: `10.3.0.${i + 1}`,
      })
      expect(answer.statusCode).toBe(200)
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: memberApi.signIn,
      payload: { email },
      remoteAddress: '10.3.1.1',
    })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ message: memberPageTexts.tooManySignIns })
  })
})

// A built client with only its shell: the page the browser renders (/membership among them).
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'punchline-member-client-'))
fs.writeFileSync(
  path.join(clientDir, 'shell.html'),
  '<html><body><div id="root"></div></body></html>',
)
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))

describe.each(testDatabases)('the member page with memberships closed on $name', (database) => {
  const t = withTestApp(database, { now: start, clientDir })

  test('neither the page nor its API is there: a page not found like any other', async () => {
    const { email } = await addMembership(t.db, t.clock.now())
    for (const url of [paths.membership, paths.membershipSignIn]) {
      expect((await t.app.inject({ url })).statusCode).toBe(404)
    }
    expect((await t.app.inject({ url: memberApi.view })).statusCode).toBe(404)
    const ask = await t.app.inject({ method: 'POST', url: memberApi.signIn, payload: { email } })
    expect(ask.statusCode).toBe(404)
  })

  test('with memberships open, the page is there', async () => {
    const open = await buildTestApp(t.db, { now: start, clientDir, memberships: 'open' })
    try {
      for (const url of [paths.membership, paths.membershipSignIn]) {
        const page = await open.app.inject({ url })
        expect(page.statusCode).toBe(200)
        expect(page.body).toContain('data-memberships="open"')
      }
    } finally {
      await open.app.close()
    }
  })
})
