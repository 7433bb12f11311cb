import { comicCsrfHeader, comicStatementApi } from '../../shared/comic-statement'
import type {
  AdjustmentView,
  ComicStatement,
  PayoutView,
  StatementShow,
} from '../../shared/settlements'
import { hasFields } from '../../shared/shape'
import { readMessage } from './answers'
import { callJson } from './api-client'

/**
 * Every call of a comic's statement page (/statement) to the server. Answers are checked by hand
 * (the page stays small, decision 004); a failure carries the HTTP status (401: not signed in)
 * and the sentence to show.
 */
export type StatementResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; message: string }

/** The signed-in comic's statement, and the session's token for "Sign out". */
export interface SignedInStatement {
  csrfToken: string
  statement: ComicStatement
}

const boosts = { codeBoosts: 'number', memberBoosts: 'number', anonymousBoosts: 'number' } as const

const isShow = (v: unknown): v is StatementShow =>
  hasFields(v, {
    ...boosts,
    showId: 'string',
    showName: 'string',
    startsAt: 'string',
    closed: 'boolean',
    hadSet: 'boolean',
    creditedCents: 'number',
    potCents: 'number',
    owedCents: 'number',
  })
const isAdjustment = (v: unknown): v is AdjustmentView =>
  hasFields(v, { showId: 'string', showName: 'string', fromShowName: 'string', cents: 'number' })
const isPayout = (v: unknown): v is PayoutView =>
  hasFields(v, { id: 'number', amountCents: 'number', paidOn: 'string', reference: 'string' })

const listOf = <T>(value: unknown, is: (v: unknown) => v is T): T[] | undefined =>
  Array.isArray(value) && value.every(is) ? value : undefined

/** The statement with only its known fields, or undefined when it has another shape. */
export function readSignedInStatement(body: unknown): SignedInStatement | undefined {
  if (!hasFields(body, { csrfToken: 'string' })) return undefined
  const s = (body as { statement?: unknown }).statement
  if (!hasFields(s, { owedCents: 'number', paidCents: 'number' })) return undefined
  const raw = s as Record<string, unknown>
  const comic = raw.comic
  const balance = raw.balance
  const shows = listOf(raw.shows, isShow)
  const adjustments = listOf(raw.adjustments, isAdjustment)
  const payouts = listOf(raw.payouts, isPayout)
  if (!hasFields(comic, { id: 'string', slug: 'string', name: 'string' })) return undefined
  const sums = {
    owedCents: 'number',
    paidCents: 'number',
    stillOwedCents: 'number',
    pendingCents: 'number',
  } as const
  if (!hasFields(balance, sums) || !shows || !adjustments || !payouts) return undefined
  return {
    csrfToken: String(body.csrfToken),
    statement: {
      comic: comic as ComicStatement['comic'],
      month: typeof raw.month === 'string' ? raw.month : null,
      shows,
      adjustments,
      payouts,
      owedCents: Number(raw.owedCents),
      paidCents: Number(raw.paidCents),
      balance: balance as ComicStatement['balance'],
    },
  }
}

async function call<T>(
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; csrfToken?: string },
  read: (body: unknown) => T | undefined,
): Promise<StatementResult<T>> {
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
  return call(comicStatementApi.signIn, { method: 'POST', body: { email } }, readMessage)
}

/** POST the link's token: the statement, and the session's cookie set. */
export function completeComicSignIn(token: string) {
  return call(
    comicStatementApi.signInComplete,
    { method: 'POST', body: { token } },
    readSignedInStatement,
  )
}

/** GET the signed-in comic's statement, of a month (YYYY-MM) or all time; 401 when nobody is. */
export function loadStatement(month?: string) {
  const query = month ? `?month=${encodeURIComponent(month)}` : ''
  return call(`${comicStatementApi.view}${query}`, { method: 'GET' }, readSignedInStatement)
}

export function signOutComic(csrfToken: string) {
  return call(comicStatementApi.signOut, { method: 'POST', csrfToken }, () => true)
}
