import { comicHomeApi } from '../../shared/comic-home'
import type { ComicHome, OwnPage } from '../../shared/comic-home-api'
import { comicCsrfHeader } from '../../shared/comic-statement'
import { texts } from '../../shared/texts'
import { peopleAnswerOf, readMessage } from './answer-readers'
import { readErrorMessage } from './api-client'
import { type ComicResult, comicCall } from './comic-statement-calls'

/** What the page's form sends: the fields a comic edits. */
export type OwnPageFields = Pick<OwnPage, 'name' | 'pronouns' | 'bio' | 'links' | 'vrchatPublic'>

/** Every call of a comic's own page (/backstage) to the server: comicCall's, one sign-in. */
export type BackstageResult<T> = ComicResult<T>

const readComicHome = peopleAnswerOf((s) => s.ComicHomeSchema)

/** POST the address: the same sentence whether or not it is a comic's. */
export function askBackstageLink(email: string) {
  return comicCall(comicHomeApi.signIn, { method: 'POST', body: { email } }, readMessage)
}

/** POST the link's token: the comic's page, and the session's cookie set. */
export function completeBackstageSignIn(token: string) {
  return comicCall(comicHomeApi.signInComplete, { method: 'POST', body: { token } }, readComicHome)
}

/** GET the signed-in comic's page; 401 when nobody is. */
export function loadBackstage() {
  return comicCall(comicHomeApi.view, { method: 'GET' }, readComicHome)
}

/** POST: withdraws one of their own sign-ups; answers the page as it is now. */
export function withdrawOwnSignup(signupId: number, csrfToken: string) {
  return comicCall(comicHomeApi.withdraw(signupId), { method: 'POST', csrfToken }, readComicHome)
}

export function signOutBackstage(csrfToken: string) {
  return comicCall(comicHomeApi.signOut, { method: 'POST', csrfToken }, async () => true)
}

/** POST their page's fields: the page as it is now, or the sentence why not. */
export function saveOwnPage(fields: OwnPageFields, csrfToken: string) {
  return comicCall(comicHomeApi.page, { method: 'POST', body: fields, csrfToken }, readComicHome)
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
