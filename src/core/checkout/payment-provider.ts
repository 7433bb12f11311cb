import type { FastifyInstance } from 'fastify'
import type { Order } from '../db/schema'
import type { ProviderRefund } from '../refunds/reversals'

export interface CreatedSession {
  /** The provider's session id: the success page polls with it. */
  sessionId: string
  /** Where the browser goes to pay. */
  url: string
}

/**
 * A payment provider: the built-in test checkout ("local") or Stripe Checkout. Routes above it
 * are the same for both; only these calls differ.
 */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe'
  /** Opens a hosted checkout for an order the server has already priced and stored. */
  createSession(order: Order, sessionId: string): Promise<CreatedSession>
  /** A fresh session id, known before the order row is written. */
  newSessionId(): string
  /**
   * True when the provider says the session is paid and its codes may be produced now. The poll
   * then calls fulfilCheckout, which fulfils only orders whose status is 'paid': a provider that
   * learns of the payment here (Stripe, asked by the poll) records it first with markOrderPaid
   * (checkout/orders.ts).
   */
  isReadyToFulfil(order: Order): Promise<boolean>
  /**
   * Gives the order's money back in full (what is left after partial refunds). Safe to repeat:
   * a second call for the same order never refunds twice.
   */
  refund(order: Order): Promise<ProviderRefund>
  /** Pages or webhooks of the provider's own (the test checkout page, Stripe's webhook). */
  registerRoutes(app: FastifyInstance): void | Promise<void>
}
