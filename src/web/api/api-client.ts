import type { RefusalAnswer } from '../../shared/answers'
import { texts } from '../../shared/texts'
import { readRefusal } from './answer-readers'

/** Where the browser finds the API: its own origin unless the build says otherwise. */
const apiBase: string = import.meta.env.VITE_API_BASE ?? '/api'

export function apiUrl(path: string): string {
  return `${apiBase.replace(/\/$/, '')}${path}`
}

/** The sentence of a refusal's answer, or null when the body is missing or has another shape. */
export async function readErrorMessage(response: Response): Promise<string | null> {
  let refusal: RefusalAnswer | undefined
  try {
    refusal = await readRefusal(await response.json())
  } catch {
    return null
  }
  return refusal && refusal.message.trim() !== '' ? refusal.message : null
}

/** A thrown value as a sentence: fetch and JSON errors are Errors, anything else is stringified. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * What one JSON call came to: the answer `read` accepted, or the sentence to show and where it
 * failed (not reached, refused, or an answer of another shape). `status` is 0 when not reached.
 */
export type JsonCall<T> =
  | { ok: true; status: number; value: T }
  | { ok: false; failed: 'unreachable' | 'refused' | 'unexpected'; status: number; message: string }

/**
 * The sentences of a failed call, where a caller has its own: by default texts.unreachable, the
 * server's `{message}` or "HTTP <status>", and texts.unexpectedData. `unexpected` gets the
 * parser's error when the answer was not JSON at all, undefined when it was JSON of another shape.
 */
export interface JsonCallTexts {
  unreachable?: string
  refused?: (status: number) => string
  unexpected?: (error: unknown) => string
}

/**
 * Sends `body` (when given) as JSON to `url` and reads the answer: every call of the fans' app
 * goes the same way, so each one only says where, what, which answer it takes and its own
 * sentences. `read` (an `answerOf` the route's schema) gets the parsed body (undefined when
 * there is none or it is not JSON) and gives undefined for any other shape.
 */
export async function callJson<T>(
  url: string,
  request: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> },
  read: (body: unknown) => Promise<T | undefined>,
  own: JsonCallTexts = {},
): Promise<JsonCall<T>> {
  const hasBody = request.body !== undefined
  let response: Response
  try {
    // Same-origin credentials are fetch's default: the member page's cookie goes with its calls.
    response = await fetch(url, {
      method: request.method ?? 'POST',
      headers: {
        accept: 'application/json',
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
      ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
    })
  } catch {
    return {
      ok: false,
      failed: 'unreachable',
      status: 0,
      // The browser's own words ("Failed to fetch") say nothing to a person.
      message: own.unreachable ?? texts.unreachable,
    }
  }
  const { status } = response
  if (!response.ok) {
    const message = (await readErrorMessage(response)) ?? (own.refused ?? texts.httpError)(status)
    return { ok: false, failed: 'refused', status, message }
  }
  let body: unknown
  let notJson: unknown
  try {
    body = await response.json()
  } catch (error) {
    notJson = error
  }
  const value = await read(body)
  if (value !== undefined) return { ok: true, status, value }
  const message = own.unexpected ? own.unexpected(notJson) : texts.unexpectedData
  return { ok: false, failed: 'unexpected', status, message }
}
