import type { PaymentProvider } from '../../../core/checkout/payment-provider'
import type { Clock } from '../../../core/clock'
import type { Order } from '../../../core/db/schema'
import { randomBase62 } from '../../../core/ids'
import { storedSubscriptionState } from '../../../core/memberships/billing'
import type { Config } from '../../config'
import {
  createLocalMembershipCheckouts,
  type LocalMembershipCheckouts,
} from './local-membership-checkouts'

export interface LocalProviderDeps {
  config: Pick<Config, 'publicUrl' | 'localPaymentDelayMs'>
  clock: Clock
}

/** The test checkout's session ids: what its pay page (routes/test-checkout-routes.ts) accepts. */
export const localSessionIdPattern = /^cs_local_[0-9A-Za-z]{24}$/

/**
 * The built-in test checkout (docs/product.md, "Payments"): a plain page of this server
 * (routes/test-checkout-routes.ts) stands in for the provider's hosted checkout, so the whole purchase
 * loop runs offline with nothing to sign up for. The page records the payment itself; codes are
 * due LOCAL_PAYMENT_DELAY_MS later, like a provider whose confirmation takes a moment.
 */
export function createLocalProvider(deps: LocalProviderDeps): LocalProvider {
  const { config, clock } = deps
  const membershipCheckouts = createLocalMembershipCheckouts(clock)
  return {
    name: 'local',
    membershipCheckouts,

    newSessionId: () => `cs_local_${randomBase62(24)}`,

    isProvisionalSessionId: () => false,

    async createSession(_order, sessionId) {
      return { sessionId, url: `${config.publicUrl}/pay/${sessionId}` }
    },

    async checkPayment(order: Order) {
      if (order.status !== 'paid' || !order.paid_at) return { paid: false }
      const due = order.paid_at.getTime() + config.localPaymentDelayMs
      return clock.now().getTime() >= due ? { paid: true } : { paid: false }
    },

    // Nothing to send back: the refund is recorded as if a provider had made it.
    async refund(order) {
      return {
        paymentRef: order.payment_ref ?? order.session_id,
        refundedCents: order.paid_cents ?? order.total_cents,
      }
    },

    // Part of it: recorded the same way, the running total grown by the part.
    async refundPart(order, part) {
      return {
        paymentRef: order.payment_ref ?? order.session_id,
        refundedCents: order.refunded_cents + part.cents,
      }
    },

    async createMembershipSession(join) {
      const subscription = membershipCheckouts.open(join)
      return { url: `${config.publicUrl}/pay/membership/${subscription}` }
    },

    // As for orders: nothing to send back. The membership ends, so nothing renews it.
    async refundMembershipPayment() {},

    // The test checkout is its own provider: the change is the membership's, applied by core.
    async cancelMembership(membership, when) {
      const state = storedSubscriptionState(membership)
      if (when === 'now') return { ...state, providerStatus: 'canceled' }
      return { ...state, cancelAtPeriodEnd: when === 'period_end' }
    },

    async membershipBillingUrl(membership) {
      return `${config.publicUrl}${localManagePath(membership.provider_subscription ?? membership.id)}`
    },
  }
}

/** The test checkout with its memberships waiting for their pay page. */
export interface LocalProvider extends PaymentProvider {
  name: 'local'
  membershipCheckouts: LocalMembershipCheckouts
}

/** The test checkout's own "Manage billing" page of a membership (membership-manage-routes.ts). */
export function localManagePath(subscription: string): string {
  return `/pay/membership/${encodeURIComponent(subscription)}/manage`
}

/** The provider is the test checkout, which sells memberships on its own pay pages. */
export function isLocalProvider(payments: PaymentProvider): payments is LocalProvider {
  return payments.name === 'local' && 'membershipCheckouts' in payments
}
