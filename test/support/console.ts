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
