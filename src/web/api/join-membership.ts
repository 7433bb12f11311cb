import type { MembershipCheckoutRequest } from '../../shared/membership-checkout'
import { hasFields } from '../../shared/shape'
import { apiUrl, callJson } from './api-client'

/**
 * POST /api/memberships/checkout: the payment page to go to, or the sentence to show (the
 * server's when it gave one). The answer is checked by hand, as in answers.ts.
 */
export async function joinMembership(
  request: MembershipCheckoutRequest,
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const answer = await callJson(apiUrl('/memberships/checkout'), { body: request }, (body) =>
    hasFields(body, { url: 'string' }) && body.url !== '' ? String(body.url) : undefined,
  )
  return answer.ok ? { ok: true, url: answer.value } : { ok: false, message: answer.message }
}
