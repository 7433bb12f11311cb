/**
 * The checkout's answers (docs/product.md, "Error catalogue"): what the server says to the store
 * and the success page, and to the payment provider's webhook.
 */

/** What the success page's poll (GET /api/get-session) answers besides the codes. */
export const sessionMessages = {
  missingId: 'The session_id query parameter is required.',
  badId: 'The session_id is not valid.',
  notFound: 'No purchase was found for this session.',
  awaitingPayment: 'The payment has not been completed yet.',
  preparingCodes: 'Payment received: your codes are being prepared.',
  expired:
    'This checkout expired unpaid after 24 hours, and nothing was charged. Please start a new one from the store.',
  flagged:
    'Your payment reached us, but it does not match this order, so the show team is checking it by hand before making your codes. We will write to you; you can also use the contact form.',
  refunded: 'This purchase was refunded, so its codes no longer work.',
  disputed:
    'The payment for this purchase was disputed with the bank, so its codes no longer work.',
  tooManyPolls:
    'Too many checks from your connection. Please wait a minute, then reload this page: your codes are kept.',
} as const

/** A checkout, a show's or a membership's, past the per-client limit. */
export const tooManyCheckoutsMessage =
  'Too many checkouts from your connection. Please wait a few minutes and try again.'

/** The payment provider could not open its hosted page. */
export const checkoutUnavailableMessage =
  'The payment service is not answering right now. Please try again in a moment.'

/** The payment provider's webhook, refused. */
export const stripeWebhookMessages = {
  unsigned: 'This webhook is not signed.',
  badSignature: 'The webhook signature is not valid.',
} as const
