import { useEffect, useState } from 'react'
import type { SessionResponse } from '../../shared/checkout'
import { limits } from '../../shared/limits'
import { texts } from '../../shared/texts'
import { answerOf } from './answer-readers'
import { apiUrl, readErrorMessage } from './api-client'

/** The codes' answer (200), by its shared schema. */
export const readSessionResponse = answerOf((s) => s.SessionResponseSchema)

export type SessionOutcome =
  | { kind: 'ready'; session: SessionResponse }
  /** 202: paid or paying, codes not made yet. */
  | { kind: 'pending' }
  | { kind: 'failed'; message: string }
  /** 410: refunded, disputed or expired unpaid; no codes to come, and the server says why. */
  | { kind: 'ended'; message: string }

/** GET /get-session?session_id= (docs/product.md, "The API"), each answer turned into one outcome. */
export async function getSession(sessionId: string, signal?: AbortSignal): Promise<SessionOutcome> {
  let response: Response
  try {
    response = await fetch(apiUrl(`/get-session?session_id=${encodeURIComponent(sessionId)}`), {
      headers: { accept: 'application/json' },
      signal,
    })
  } catch {
    // The browser's own words ("Failed to fetch") say nothing to a person.
    return { kind: 'failed', message: texts.unreachable }
  }
  if (response.status === 202) return { kind: 'pending' }
  if (response.status === 200) {
    try {
      const session = await readSessionResponse(await response.json())
      if (session) return { kind: 'ready', session }
    } catch {
      // Not JSON at all: the same as JSON of the wrong shape.
    }
    return { kind: 'failed', message: texts.unexpectedData }
  }
  if (response.ok) return { kind: 'failed', message: texts.unexpectedStatus(response.status) }
  const message = await readErrorMessage(response)
  if (message && response.status === 410) return { kind: 'ended', message }
  if (message) return { kind: 'failed', message }
  return {
    kind: 'failed',
    message:
      response.status >= 500
        ? texts.sessionServerError(response.status)
        : texts.sessionHttpError(response.status),
  }
}

export type SessionCodesState =
  /** `progress` is the polling line ("Checking for codes (Attempt 1/6)..."), null before it starts. */
  | { status: 'loading'; progress: string | null }
  | { status: 'failed'; message: string }
  | { status: 'ended'; message: string }
  | { status: 'ready'; session: SessionResponse }

const noSession: SessionCodesState = { status: 'failed', message: texts.noSessionId }
const starting: SessionCodesState = { status: 'loading', progress: null }

/** A code not used yet can still be redeemed, voided or expire: worth asking about again. */
function canChange(session: SessionResponse): boolean {
  return session.codes.some((code) => code.state === 'unused')
}

/**
 * Polls for a purchase's codes (docs/product.md, "Cart and checkout"): on 202 wait 3 s and ask again, at most 6
 * attempts in all. Once they show, their states are read again every 15 s while one can change
 * and the page is in view (a redemption at the kiosk, a refund). Leaving the page cancels both
 * the wait and the request in flight.
 */
export function useSessionCodes(sessionId: string | null): SessionCodesState {
  const [state, setState] = useState<SessionCodesState>(starting)

  useEffect(() => {
    if (!sessionId) return
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    let attempt = 0
    setState(starting)

    const poll = async () => {
      if (controller.signal.aborted) return
      attempt += 1
      setState({ status: 'loading', progress: texts.checkingCodes(attempt, limits.pollAttempts) })
      const outcome = await getSession(sessionId, controller.signal)
      if (controller.signal.aborted) return
      if (outcome.kind === 'ready') showCodes(outcome.session)
      else if (outcome.kind === 'failed') setState({ status: 'failed', message: outcome.message })
      else if (outcome.kind === 'ended') setState({ status: 'ended', message: outcome.message })
      else if (attempt >= limits.pollAttempts) {
        setState({ status: 'failed', message: texts.pollingGaveUp(limits.pollAttempts) })
      } else {
        setState({
          status: 'loading',
          progress: texts.codesProcessing(attempt, limits.pollAttempts),
        })
        timer = setTimeout(poll, limits.pollIntervalMs)
      }
    }

    const showCodes = (session: SessionResponse) => {
      setState({ status: 'ready', session })
      if (canChange(session)) timer = setTimeout(refresh, limits.codeStateRefreshMs)
    }

    // The codes stay on screen whatever a later read gives, except a refund or dispute (410).
    const refresh = async () => {
      if (controller.signal.aborted) return
      if (document.visibilityState === 'hidden') {
        timer = setTimeout(refresh, limits.codeStateRefreshMs)
        return
      }
      const outcome = await getSession(sessionId, controller.signal)
      if (controller.signal.aborted) return
      if (outcome.kind === 'ready') showCodes(outcome.session)
      else if (outcome.kind === 'ended') setState({ status: 'ended', message: outcome.message })
      else timer = setTimeout(refresh, limits.codeStateRefreshMs)
    }

    // Started from a microtask: StrictMode's mount-unmount-mount runs the cleanup first, so the
    // discarded mount never sends a request.
    void Promise.resolve().then(poll)
    return () => {
      controller.abort()
      clearTimeout(timer)
    }
  }, [sessionId])

  return sessionId ? state : noSession
}
