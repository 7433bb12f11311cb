import { comicCsrfHeader, comicStatementApi } from '../../shared/comic-statement'
import { peopleAnswerOf, readMessage } from './answer-readers'
import { callJson } from './api-client'

/**
 * Every call of a comic's pages (/statement, and /backstage through backstage-calls.ts) to the
 * server, each answer read by its shared schema; a failure carries the HTTP status (401: not
 * signed in) and the sentence to show. Both pages are one sign-in: the comic's session and token.
 */
export type ComicResult<T> = { ok: true; value: T } | { ok: false; status: number; message: string }

/** The signed-in comic's statement and the session's token, by its shared schema. */
export const readSignedInStatement = peopleAnswerOf((s) => s.SignedInStatementSchema)

export async function comicCall<T>(
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; csrfToken?: string },
  read: (body: unknown) => Promise<T | undefined>,
): Promise<ComicResult<T>> {
  const headers: Record<string, string> = init.csrfToken
    ? { [comicCsrfHeader]: init.csrfToken }
    : {}
  const answer = await callJson(path, { method: init.method, body: init.body, headers }, read)
  return answer.ok
    ? { ok: true, value: answer.value }
    : { ok: false, status: answer.status, message: answer.message }
}

/** POST the address: the same sentence whether or not it is a comic's. */
export function askComicLink(email: string) {
  return comicCall(comicStatementApi.signIn, { method: 'POST', body: { email } }, readMessage)
}

/** POST the link's token: the statement, and the session's cookie set. */
export function completeComicSignIn(token: string) {
  return comicCall(
    comicStatementApi.signInComplete,
    { method: 'POST', body: { token } },
    readSignedInStatement,
  )
}

/** GET the signed-in comic's statement, of a month (YYYY-MM) or all time; 401 when nobody is. */
export function loadStatement(month?: string) {
  const query = month ? `?month=${encodeURIComponent(month)}` : ''
  return comicCall(`${comicStatementApi.view}${query}`, { method: 'GET' }, readSignedInStatement)
}

export function signOutComic(csrfToken: string) {
  return comicCall(comicStatementApi.signOut, { method: 'POST', csrfToken }, async () => true)
}
