import type { CodeState } from '../../shared/code-format'
import { formatCode } from '../../shared/code-format'
import type { CodeSummary } from '../../shared/operator-views'
import { formatCentral, formatCentralTime } from '../../shared/show-time'
import type { Code } from '../db/schema'

/**
 * Where a code stands, and the words for it: the fan's (the "resend my codes" mail) and the
 * operator's (`npm run admin`, the console) come from this one module, so a new state is named
 * once for everyone.
 */
export function codeState(
  code: Pick<Code, 'redeemed_at' | 'voided_at' | 'expires_at'>,
  now: Date,
): CodeState {
  if (code.redeemed_at) return 'redeemed'
  if (code.voided_at) return 'voided'
  if (code.expires_at.getTime() <= now.getTime()) return 'expired'
  return 'unused'
}

export function summarizeCode(code: Code, now: Date): CodeSummary {
  return {
    code: formatCode(code.code),
    productId: code.product_id,
    description: code.description,
    state: codeState(code, now),
    redeemedAt: code.redeemed_at?.toISOString() ?? null,
    anonymous: code.redeemed_at ? (code.redeemed_anonymously ?? false) : null,
    voidedAt: code.voided_at?.toISOString() ?? null,
    voidReason: code.void_reason,
    expiresAt: code.expires_at.toISOString(),
  }
}

/** The state in a fan's words: "redeemed Tue, Dec 1, 9:14 PM CT (anonymously)". */
export function fanCodeState(code: Code, now: Date): string {
  const summary = summarizeCode(code, now)
  switch (summary.state) {
    case 'redeemed':
      return `redeemed ${formatCentral(new Date(summary.redeemedAt ?? 0))}${summary.anonymous ? ' (anonymously)' : ''}`
    case 'voided':
      return `voided (${summary.voidReason === 'dispute' ? 'payment disputed' : 'order refunded'})`
    case 'expired':
      return `expired ${formatCentral(code.expires_at)}`
    case 'unused':
      return `not used yet, valid until ${formatCentral(code.expires_at)}`
  }
}

/** The state in the operator's words: "redeemed Tue 2026-12-01 21:14 CT, anonymous gift". */
export function operatorCodeState(code: CodeSummary): string {
  switch (code.state) {
    case 'redeemed':
      return `redeemed ${formatCentralTime(new Date(code.redeemedAt ?? 0))}${code.anonymous ? ', anonymous gift' : ''}`
    case 'voided':
      return `voided (${code.voidReason ?? 'refund'}) ${formatCentralTime(new Date(code.voidedAt ?? 0))}`
    case 'expired':
      return `expired ${formatCentralTime(new Date(code.expiresAt))}`
    case 'unused':
      return `unused, valid until ${formatCentralTime(new Date(code.expiresAt))}`
  }
}
