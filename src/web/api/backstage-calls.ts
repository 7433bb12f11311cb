import { comicHomeApi } from '../../shared/comic-home'
import type { ComicHome, OwnPage } from '../../shared/comic-home-api'
import { comicCsrfHeader } from '../../shared/comic-statement'
import { texts } from '../../shared/texts'
import { answerOf, readMessage } from './answer-readers'
import { callJson, readErrorMessage } from './api-client'

/** What the page's form sends: the fields a comic edits. */
export type OwnPageFields = Pick<OwnPage, 'name' | 'pronouns' | 'bio' | 'links' | 'vrchatPublic'>

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

/** POST their page's fields: the page as it is now, or the sentence why not. */
export function saveOwnPage(fields: OwnPageFields, csrfToken: string) {
  return call(comicHomeApi.page, { method: 'POST', body: fields, csrfToken }, readComicHome)
}

/** POST the picture's bytes as they are (the server judges them): the page as it is now. */
export async function uploadOwnPicture(
  file: Blob,
  csrfToken: string,
): Promise<BackstageResult<ComicHome>> {
  let response: Response
  try {
    response = await fetch(comicHomeApi.picture, {
      method: 'POST',
      headers: {
        'content-type': file.type || 'application/octet-stream',
        [comicCsrfHeader]: csrfToken,
      },
      body: file,
    })
  } catch {
    return { ok: false, status: 0, message: texts.unreachable }
  }
  if (!response.ok) {
    const message = (await readErrorMessage(response)) ?? texts.httpError(response.status)
    return { ok: false, status: response.status, message }
  }
  const value = await readComicHome(await response.json().catch(() => undefined))
  return value
    ? { ok: true, value }
    : { ok: false, status: response.status, message: texts.unexpectedData }
}
