// Sign-in links mailed to an address, read from the outbox, for every audience's tests.
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../src/core/db/schema'

/**
 * Where one audience's sign-in links come from: the outbox rows' dedupe-key prefix, the page the
 * link opens, and the two API routes that ask for a link and use it. The console and the member
 * page sign in the same way, each with its own.
 */
export interface MailedLinkKind {
  /** Names the audience in a failed sign-in's error. */
  name: string
  dedupePrefix: string
  page: string
  signIn: string
  signInComplete: string
}

/** Tokens of the `kind` links mailed to `email` so far, oldest first (from the outbox). */
export async function mailedTokens(db: Db, kind: MailedLinkKind, email: string): Promise<string[]> {
  const mails = await db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('dedupe_key', 'like', `${kind.dedupePrefix}:%`)
    .orderBy('id')
    .execute()
  const pattern = new RegExp(`${kind.page}#([\\w-]+)`)
  return mails.flatMap((mail) => pattern.exec(mail.text_body)?.[1] ?? [])
}

/**
 * The token of the newest `kind` link mailed to `email`. The link is made after the answer is
 * sent, so it is waited for (up to 2 s) beyond the `before` links already there.
 */
export async function newestMailedToken(
  db: Db,
  kind: MailedLinkKind,
  email: string,
  before = 0,
): Promise<string | undefined> {
  for (let i = 0; i < 100; i++) {
    const tokens = await mailedTokens(db, kind, email)
    if (tokens.length > before) return tokens.at(-1)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return undefined
}

/**
 * Asks for a `kind` link for `email`, reads it from the outbox and uses it: the answer of the
 * completed sign-in.
 */
export async function signInByMailedLink(
  app: FastifyInstance,
  db: Db,
  kind: MailedLinkKind,
  email: string,
) {
  const before = (await mailedTokens(db, kind, email)).length
  const asked = await app.inject({ method: 'POST', url: kind.signIn, payload: { email } })
  if (asked.statusCode !== 200)
    throw new Error(`${kind.name} link request: ${asked.statusCode} ${asked.body}`)
  const token = await newestMailedToken(db, kind, email, before)
  if (!token) throw new Error(`no ${kind.name} link mailed to ${email}`)
  const done = await app.inject({ method: 'POST', url: kind.signInComplete, payload: { token } })
  if (done.statusCode !== 200)
    throw new Error(`${kind.name} sign-in: ${done.statusCode} ${done.body}`)
  return done
}

/** A mail's text as written to an .eml file, quoted-printable soft breaks and escapes undone. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/**
 * The `page` links a running server (startServer, mail written as .eml files to its data folder)
 * has mailed so far, oldest first.
 */
export function mailedLinksOnDisk(
  server: { url: string; dataDir: string },
  page: string,
): string[] {
  const dir = path.join(server.dataDir, 'mail')
  if (!fs.existsSync(dir)) return []
  const pattern = new RegExp(`${server.url}${page}#[\\w-]{20,}`, 'g')
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
