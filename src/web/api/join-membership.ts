import type { MembershipCheckoutRequest } from '../../shared/membership-checkout'
import { readPaymentPage } from './answer-readers'
import { apiUrl, callJson } from './api-client'

/**
 * POST /api/memberships/checkout: the payment page to go to, or the sentence to show (the
 * server's when it gave one).
 */
export async function joinMembership(
  request: MembershipCheckoutRequest,
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const answer = await callJson(apiUrl('/memberships/checkout'), { body: request }, readPaymentPage)
  return answer.ok ? { ok: true, url: answer.value.url } : { ok: false, message: answer.message }
}
