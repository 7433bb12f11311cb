import type { Order } from '../db/schema'
import type { MembershipBilling } from '../memberships/billing'
import type { MembershipProviderChange } from '../memberships/membership-changes'
import type { PartRefunder } from '../refunds/partial-refund'
import type { Refunder } from '../refunds/refund-order'
import type { ReversalReport } from '../refunds/reversals'

/** What the payment provider says was paid for a checkout. */
export interface Payment {
  at: Date
  /** The provider's payment reference: refunds and disputes name it. */
  ref: string
  /** The amount taken, in cents, and its currency as the provider writes it ("usd"). */
  amountCents: number
  currency: string
}

export interface CreatedSession {
  /** The provider's session id: the success page polls with it. */
  sessionId: string
  /** Where the browser goes to pay. */
  url: string
}

/**
 * What the provider says of a checkout when asked: not paid (yet), or paid. `payment` is there
 * when the provider reports a payment the store may not know of yet (the store records it).
 */
export type PaymentCheck = { paid: false } | { paid: true; payment?: Payment | undefined }

/** A provider's event, verified and read: the store's own words for what happened. */
export type ProviderEvent =
  | { kind: 'payment'; sessionId: string; orderId: string | undefined; payment: Payment }
  | { kind: 'reversal'; report: ReversalReport; eventId: string }
  | { kind: 'membership'; change: MembershipProviderChange }
  | { kind: 'ignored' }

/** A webhook whose signature is missing or wrong: answered 400, nothing changes. */
export class WebhookSignatureError extends Error {}

/**
 * A payment provider, as the store needs it: the built-in test checkout ("local") or Stripe
 * Checkout. An adapter only talks to its provider and translates; what the store does with the
 * answers (record the payment, fulfil, void codes) is the domain's, the same for every provider.
 */
export interface PaymentProvider extends Refunder, PartRefunder, Partial<MembershipBilling> {
  readonly name: 'local' | 'stripe'
  /** A fresh session id, known before the order row is written. */
  newSessionId(): string
  /**
   * True for the ids newSessionId makes when the provider names its own sessions (Stripe): an
   * order still holding one never learnt its provider's id (the write after createSession was
   * lost), so an event may find it by its order id instead.
   */
  isProvisionalSessionId(sessionId: string): boolean
  /** Opens a hosted checkout for an order the server has already priced and stored. */
  createSession(order: Order, sessionId: string): Promise<CreatedSession>
  /** Asks the provider whether the checkout was paid; only reads. Throws when unreachable. */
  checkPayment(order: Order): Promise<PaymentCheck>
  /**
   * Verifies and reads a webhook delivery (providers that send them); may ask the provider for
   * the object as it is now (a subscription). Rejects with WebhookSignatureError when unsigned.
   */
  readWebhook?(rawBody: Buffer, signature: string): Promise<ProviderEvent>
}
