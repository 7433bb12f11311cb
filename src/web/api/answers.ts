import type { CheckoutResponse, SessionResponse } from '../../shared/checkout'
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

export function readSessionResponse(body: unknown): SessionResponse | undefined {
  if (!hasFields(body, { id: 'string' })) return undefined
  const { id, codes, show } = body as { id: string; codes?: unknown; show?: unknown }
  if (!Array.isArray(codes) || codes.length === 0) return undefined
  if (
    !codes.every((c) => hasFields(c, { code: 'string', description: 'string' }) && c.code !== '')
  ) {
    return undefined
  }
  if (!hasFields(show, { startsAt: 'string', name: 'string' })) return undefined
  return {
    id,
    codes: (codes as SessionResponse['codes']).map(({ code, description }) => ({
      code,
      description,
    })),
    show: { startsAt: String(show.startsAt), name: String(show.name) },
  }
}

/** `{ message }`, the answer of the resend form and of every API error. */
export function readMessage(body: unknown): string | undefined {
  return hasFields(body, { message: 'string' }) ? String(body.message) : undefined
}
