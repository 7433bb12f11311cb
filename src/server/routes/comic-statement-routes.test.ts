import { describe, expect, test } from 'vitest'
import {
  addComicWithPayout,
  mailedComicToken,
  mailedComicTokens,
  signInAsComic,
} from '#test/comic-statement'
import { mailedSignInToken } from '#test/console'
import { testDatabases } from '#test/databases'
import { addMembership, mailedMemberToken } from '#test/member-page'
import { insertSet, insertShowOrder, redeemAtSet } from '#test/settlements'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { runOperatorAction } from '../../core/operator/run-action'
import { signInLinkLifetimeMs } from '../../core/sign-in/links'
import {
  comicCsrfHeader,
  comicStatementApi,
  comicStatementTexts,
} from '../../shared/comic-statement'
import { consoleApi } from '../../shared/console'
import { memberApi } from '../../shared/member-page'

const start = '2026-11-22T21:00:00Z'
const host = 'host.statement@example.com'
const limits = {
  checkouts: 1e9,
  sessionPolls: 1e9,
  consoleSignIn: 1e9,
  consoleSignInPerAddressNetwork: 1e9,
  consoleSignInPerAddress: 1e9,
  memberSignIn: 1e9,
  memberSignInPerAddressNetwork: 1e9,
  memberSignInPerAddress: 1e9,
  comicSignIn: 1e9,
  comicSignInPerAddressNetwork: 1e9,
  comicSignInPerAddress: 1e9,
}

describe.each(testDatabases)("a comic's statement on $name", (database) => {
  const t = withTestApp(database, {
    now: start,
    adminEmails: [host],
    memberships: 'open',
    rateLimitMax: limits,
  })
  const ask = (email: string) =>
    t.app.inject({ method: 'POST', url: comicStatementApi.signIn, payload: { email } })
  const complete = (token: string) =>
    t.app.inject({ method: 'POST', url: comicStatementApi.signInComplete, payload: { token } })

  test("any address gets the same answer; only a comic's payout address is mailed a link", async () => {
    const comic = await addComicWithPayout(t.db, 'Mia Mail', 'mia.pay@example.com')
    const answers = [await ask('Mia.Pay@example.com'), await ask('stranger@example.com')]
    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual([
      [200, { message: comicStatementTexts.linkSent }],
      [200, { message: comicStatementTexts.linkSent }],
    ])
    const token = await mailedComicToken(t.db, 'mia.pay@example.com')
    expect(token).toMatch(/^[\w-]{43}$/)
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', comic.payout_email ?? '')
      .executeTakeFirstOrThrow()
    // One sign-in for a comic: the link opens their own page, which leads to the statement.
    expect(mail.subject).toBe("Sign in to your comic's page at Punchline VR")
    expect(mail.text_body).toContain(`${testPublicUrl}/backstage/sign-in#${token}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await mailedComicTokens(t.db, 'stranger@example.com')).toEqual([])
  })

  test('a link signs in once, for 30 days, with a cookie of its own, and expires after 15 minutes', async () => {
    const { payout_email: email } = await addComicWithPayout(t.db, 'Wes Week', 'wes@example.com')
    await ask(email ?? '')
    const token = (await mailedComicToken(t.db, email ?? '')) ?? ''
    const first = await complete(token)
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('no-store')
    expect(String(first.headers['set-cookie'])).toMatch(
      /^punchline-comic=[\w-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Strict$/,
    )
    expect((await complete(token)).json()).toEqual({ message: comicStatementTexts.linkUnusable })
    await ask(email ?? '')
    const late = (await mailedComicToken(t.db, email ?? '', 1)) ?? ''
    t.clock.advance(signInLinkLifetimeMs)
    expect((await complete(late)).statusCode).toBe(400)
    t.clock.set(start)
  })

  test("a comic's link opens neither the console nor the member page, nor theirs the statement", async () => {
    await addComicWithPayout(t.db, 'Hal Host', host)
    await addMembership(t.db, t.clock.now(), { email: host })
    await ask(host)
    await t.app.inject({ method: 'POST', url: consoleApi.signIn, payload: { email: host } })
    await t.app.inject({ method: 'POST', url: memberApi.signIn, payload: { email: host } })
    const comicToken = (await mailedComicToken(t.db, host)) ?? ''
    const consoleToken = (await mailedSignInToken(t.db, host)) ?? ''
    const memberToken = (await mailedMemberToken(t.db, host)) ?? ''
    for (const [url, token] of [
      [consoleApi.signInComplete, comicToken],
      [memberApi.signInComplete, comicToken],
      [comicStatementApi.signInComplete, consoleToken],
      [comicStatementApi.signInComplete, memberToken],
    ] as const) {
      const wrong = await t.app.inject({ method: 'POST', url, payload: { token } })
      expect(wrong.statusCode, `${url}`).toBe(400)
    }
    const comic = await complete(comicToken)
    expect(comic.statusCode).toBe(200)
    // A comic's session is no host's, nor a member's, under their cookies' names.
    const session = String(comic.headers['set-cookie']).split(';')[0]?.split('=')[1]
    const asMember = await t.app.inject({
      url: memberApi.view,
      headers: { cookie: `punchline-member=${session}` },
    })
    expect(asMember.statusCode).toBe(401)
    const asHost = await t.app.inject({
      url: consoleApi.session,
      headers: { cookie: `punchline-console=${session}` },
    })
    expect(asHost.statusCode).toBe(401)
  })

  test("the statement is the signed-in comic's only: nothing of another comic's is reachable", async () => {
    const ivy = await addComicWithPayout(t.db, 'Ivy Own', 'ivy@example.com')
    const rex = await addComicWithPayout(t.db, 'Rex Other', 'rex@example.com')
    const { event } = await runOperatorAction(
      { db: t.db, clock: t.clock },
      { who: host, via: 'console' },
      'events.add',
      { name: 'Statement Night', startsAt: '2026-11-22T22:00:00Z' },
    )
    const at = (m: number) => new Date(Date.parse('2026-11-22T22:00:00Z') + m * 60_000)
    const ivySet = await insertSet(t.db, {
      showId: event.id,
      comicId: ivy.id,
      from: at(5),
      to: at(20),
    })
    const rexSet = await insertSet(t.db, {
      showId: event.id,
      comicId: rex.id,
      from: at(25),
      to: at(40),
    })
    const order = await insertShowOrder(t.db, {
      showId: event.id,
      lines: [['ffr-10', 2]],
      at: at(-30),
    })
    await redeemAtSet(t.db, { code: order.codes[0]?.code ?? '', setId: ivySet, at: at(10) })
    await redeemAtSet(t.db, { code: order.codes[1]?.code ?? '', setId: rexSet, at: at(30) })

    t.clock.set('2026-11-22T23:00:00Z')
    expect((await t.app.inject({ url: comicStatementApi.view })).statusCode).toBe(401)
    const signedIn = await signInAsComic(t.app, t.db, 'ivy@example.com')
    expect(signedIn.answer.statement.comic.id).toBe(ivy.id)
    // Whatever the request names, the statement is the session's comic's.
    for (const query of ['', `?comic=${rex.id}`, `?comic=${rex.slug}&month=2026-11`]) {
      const view = await t.app.inject({
        url: `${comicStatementApi.view}${query}`,
        headers: { cookie: signedIn.cookie },
      })
      expect(view.statusCode, query).toBe(200)
      expect(view.headers['cache-control']).toBe('no-store')
      const body = view.json()
      expect(body.statement.comic).toEqual({ id: ivy.id, slug: ivy.slug, name: 'Ivy Own' })
      expect(body.statement.shows).toMatchObject([
        {
          showName: 'Statement Night',
          codeBoosts: 5,
          hadSet: true,
          closed: false,
          owedCents: 1049,
        },
      ])
      expect(view.body).not.toContain(rex.id)
      expect(view.body).not.toContain('Rex Other')
      expect(view.body).not.toContain('rex@example.com')
    }
    const badMonth = await t.app.inject({
      url: `${comicStatementApi.view}?month=November`,
      headers: { cookie: signedIn.cookie },
    })
    expect(badMonth.json()).toEqual({ message: comicStatementTexts.badMonth })

    // Sign-out is a change: the CSRF token and this site only.
    const signOut = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: comicStatementApi.signOut, headers })
    expect((await signOut({ cookie: signedIn.cookie })).statusCode).toBe(403)
    expect(
      (await signOut({ cookie: signedIn.cookie, [comicCsrfHeader]: 'x'.repeat(43) })).statusCode,
    ).toBe(403)
    expect(
      (
        await signOut({
          cookie: signedIn.cookie,
          [comicCsrfHeader]: signedIn.csrfToken,
          origin: 'https://evil.example',
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (await signOut({ cookie: signedIn.cookie, [comicCsrfHeader]: signedIn.csrfToken }))
        .statusCode,
    ).toBe(204)
    const after = await t.app.inject({
      url: comicStatementApi.view,
      headers: { cookie: signedIn.cookie },
    })
    expect(after.statusCode).toBe(401)
  })

  test('a changed payout address ends the old address’s sessions', async () => {
    const kim = await addComicWithPayout(t.db, 'Kim Move', 'kim.old@example.com')
    const signedIn = await signInAsComic(t.app, t.db, 'kim.old@example.com')
    await t.db
      .updateTable('comics')
      .set({ payout_email: 'kim.new@example.com' })
      .where('id', '=', kim.id)
      .execute()
    const view = await t.app.inject({
      url: comicStatementApi.view,
      headers: { cookie: signedIn.cookie },
    })
    expect(view.statusCode).toBe(401)
  })
})
