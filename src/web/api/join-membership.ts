import type { MembershipCheckoutRequest } from '../../shared/membership-checkout'
import { hasFields } from '../../shared/shape'
import { texts } from '../../shared/texts'
import { apiUrl, errorMessage, readErrorMessage } from './api-client'

/**
 * POST /api/memberships/checkout: the payment page to go to, or the sentence to show (the
 * server's when it gave one). The answer is checked by hand, as in answers.ts.
 */
export async function joinMembership(
  request: MembershipCheckoutRequest,
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  let response: Response
  try {
    response = await fetch(apiUrl('/memberships/checkout'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
    })
  } catch (error) {
    return { ok: false, message: errorMessage(error) }
  }
  if (!response.ok) {
    return {
      ok: false,
      message: (await readErrorMessage(response)) ?? texts.httpError(response.status),
    }
  }
  try {
    const body: unknown = await response.json()
    if (hasFields(body, { url: 'string' }) && body.url !== '') {
      return { ok: true, url: String(body.url) }
    }
  } catch {
    // Not JSON: the same as JSON of the wrong shape.
  }
  return { ok: false, message: texts.unexpectedData }
}
