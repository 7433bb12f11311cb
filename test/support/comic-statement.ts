// A comic's statement sign-in in the tests: the links mailed to them, signing in with one.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../src/core/db/schema'
import { newComicId } from '../../src/core/ids'
import { comicHomeApi } from '../../src/shared/comic-home'
import { comicStatementApi } from '../../src/shared/comic-statement'
import {
  type MailedLinkKind,
  mailedLinksOnDisk,
  mailedTokens,
  newestMailedToken,
  signInByMailedLink,
} from './mail-links'

/**
 * Where a comic's sign-in links come from: asked at the statement, they open the comic's own page
 * (/backstage/sign-in), and a token used at the statement's door answers the statement.
 */
export const comicLinks: MailedLinkKind = {
  name: 'comic',
  dedupePrefix: 'comic-link',
  page: '/backstage/sign-in',
  signIn: comicStatementApi.signIn,
  signInComplete: comicStatementApi.signInComplete,
}

/** The same links, asked and used at the comic's own page. */
export const comicHomeLinks: MailedLinkKind = {
  ...comicLinks,
  signIn: comicHomeApi.signIn,
  signInComplete: comicHomeApi.signInComplete,
}

/** Statement sign-in links mailed to `email` so far, oldest first (from the outbox). */
export function mailedComicTokens(db: Db, email: string): Promise<string[]> {
  return mailedTokens(db, comicLinks, email)
}

export function mailedComicToken(db: Db, email: string, before = 0) {
  return newestMailedToken(db, comicLinks, email, before)
}

/** A comic on the roster with a payout address of their own. */
export async function addComicWithPayout(db: Db, name: string, email: string) {
  const id = newComicId()
  return db
    .insertInto('comics')
    .values({
      id,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id.slice(-4)}`,
      name,
      payout_email: email,
      created_at: new Date('2026-11-01T00:00:00Z'),
      updated_at: new Date('2026-11-01T00:00:00Z'),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** A signed-in comic: the session cookie and the CSRF token, from a mailed link used. */
export async function signInAsComic(app: FastifyInstance, db: Db, email: string) {
  const done = await signInByMailedLink(app, db, comicLinks, email)
  return {
    cookie: String(done.headers['set-cookie']).split(';')[0] ?? '',
    setCookie: String(done.headers['set-cookie']),
    csrfToken: String(done.json().csrfToken),
    answer: done.json() as { statement: { comic: { id: string } } },
  }
}

/** A comic signed in at their own page: the cookie, the CSRF token and the page's answer. */
export async function signInAtHome(app: FastifyInstance, db: Db, email: string) {
  const done = await signInByMailedLink(app, db, comicHomeLinks, email)
  return {
    cookie: String(done.headers['set-cookie']).split(';')[0] ?? '',
    csrfToken: String(done.json().csrfToken),
    answer: done.json(),
  }
}

/** The statement sign-in links a running server wrote to its mail folder, oldest first. */
export function mailedComicLinks(server: { url: string; dataDir: string }): string[] {
  return mailedLinksOnDisk(server, comicLinks.page)
}
