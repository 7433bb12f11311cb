import { isJokeState } from '../../shared/jokes'
import {
  type MemberJokeView,
  type MemberView,
  memberApi,
  memberCsrfHeader,
  type TonightView,
} from '../../shared/member-page'
import { isTierId } from '../../shared/memberships'
import { hasFields } from '../../shared/shape'
import { readMessage } from './answers'
import { callJson } from './api-client'

/**
 * Every call of the member page (/membership) to the server. Answers are checked by hand, as in
 * answers.ts; a failure carries the HTTP status (401: not signed in) and the sentence to show.
 */
export type MemberResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; message: string }

const standings = ['active', 'grace', 'paused', 'ended', 'incomplete'] as const

function readTonight(value: unknown): TonightView | null | undefined {
  if (value === null) return null
  if (
    !hasFields(value, { show: 'string', startsAt: 'string', live: 'boolean', claimed: 'boolean' })
  )
    return undefined
  const { show, startsAt, live, claimed } = value as TonightView
  return { show, startsAt, live, claimed }
}

function readJoke(value: unknown): MemberJokeView | undefined {
  if (!hasFields(value, { id: 'string', text: 'string', state: 'string', sentAt: 'string' }))
    return undefined
  const { id, text, state, sentAt } = value as MemberJokeView
  return isJokeState(state) ? { id, text, state, sentAt } : undefined
}

/** The member's view with only its known fields, or undefined when it has another shape. */
export function readMemberView(body: unknown): MemberView | undefined {
  const fields = {
    email: 'string',
    csrfToken: 'string',
    tier: 'string',
    tierName: 'string',
    standing: 'string',
    status: 'string',
    boostsLeft: 'number',
    monthlyBoosts: 'number',
    boostsPerShow: 'number',
    memberCode: 'string',
    jokesLeft: 'number',
    jokesPerMonth: 'number',
    billing: 'boolean',
  } as const
  if (!hasFields(body, fields)) return undefined
  const view = body as unknown as MemberView & Record<string, unknown>
  const standing = standings.find((s) => s === view.standing)
  const tonight = readTonight(view.tonight)
  const jokes = Array.isArray(view.jokes) ? view.jokes.map(readJoke) : []
  const text = (v: unknown) => (typeof v === 'string' ? v : null)
  if (!isTierId(view.tier) || !standing || tonight === undefined) return undefined
  if (!jokes.every((joke) => joke !== undefined)) return undefined
  return {
    email: view.email,
    csrfToken: view.csrfToken,
    tier: view.tier,
    tierName: view.tierName,
    standing,
    status: view.status,
    dateLine: text(view.dateLine),
    nextTierName: text(view.nextTierName),
    periodEnd: text(view.periodEnd),
    boostsLeft: view.boostsLeft,
    monthlyBoosts: view.monthlyBoosts,
    boostsPerShow: view.boostsPerShow,
    tonight,
    memberCode: view.memberCode,
    jokesLeft: view.jokesLeft,
    jokesPerMonth: view.jokesPerMonth,
    jokes: jokes as MemberJokeView[],
    billing: view.billing,
  }
}

/** One call: the answer read by `read`, or the sentence to show (the server's when it gave one). */
async function call<T>(
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; csrfToken?: string },
  read: (body: unknown) => T | undefined,
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

/** Where the member manages billing (the provider's page). */
export function billingUrl(csrfToken: string) {
  return call(memberApi.billing, { method: 'POST', body: {}, csrfToken }, (body) =>
    hasFields(body, { url: 'string' }) && body.url !== '' ? String(body.url) : undefined,
  )
}

/** Ends the session. */
export function signOutMember(csrfToken: string) {
  return call(memberApi.signOut, { method: 'POST', csrfToken }, () => true)
}
