import { describe, expect, test } from 'vitest'
import { consoleAction, signInToConsole } from '#test/console'
import { testDatabases } from '#test/databases'
import { insertMembership } from '#test/memberships'
import { withTestApp } from '#test/test-app'
import { submitJoke } from '../../core/memberships/member-jokes'
import { consoleApi, consolePages, csrfHeader } from '../../shared/console'

const host = 'host@example.com'

describe.each(testDatabases)("the console's jokes on $name", (database) => {
  const t = withTestApp(database, { now: '2026-11-22T22:30:00Z', adminEmails: [host] })

  async function sendJoke(text: string) {
    const member = await insertMembership(t.db, { email: 'private.member@example.com' })
    const sent = await submitJoke(t.db, member, text, t.clock.now())
    if (!sent.ok) throw new Error(sent.reason)
    return sent.joke
  }

  test('a signed-in host lists the jokes to read and moves them; the audit log names the host', async () => {
    const joke = await sendJoke('Console joke')
    const signedIn = await signInToConsole(t.app, t.db, host)
    const listed = await consoleAction(t.app, signedIn, 'jokes.list', {
      states: ['waiting', 'accepted'],
    })
    expect(listed.statusCode).toBe(200)
    expect(listed.headers['cache-control']).toBe('no-store')
    expect(listed.json()).toContainEqual(
      expect.objectContaining({ id: joke.id, text: 'Console joke', state: 'waiting' }),
    )
    expect(listed.body).not.toContain('private.member')

    const accepted = await consoleAction(t.app, signedIn, 'jokes.accept', { id: joke.id })
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({ changed: true, joke: { state: 'accepted' } })
    const refused = await consoleAction(t.app, signedIn, 'jokes.accept', { id: 'jok_none' })
    expect(refused.statusCode).toBe(404)
    const wrong = await consoleAction(t.app, signedIn, 'jokes.list', { states: ['funny'] })
    expect(wrong.statusCode).toBe(400)
    const declined = await consoleAction(t.app, signedIn, 'jokes.decline', { id: joke.id })
    expect(declined.json().joke.state).toBe('declined')
    const late = await consoleAction(t.app, signedIn, 'jokes.performed', { id: joke.id })
    expect(late.statusCode).toBe(400)
    expect(late.json().message).toBe('This joke is declined: it cannot be marked performed.')

    const audit = await consoleAction(t.app, signedIn, 'audit.list', { search: joke.id })
    expect(audit.json().items).toEqual([
      expect.objectContaining({ action: 'jokes.decline', actor: host, via: 'console' }),
      expect.objectContaining({ action: 'jokes.accept', actor: host, via: 'console' }),
    ])
  })

  test('without a session 401, without the CSRF token 403, and the joke stays as it was', async () => {
    const joke = await sendJoke('Guarded joke')
    const signedIn = await signInToConsole(t.app, t.db, host)
    const anonymous = await t.app.inject({
      method: 'POST',
      url: consoleApi.action('jokes.list'),
      payload: {},
    })
    expect(anonymous.statusCode).toBe(401)
    for (const headers of [
      { cookie: signedIn.cookie },
      { cookie: signedIn.cookie, [csrfHeader]: `${signedIn.csrfToken.slice(1)}x` },
    ]) {
      const forged = await t.app.inject({
        method: 'POST',
        url: consoleApi.action('jokes.accept'),
        headers,
        payload: { id: joke.id },
      })
      expect(forged.statusCode).toBe(403)
    }
    const still = await t.db
      .selectFrom('member_jokes')
      .select('state')
      .where('id', '=', joke.id)
      .executeTakeFirstOrThrow()
    expect(still.state).toBe('waiting')
    const page = await t.app.inject({ method: 'GET', url: consolePages.jokes.path })
    expect(page.statusCode).toBe(303)
  })
})
