import type { RefusalAdvice } from '../../shared/answers'
import {
  type ConsoleActionName,
  type ConsoleSessionInfo,
  consoleApi,
  consoleMessages,
  consoleTexts,
  csrfHeader,
} from '../../shared/console'
import type { OperatorInput, OperatorResults } from '../../shared/operator'
import { peopleAnswerOf, readMessage, readRefusal } from '../api/answer-readers'

/**
 * Every call the console makes to its API (src/shared/console.ts names the paths). Its sign-in's
 * answers are read by their shared schemas, loaded with the answer (the console's first load has
 * no zod); an action's result is the shape src/shared/operator.ts declares for it.
 */

/**
 * A request that did not succeed: its HTTP status (0 when nothing answered), a sentence, and for
 * a refused refund the server's advice.
 */
export class ConsoleError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly advice?: RefusalAdvice,
  ) {
    super(message)
  }
}

export function asConsoleError(error: unknown): ConsoleError {
  return error instanceof ConsoleError
    ? error
    : new ConsoleError(0, error instanceof Error ? error.message : String(error))
}

async function send(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'same-origin', ...init })
  } catch {
    throw new ConsoleError(0, consoleTexts.unreachable)
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return undefined
  }
}

/** The error an answer that is not 2xx stands for: the server's sentence when it has one. */
async function failure(response: Response): Promise<ConsoleError> {
  // 401 and 403 have fixed meanings for the console: signed out, or refused (reload).
  if (response.status === 401) return new ConsoleError(401, consoleMessages.notSignedIn)
  if (response.status === 403) return new ConsoleError(403, consoleMessages.forbidden)
  const refusal = await readRefusal(await readJson(response))
  const message = refusal?.message.trim() ?? ''
  return new ConsoleError(
    response.status,
    message || consoleTexts.failed(response.status),
    refusal?.advice,
  )
}

function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

const readSessionInfo = peopleAnswerOf((s) => s.ConsoleSessionInfoSchema)

async function sessionFrom(response: Response): Promise<ConsoleSessionInfo> {
  if (!response.ok) throw await failure(response)
  const session = await readSessionInfo(await readJson(response))
  if (!session) throw new ConsoleError(response.status, consoleTexts.failed(response.status))
  return session
}

/** GET the session: the signed-in host, or null when nobody is signed in. */
export async function fetchSession(): Promise<ConsoleSessionInfo | null> {
  const response = await send(consoleApi.session)
  if (response.status === 401) return null
  return sessionFrom(response)
}

/** Asks for a sign-in link; the server's answer is the same whether or not one is sent. */
export async function requestSignInLink(email: string): Promise<string> {
  const response = await postJson(consoleApi.signIn, { email })
  if (!response.ok) throw await failure(response)
  return (await readMessage(await readJson(response))) ?? consoleMessages.linkSent
}

/** Uses a mailed link's token: the session it starts (the server sets the cookie). */
export async function completeSignIn(token: string): Promise<ConsoleSessionInfo> {
  return sessionFrom(await postJson(consoleApi.signInComplete, { token }))
}

export async function signOut(csrfToken: string): Promise<void> {
  const response = await send(consoleApi.signOut, {
    method: 'POST',
    headers: { [csrfHeader]: csrfToken },
  })
  if (!response.ok && response.status !== 401) throw await failure(response)
}

/**
 * POSTs a file's bytes as they are (its type as Content-Type) to a console route that answers
 * JSON: that answer, or the server's refusal as a ConsoleError.
 */
export async function postFile(csrfToken: string, url: string, file: Blob): Promise<unknown> {
  const response = await send(url, {
    method: 'POST',
    headers: { 'content-type': file.type || 'application/octet-stream', [csrfHeader]: csrfToken },
    body: file,
  })
  if (!response.ok) throw await failure(response)
  const body = await readJson(response)
  if (body === undefined)
    throw new ConsoleError(response.status, consoleTexts.failed(response.status))
  return body
}

/** Runs one operator action as the signed-in host (its input as JSON, the CSRF header). */
export async function runAction<N extends ConsoleActionName>(
  csrfToken: string,
  name: N,
  input: OperatorInput<N>,
): Promise<OperatorResults[N]> {
  const response = await postJson(consoleApi.action(name), input, { [csrfHeader]: csrfToken })
  if (!response.ok) throw await failure(response)
  const body = await readJson(response)
  // `shows.report` alone may answer null; every other action answers an object or a list.
  if (body === undefined || (body === null && name !== 'shows.report')) {
    throw new ConsoleError(response.status, consoleTexts.failed(response.status))
  }
  // The console's own server, answering the shape src/shared/operator.ts declares for `name`.
  return body as OperatorResults[N]
}
