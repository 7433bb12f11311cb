import { limits } from '../../shared/limits'
import { formatUsd } from '../../shared/money'
import { formatCentralTime } from '../../shared/show-time'

/** Why a membership may not be cancelled or refunded, in the host's words. */
export const membershipRefusalTexts = {
  noMembership: (what: string) => `There is no membership ${what}.`,
  endedAlready: (id: string, reason: string) => `Membership ${id} has ended already (${reason}).`,
  noSubscription: (id: string) =>
    `Membership ${id} has no subscription at its provider: nothing renews it.`,
  notEnding: (id: string) => `Membership ${id} is not set to end: it renews.`,
  noPayment: (id: string) => `Membership ${id} has no payment: there is nothing to refund.`,
  refundedAlready: (id: string, paymentId: string, at: Date) =>
    `The latest payment of membership ${id} (${paymentId}) was refunded already (${formatCentralTime(at)}): it cannot be refunded twice.`,
  disputed: (id: string, paymentId: string) =>
    `The latest payment of membership ${id} (${paymentId}) is disputed: the bank holds the money. Answer the dispute in the Stripe dashboard instead.`,
  noProviderPayment: (invoice: string, id: string) =>
    `The provider named no payment for invoice ${invoice} of membership ${id}: refund it in the provider's dashboard.`,
  pastWindow: (id: string, cents: number, days: number, paidAt: Date) =>
    `The latest payment of membership ${id} (${formatUsd(cents)}) was made ${days} days ago (${formatCentralTime(paidAt)}); the policy allows refunds within ${limits.refundWindowDays} days.`,
} as const
