import { memberApi, memberCsrfHeader } from '../../shared/member-page'
import { peopleAnswerOf, readMessage, readPaymentPage } from './answer-readers'
import { callJson } from './api-client'

/**
 * Every call of the member page (/membership) to the server, each answer read by its shared
 * schema; a failure carries the HTTP status (401: not signed in) and the sentence to show.
 */
export type MemberResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; message: string }

/** The member's view, by its shared schema: the answer of signing in and of every change. */
export const readMemberView = peopleAnswerOf((s) => s.MemberViewSchema)

/** One call: the answer read by `read`, or the sentence to show (the server's when it gave one). */
async function call<T>(
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; csrfToken?: string },
  read: (body: unknown) => Promise<T | undefined>,
): Promise<MemberResult<T>> {
  const headers: Record<string, string> = init.csrfToken
    ? { [memberCsrfHeader]: init.csrfToken }
    : {}
  const answer = await callJson(path, { method: init.method, body: init.body, headers }, read)
  return answer.ok
    ? { ok: true, value: answer.value }
    : { ok: false, status: answer.status, message: answer.message }
}

/** POST the address: the same sentence whether or not it has a membership. */
export function askMemberLink(email: string) {
  return call(memberApi.signIn, { method: 'POST', body: { email } }, readMessage)
}

/** POST the link's token: the member's view, and the session's cookie set. */
export function completeMemberSignIn(token: string) {
  return call(memberApi.signInComplete, { method: 'POST', body: { token } }, readMemberView)
}

/** GET the signed-in member's view; 401 when nobody is. */
export function loadMemberView() {
  return call(memberApi.view, { method: 'GET' }, readMemberView)
}

/** A new member code: the view with it. */
export function rotateMemberCode(csrfToken: string) {
  return call(memberApi.rotateCode, { method: 'POST', body: {}, csrfToken }, readMemberView)
}

/** A joke for the host: the view with it, or the reason it was refused. */
export function sendJoke(csrfToken: string, text: string) {
  return call(memberApi.jokes, { method: 'POST', body: { text }, csrfToken }, readMemberView)
}

/** The member's name on stage and tonight's message: the view with them, or the refusal. */
export function saveMemberWords(csrfToken: string, name: string, message: string) {
  return call(
    memberApi.words,
    { method: 'POST', body: { name, message }, csrfToken },
    readMemberView,
  )
}

/** Where the member manages billing (the provider's page). */
export function billingUrl(csrfToken: string) {
  return call(memberApi.billing, { method: 'POST', body: {}, csrfToken }, readPaymentPage)
}

/** Ends the session. */
export function signOutMember(csrfToken: string) {
  return call(memberApi.signOut, { method: 'POST', csrfToken }, async () => true)
}
