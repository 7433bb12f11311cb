import { formatCode } from '../../shared/code-format'
import { limits } from '../../shared/limits'
import { formatUsd } from '../../shared/money'
import { formatCentralTime } from '../../shared/show-time'

/** Why an order (or part of it) may not be refunded, in the host's words (dates in the host's time). */
export const refundTexts = {
  noOrder: (id: string) => `There is no order ${id}.`,
  changedWhileDeciding: (id: string, redeemed: number, total: number) =>
    `A code of order ${id} was redeemed while you decided: ${redeemed} of its ${total} codes are redeemed now. Nothing was refunded.`,
  allRedeemed: (id: string, total: number) =>
    `All ${total} codes of order ${id} were redeemed at the show: the goods were used.`,
  neverPaid: (id: string) => `Order ${id} was never paid: there is nothing to refund.`,
  refundedAlready: (id: string, at: Date | null) =>
    `Order ${id} was refunded already (${at ? formatCentralTime(at) : 'earlier'}): it cannot be refunded twice.`,
  disputed: (id: string) =>
    `Order ${id} is disputed: the bank holds the money. Answer the dispute in the Stripe dashboard instead.`,
  pastWindow: (id: string, days: number, paidAt: Date) =>
    `Order ${id} was paid ${days} days ago (${formatCentralTime(paidAt)}); the policy allows refunds within ${limits.refundWindowDays} days.`,
  // Part of an order (decision 046).
  refundedWhileDeciding: (id: string, refunded: number) =>
    `Order ${id} was refunded while you decided: ${formatUsd(refunded)} is refunded now. Nothing more was refunded.`,
  amountOutOfRange: (id: string, cents: number, remaining: number) =>
    `Order ${id} has ${formatUsd(remaining)} left to refund: ${formatUsd(cents)} cannot be refunded.`,
  wholeRemainder: (id: string, remaining: number) =>
    `That is all that is left of order ${id} (${formatUsd(remaining)}): refund the whole order instead.`,
  amountCoversRedeemed: (id: string, cents: number, unused: number) =>
    `${formatUsd(cents)} is more than the unused codes of order ${id} are worth (${formatUsd(unused)}): it would refund codes redeemed at the show. Choose to refund redeemed codes too, or refund less.`,
  noUnusedCodes: (id: string) =>
    `Order ${id} has no unused codes left to refund: refund an amount, or choose redeemed codes.`,
  notOfOrder: (id: string, code: string) => `Order ${id} has no code ${code}.`,
  codeVoidAlready: (id: string, code: string) =>
    `Code ${formatCode(code)} of order ${id} was refunded or voided already.`,
  codeRedeemed: (id: string, code: string) =>
    `Code ${formatCode(code)} of order ${id} was redeemed at the show: refund it only if you choose to refund redeemed codes too.`,
  redeemedWhilePlanning: (id: string) =>
    `A code of order ${id} was redeemed while the refund was being made. Nothing was refunded.`,
  amountOrCodes: 'Refund either an amount or codes, not both.',
  refundWasUnderWay: (id: string, cents: number) =>
    `A refund of ${formatUsd(cents)} of order ${id} was under way and is finished now. Nothing more was refunded.`,
} as const
