// A host signed in to the console of a test app, and its actions over HTTP.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../src/core/db/schema'
import { consoleApi, csrfHeader } from '../../src/shared/console'
import {
  type MailedLinkKind,
  mailedLinksOnDisk,
  mailedTokens,
  newestMailedToken,
  signInByMailedLink,
} from './mail-links'

/** A signed-in host's credentials: the session cookie and the CSRF token. */
export interface ConsoleCredentials {
  cookie: string
  csrfToken: string
  email: string
}

/** Where the console's sign-in links come from. */
const consoleLinks: MailedLinkKind = {
  name: 'console',
  dedupePrefix: 'console-link',
  page: '/admin/sign-in',
  signIn: consoleApi.signIn,
  signInComplete: consoleApi.signInComplete,
}

/** Sign-in links mailed to `email` so far, oldest first (from the outbox). */
export function mailedSignInTokens(db: Db, email: string): Promise<string[]> {
  return mailedTokens(db, consoleLinks, email)
}

/** The token of the newest sign-in link mailed to `email`, waited for beyond the `before` ones. */
export function mailedSignInToken(db: Db, email: string, before = 0): Promise<string | undefined> {
  return newestMailedToken(db, consoleLinks, email, before)
}

/** Asks for a link for `email`, reads it from the outbox and uses it: a signed-in host. */
export async function signInToConsole(
  app: FastifyInstance,
  db: Db,
  email: string,
): Promise<ConsoleCredentials> {
  const done = await signInByMailedLink(app, db, consoleLinks, email)
  const cookie = String(done.headers['set-cookie']).split(';')[0] ?? ''
  return { cookie, csrfToken: done.json().csrfToken, email }
}

/** Runs a console action as `host`, with its cookie and CSRF token. */
export function consoleAction(
  app: FastifyInstance,
  host: ConsoleCredentials,
  name: Parameters<typeof consoleApi.action>[0],
  input: unknown = {},
) {
  return app.inject({
    method: 'POST',
    url: consoleApi.action(name),
    headers: { cookie: host.cookie, [csrfHeader]: host.csrfToken },
    payload: input as Record<string, unknown>,
  })
}

/**
 * The sign-in links a running server (startServer, mail written as .eml files to its data
 * folder) has mailed so far, oldest first.
 */
export function mailedSignInLinks(server: { url: string; dataDir: string }): string[] {
  return mailedLinksOnDisk(server, consoleLinks.page)
}

/** Signs `email` in to a running server over HTTP, by its mailed link: the session cookie. */
export async function signInOverHttp(
  server: { url: string; dataDir: string },
  email: string,
): Promise<ConsoleCredentials> {
  const before = mailedSignInLinks(server).length
  const post = (url: string, body: unknown) =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    })
  const asked = await post(consoleApi.signIn, { email })
  if (!asked.ok) throw new Error(`sign-in request: ${asked.status} ${await asked.text()}`)
  let link: string | undefined
  for (let i = 0; i < 150 && !link; i++) {
    link = mailedSignInLinks(server)[before]
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (!link) throw new Error(`no sign-in link mailed to ${email}`)
  const done = await post(consoleApi.signInComplete, { token: link.split('#')[1] })
  if (!done.ok) throw new Error(`sign-in: ${done.status} ${await done.text()}`)
  const cookie = (done.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const { csrfToken } = (await done.json()) as { csrfToken: string }
  return { cookie, csrfToken, email }
}

/**
 * Runs a console action on a running server over HTTP as `host` (its cookie and CSRF token, the
 * site's own origin), as the console's pages do: what it answered, or a throw naming the refusal.
 */
export async function consoleActionOverHttp(
  server: { url: string },
  host: ConsoleCredentials,
  name: Parameters<typeof consoleApi.action>[0],
  input: unknown = {},
) {
  const answer = await fetch(`${server.url}${consoleApi.action(name)}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      cookie: host.cookie,
      [csrfHeader]: host.csrfToken,
    },
    body: JSON.stringify(input),
  })
  if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${await answer.text()}`)
  return answer.json()
}
