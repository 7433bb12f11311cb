import { limits } from '../../shared/limits'
import { formatCentralTime } from '../../shared/show-time'

/** Why an order may not be refunded, in the host's words (dates in the host's time). */
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
} as const
