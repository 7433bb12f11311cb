import type { CheckoutResponse } from '../../shared/checkout'
import { hasFields } from '../../shared/shape'

/**
 * The API's answers, checked by hand in the browser: zod's schemas (shared/checkout.ts) check
 * requests on the server, and would add 6 KB to the store's first load here. Each returns the
 * answer with only its known fields, or undefined when it does not have the expected shape.
 */
export function readCheckoutResponse(body: unknown): CheckoutResponse | undefined {
  if (!hasFields(body, { id: 'string', url: 'string' })) return undefined
  const { id, url } = body as CheckoutResponse
  return id !== '' && url !== '' ? { id, url } : undefined
}

/** `{ message }`, the answer of the resend form and of every API error. */
export function readMessage(body: unknown): string | undefined {
  return hasFields(body, { message: 'string' }) ? String(body.message) : undefined
}
