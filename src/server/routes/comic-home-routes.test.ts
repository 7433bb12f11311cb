import { describe, expect, test } from 'vitest'
import {
  addComicWithPayout,
  comicHomeLinks,
  mailedComicToken,
  signInAtHome,
} from '#test/comic-statement'
import { testDatabases } from '#test/databases'
import { mailedTokens } from '#test/mail-links'
import { testPublicUrl, withTestApp } from '#test/test-app'
import { runOperatorAction } from '../../core/operator/run-action'
import { comicSessionLifetimeMs } from '../../core/settlements/comic-sign-in'
import { comicHomeApi, comicHomeTexts } from '../../shared/comic-home'
import type { ComicHome } from '../../shared/comic-home-api'
import { comicCsrfHeader, comicStatementApi } from '../../shared/comic-statement'
import { readOpenMicLink } from '../../shared/open-mic'

const now = '2026-12-01T18:00:00Z'
const host = 'host.home@example.com'
const limits = {
  comicSignIn: 1e9,
  comicSignInPerAddressNetwork: 1e9,
  comicSignInPerAddress: 1e9,
  openMicSignUp: 1e9,
  openMicSignUpPerAddress: 1e9,
  openMicLinks: 1e9,
}

describe.each(testDatabases)("a comic's own page on $name", (database) => {
  const t = withTestApp(database, { now, adminEmails: [host], rateLimitMax: limits })
  const actor = { who: host, via: 'console' } as const
  const deps = () => ({ db: t.db, clock: t.clock })
  let shows = 0

  async function newShow(startsAt = '2026-12-02T02:00:00Z') {
    shows++
    const { event } = await runOperatorAction(deps(), actor, 'events.add', {
      name: `Home Night ${shows}`,
      startsAt,
    })
    return event
  }
  async function newOpenMic(slots: number) {
    const show = await newShow()
    await runOperatorAction(deps(), actor, 'openmic.set', {
      show: show.id,
      slots,
      setMinutes: 5,
      opensAt: '2026-12-01T12:00:00Z',
      closesAt: '2026-12-02T01:00:00Z',
      rule: 'first-come',
    })
    return show
  }
  async function confirmedSignup(showId: string, who: string) {
    const email = `${who}@example.com`
    const form = { stageName: `Comic ${who}`, email, vrchatName: `vr-${who}`, adult: true }
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/open-mic/${showId}/sign-up`,
      payload: form,
    })
    expect(asked.statusCode).toBe(202)
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const hash = /#confirm=[\w-]+/.exec(mail.text_body)?.[0] ?? ''
    const token = readOpenMicLink(hash)?.token ?? ''
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/open-mic/confirm',
      payload: { token },
    })
    expect(confirmed.statusCode).toBe(200)
    return email
  }
  const view = (cookie: string) => t.app.inject({ url: comicHomeApi.view, headers: { cookie } })

  test("a link asked for at the comic's page signs in for 30 days and opens their statement too", async () => {
    const comic = await addComicWithPayout(t.db, 'Hana Home', 'hana@example.com')
    const asked = await t.app.inject({
      method: 'POST',
      url: comicHomeApi.signIn,
      payload: { email: 'Hana@Example.com' },
    })
    expect(asked.json()).toEqual({ message: comicHomeTexts.linkSent })
    const token = await mailedComicToken(t.db, 'hana@example.com')
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', 'hana@example.com')
      .executeTakeFirstOrThrow()
    expect(mail.subject).toBe("Sign in to your comic's page at Punchline VR")
    expect(mail.text_body).toContain(`${testPublicUrl}/backstage/sign-in#${token}`)
    expect(mail.text_body).toContain('It works once, for 15 minutes')
    expect(mail.text_body).not.toContain('Someone (we hope you)')
    const done = await t.app.inject({
      method: 'POST',
      url: comicHomeApi.signInComplete,
      payload: { token },
    })
    expect(done.statusCode).toBe(200)
    expect(String(done.headers['set-cookie'])).toMatch(
      new RegExp(`^punchline-comic=[\\w-]{43}; Max-Age=${comicSessionLifetimeMs / 1000}; Path=/;`),
    )
    expect(comicSessionLifetimeMs).toBe(30 * 24 * 60 * 60_000)
    const home = done.json() as ComicHome
    expect(home.comic).toEqual({
      id: comic.id,
      slug: comic.slug,
      name: 'Hana Home',
      pagePath: `/comics/${comic.slug}`,
    })
    expect(home.statementPath).toBe('/statement')
    const cookie = String(done.headers['set-cookie']).split(';')[0] ?? ''
    const statement = await t.app.inject({ url: comicStatementApi.view, headers: { cookie } })
    expect(statement.statusCode).toBe(200)
    expect(statement.json().statement.comic.id).toBe(comic.id)
    t.clock.advance(comicSessionLifetimeMs - 60_000)
    expect((await view(cookie)).statusCode).toBe(200)
    t.clock.advance(120_000)
    expect((await view(cookie)).statusCode).toBe(401)
    t.clock.set(now)
  })

  test('without a session the page is 401, and an address no comic has is mailed nothing', async () => {
    expect((await view('')).statusCode).toBe(401)
    const asked = await t.app.inject({
      method: 'POST',
      url: comicHomeApi.signIn,
      payload: { email: 'nobody.home@example.com' },
    })
    expect(asked.json()).toEqual({ message: comicHomeTexts.linkSent })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await mailedTokens(t.db, comicHomeLinks, 'nobody.home@example.com')).toEqual([])
  })

  test('their shows: role, set length and open-mic page; another comic’s are not there', async () => {
    const ava = await addComicWithPayout(t.db, 'Ava Bill', 'ava.bill@example.com')
    const ben = await addComicWithPayout(t.db, 'Ben Bill', 'ben.bill@example.com')
    const show = await newShow('2026-12-03T01:00:00Z')
    const past = await newShow('2026-11-20T01:00:00Z')
    for (const s of [show, past]) {
      await runOperatorAction(deps(), actor, 'lineup.set', {
        show: s.id,
        places: [
          { comic: ava.id, role: 'headliner', setMinutes: 15 },
          { comic: ben.id, role: 'feature', setMinutes: 10 },
        ],
      })
    }
    const signedIn = await signInAtHome(t.app, t.db, 'ava.bill@example.com')
    const home = (await view(signedIn.cookie)).json() as ComicHome
    expect(home.shows).toEqual([
      {
        showId: show.id,
        showName: show.name,
        startsAt: '2026-12-03T01:00:00.000Z',
        role: 'headliner',
        setMinutes: 15,
        openMicPath: null,
      },
    ])
    expect(home.signups).toEqual([])
  })

  test('their sign-ups with slot and planned time, waitlist place, withdraw; never another’s', async () => {
    const show = await newOpenMic(1)
    const first = await confirmedSignup(show.id, 'slot-sam')
    const second = await confirmedSignup(show.id, 'wait-wes')
    const sam = await signInAtHome(t.app, t.db, first)
    const wes = await signInAtHome(t.app, t.db, second)
    const samHome = sam.answer as ComicHome
    expect(samHome.signups).toEqual([
      expect.objectContaining({
        showId: show.id,
        state: 'confirmed',
        list: 'slot',
        position: 1,
        plannedAt: '2026-12-02T02:00:00.000Z',
        openMicPath: `/open-mic/${show.id}`,
      }),
    ])
    const wesHome = wes.answer as ComicHome
    expect(wesHome.signups).toEqual([
      expect.objectContaining({ list: 'waitlist', position: 1, plannedAt: null }),
    ])
    const samSignup = samHome.signups[0]?.id ?? 0
    // Wes cannot withdraw Sam's sign-up, nor anyone without the CSRF token.
    const notTheirs = await t.app.inject({
      method: 'POST',
      url: comicHomeApi.withdraw(samSignup),
      headers: { cookie: wes.cookie, [comicCsrfHeader]: wes.csrfToken },
    })
    expect([notTheirs.statusCode, notTheirs.json()]).toEqual([
      404,
      { message: comicHomeTexts.noSignup },
    ])
    const noToken = await t.app.inject({
      method: 'POST',
      url: comicHomeApi.withdraw(samSignup),
      headers: { cookie: sam.cookie },
    })
    expect(noToken.statusCode).toBe(403)
    const state = await t.db
      .selectFrom('open_mic_signups')
      .select('state')
      .where('id', '=', samSignup)
      .executeTakeFirstOrThrow()
    expect(state.state).toBe('confirmed')
    // Sam withdraws: the slot goes to Wes, whose page says so.
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: comicHomeApi.withdraw(samSignup),
      headers: { cookie: sam.cookie, [comicCsrfHeader]: sam.csrfToken },
    })
    expect(withdrawn.statusCode).toBe(200)
    expect((withdrawn.json() as ComicHome).signups).toEqual([
      expect.objectContaining({ state: 'withdrawn', list: null, position: null }),
    ])
    const after = (await view(wes.cookie)).json() as ComicHome
    expect(after.signups).toEqual([
      expect.objectContaining({ list: 'slot', position: 1, plannedAt: '2026-12-02T02:00:00.000Z' }),
    ])
    const again = await t.app.inject({
      method: 'POST',
      url: comicHomeApi.withdraw(samSignup),
      headers: { cookie: sam.cookie, [comicCsrfHeader]: sam.csrfToken },
    })
    expect(again.statusCode).toBe(404)
  })

  test('a pending sign-up of their address shows as pending', async () => {
    const show = await newOpenMic(2)
    await addComicWithPayout(t.db, 'Pia Pending', 'pia.pending@example.com')
    await t.app.inject({
      method: 'POST',
      url: `/api/open-mic/${show.id}/sign-up`,
      payload: {
        stageName: 'Pia',
        email: 'pia.pending@example.com',
        vrchatName: 'vr-pia',
        adult: true,
      },
    })
    const pia = await signInAtHome(t.app, t.db, 'pia.pending@example.com')
    expect((pia.answer as ComicHome).signups).toEqual([
      expect.objectContaining({ showId: show.id, state: 'pending', list: null }),
    ])
  })
})
