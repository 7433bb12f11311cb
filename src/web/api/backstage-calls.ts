import { comicHomeApi } from '../../shared/comic-home'
import { comicCsrfHeader } from '../../shared/comic-statement'
import { answerOf, readMessage } from './answer-readers'
import { callJson } from './api-client'

/**
 * Every call of a comic's own page (/backstage) to the server, each answer read by its shared
 * schema; a failure carries the HTTP status (401: not signed in) and the sentence to show.
 */
export type BackstageResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; message: string }

const readComicHome = answerOf((s) => s.ComicHomeSchema)

async function call<T>(
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; csrfToken?: string },
  read: (body: unknown) => Promise<T | undefined>,
): Promise<BackstageResult<T>> {
  const headers: Record<string, string> = init.csrfToken
    ? { [comicCsrfHeader]: init.csrfToken }
    : {}
  const answer = await callJson(path, { method: init.method, body: init.body, headers }, read)
  return answer.ok
    ? { ok: true, value: answer.value }
    : { ok: false, status: answer.status, message: answer.message }
}

/** POST the address: the same sentence whether or not it is a comic's. */
export function askBackstageLink(email: string) {
  return call(comicHomeApi.signIn, { method: 'POST', body: { email } }, readMessage)
}

/** POST the link's token: the comic's page, and the session's cookie set. */
export function completeBackstageSignIn(token: string) {
  return call(comicHomeApi.signInComplete, { method: 'POST', body: { token } }, readComicHome)
}

/** GET the signed-in comic's page; 401 when nobody is. */
export function loadBackstage() {
  return call(comicHomeApi.view, { method: 'GET' }, readComicHome)
}

/** POST: withdraws one of their own sign-ups; answers the page as it is now. */
export function withdrawOwnSignup(signupId: number, csrfToken: string) {
  return call(comicHomeApi.withdraw(signupId), { method: 'POST', csrfToken }, readComicHome)
}

export function signOutBackstage(csrfToken: string) {
  return call(comicHomeApi.signOut, { method: 'POST', csrfToken }, async () => true)
}
