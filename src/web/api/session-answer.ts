import type { PurchaseCode, SessionResponse } from '../../shared/checkout'
import { codeStates } from '../../shared/code-format'
import { hasFields } from '../../shared/shape'

/**
 * The success page's answer, checked by hand as answers.ts does the others: kept apart so only
 * the success page loads it, not every page that talks to the API (the store's first load).
 */
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
  const showId = (show as { id?: unknown }).id
  return {
    id,
    codes: (codes as SessionResponse['codes']).map(readPurchaseCode),
    show: {
      startsAt: String(show.startsAt),
      name: String(show.name),
      ...(typeof showId === 'string' && showId !== '' ? { id: showId } : {}),
    },
  }
}

/** A code with its state when the server sent one it knows; an unknown state is left out. */
function readPurchaseCode(raw: PurchaseCode): PurchaseCode {
  const { code, description, state, redeemedAt, expiresAt } = raw
  const read: PurchaseCode = { code, description }
  if ((codeStates as readonly unknown[]).includes(state)) read.state = state
  if (typeof redeemedAt === 'string') read.redeemedAt = redeemedAt
  if (typeof expiresAt === 'string') read.expiresAt = expiresAt
  return read
}
