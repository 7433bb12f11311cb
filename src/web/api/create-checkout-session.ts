import { useCallback, useEffect, useRef, useState } from 'react'
import type { CheckoutRequest } from '../../shared/checkout'
import { texts } from '../../shared/texts'
import { answerOf } from './answer-readers'
import { apiUrl, callJson, errorMessage } from './api-client'

const readCheckoutResponse = answerOf((s) => s.CheckoutResponseSchema)

export type CheckoutOutcome =
  /** The hosted payment page to send the buyer to. */
  | { kind: 'session'; id: string; url: string }
  /** The server refused or could not be reached: shown as "Failed to initiate checkout: ...". */
  | { kind: 'failed'; message: string }
  /** The server said yes but gave nothing to redirect to: shown as "Checkout Error: ...". */
  | { kind: 'redirectError'; message: string }

/** POST /create-checkout-session (docs/product.md, "The API"). */
export async function createCheckoutSession(request: CheckoutRequest): Promise<CheckoutOutcome> {
  const answer = await callJson(
    apiUrl('/create-checkout-session'),
    { body: { ...request, timeZone: request.timeZone ?? browserTimeZone() } },
    async (body) => {
      const session = await readCheckoutResponse(body)
      const url = session && paymentPageUrl(session.url)
      return session && url ? { id: session.id, url } : undefined
    },
    // Not JSON at all: the parser's sentence; JSON without a payment page: ours.
    { unexpected: (notJson) => (notJson ? errorMessage(notJson) : texts.redirectMissingUrl) },
  )
  if (answer.ok) return { kind: 'session', ...answer.value }
  return {
    kind: answer.failed === 'unexpected' ? 'redirectError' : 'failed',
    message: answer.message,
  }
}

/** The browser's own time zone, when it names one. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}

/** The payment page's address, absolute; null unless it is plain http(s). */
function paymentPageUrl(raw: string): string | null {
  try {
    const url = new URL(raw, window.location.href)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

export type Redirect = (url: string) => void

export const assignLocation: Redirect = (url) => window.location.assign(url)

/**
 * Checkout as the store page uses it: `processing` while the request is out, and `start`
 * resolving to the error sentence to show, or null once the browser is on its way to pay.
 */
export function useCreateCheckoutSession(redirect: Redirect = assignLocation) {
  const [processing, setProcessing] = useState(false)
  const inFlight = useRef(false)

  useEffect(() => {
    // Coming back from the payment page with the Back button can restore this page from the
    // back-forward cache, frozen mid-"Processing...": let the buyer check out again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return
      inFlight.current = false
      setProcessing(false)
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [])

  const start = useCallback(
    async (request: CheckoutRequest): Promise<string | null> => {
      if (inFlight.current) return null
      inFlight.current = true
      setProcessing(true)
      const outcome = await createCheckoutSession(request)
      let failure: string
      if (outcome.kind === 'session') {
        try {
          redirect(outcome.url)
          // Stay "Processing..." while the browser leaves for the payment page.
          return null
        } catch (error) {
          failure = texts.redirectError(errorMessage(error))
        }
      } else if (outcome.kind === 'failed') {
        failure = texts.checkoutFailed(outcome.message)
      } else {
        failure = texts.redirectError(outcome.message)
      }
      inFlight.current = false
      setProcessing(false)
      return failure
    },
    [redirect],
  )

  return { processing, start }
}
