import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../src/core/db/schema'
import { consoleApi, csrfHeader } from '../../src/shared/console'

/** A signed-in host's credentials: the session cookie and the CSRF token. */
export interface ConsoleCredentials {
  cookie: string
  csrfToken: string
  email: string
}

/** Sign-in links mailed to `email` so far, oldest first (from the outbox). */
export async function mailedSignInTokens(db: Db, email: string): Promise<string[]> {
  const mails = await db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('dedupe_key', 'like', 'console-link:%')
    .orderBy('id')
    .execute()
  return mails.flatMap((mail) => /\/admin\/sign-in#([\w-]+)/.exec(mail.text_body)?.[1] ?? [])
}

/**
 * The token of the newest sign-in link mailed to `email`. The link is made after the answer is
 * sent, so it is waited for (up to 2 s) beyond the `before` links already there.
 */
export async function mailedSignInToken(
  db: Db,
  email: string,
  before = 0,
): Promise<string | undefined> {
  for (let i = 0; i < 100; i++) {
    const tokens = await mailedSignInTokens(db, email)
    if (tokens.length > before) return tokens.at(-1)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return undefined
}

/** Asks for a link for `email`, reads it from the outbox and uses it: a signed-in host. */
export async function signInToConsole(
  app: FastifyInstance,
  db: Db,
  email: string,
): Promise<ConsoleCredentials> {
  const before = (await mailedSignInTokens(db, email)).length
  const asked = await app.inject({ method: 'POST', url: consoleApi.signIn, payload: { email } })
  if (asked.statusCode !== 200)
    throw new Error(`sign-in request: ${asked.statusCode} ${asked.body}`)
  const token = await mailedSignInToken(db, email, before)
  if (!token) throw new Error(`no sign-in link mailed to ${email}`)
  const done = await app.inject({
    method: 'POST',
    url: consoleApi.signInComplete,
    payload: { token },
  })
  if (done.statusCode !== 200) throw new Error(`sign-in: ${done.statusCode} ${done.body}`)
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

/** A mail's text as written to an .eml file, quoted-printable soft breaks and escapes undone. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/**
 * The sign-in links a running server (startServer, mail written as .eml files to its data
 * folder) has mailed so far, oldest first.
 */
export function mailedSignInLinks(server: { url: string; dataDir: string }): string[] {
  const dir = path.join(server.dataDir, 'mail')
  if (!fs.existsSync(dir)) return []
  const pattern = new RegExp(`${server.url}/admin/sign-in#[\\w-]{20,}`, 'g')
  const links = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .flatMap((name) => {
      const mail = decodeQuotedPrintable(fs.readFileSync(path.join(dir, name), 'utf8'))
      return mail.match(pattern) ?? []
    })
  return [...new Set(links)]
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
