import { formatCentral } from '../../shared/show-time'
import type { Code } from '../db/schema'

/** Where a code stands, as the operator's tools and the "resend my codes" mail say it. */
export type CodeState = 'unused' | 'redeemed' | 'voided' | 'expired'

export function codeState(
  code: Pick<Code, 'redeemed_at' | 'voided_at' | 'expires_at'>,
  now: Date,
): CodeState {
  if (code.redeemed_at) return 'redeemed'
  if (code.voided_at) return 'voided'
  if (code.expires_at.getTime() <= now.getTime()) return 'expired'
  return 'unused'
}

/** The state in words a fan reads: "redeemed Tue, Dec 1, 9:14 PM CT (anonymously)". */
export function codeStateLabel(
  code: Pick<
    Code,
    'redeemed_at' | 'voided_at' | 'expires_at' | 'redeemed_anonymously' | 'void_reason'
  >,
  now: Date,
): string {
  switch (codeState(code, now)) {
    case 'redeemed':
      return `redeemed ${formatCentral(code.redeemed_at as Date)}${code.redeemed_anonymously ? ' (anonymously)' : ''}`
    case 'voided':
      return `voided (${code.void_reason === 'dispute' ? 'payment disputed' : 'order refunded'})`
    case 'expired':
      return `expired ${formatCentral(code.expires_at)}`
    case 'unused':
      return `not used yet, valid until ${formatCentral(code.expires_at)}`
  }
}
