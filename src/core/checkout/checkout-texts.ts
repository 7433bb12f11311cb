import { limits } from '../../shared/limits'
import { siteTexts, texts } from '../../shared/texts'

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

/** Why a checkout request is refused (POST /api/create-checkout-session), field by field. */
export const checkoutMessages = {
  notAnObject: 'The request body must be a JSON object with a list of items.',
  itemsNotAList: 'Items must be a list of cart lines.',
  emptyCart: 'The cart is empty: add at least one item.',
  tooManyLines: `A checkout can hold at most ${limits.maxCartLines} different items.`,
  lineNotAnObject: 'Each cart line must be an object with id, name, price and quantity.',
  badId: 'Each cart line needs the id of a product from the store.',
  badName: 'Each cart line needs the product name as text (at most 100 characters).',
  badPrice: 'Each cart line needs its price as a number of US dollars.',
  badQuantity: `Quantity must be a whole number from 1 to ${limits.maxQuantityPerLine}.`,
  badEmail: texts.badEmail,
  unknownItem: (id: string) => `"${id}" is not an item in the store.`,
  membership: 'Memberships are coming soon.',
  priceChanged: 'Prices have changed, please refresh the store.',
  mergedQuantity: (name: string) =>
    `${name} appears on several lines adding up to more than ${limits.maxQuantityPerLine}; buy at most ${limits.maxQuantityPerLine} at once.`,
} as const

/** The answers of "Email me these codes" on the success page (POST /api/email-codes). */
export const emailCodesMessages = {
  sent: (email: string) =>
    `We are sending your codes to ${email}. Check your inbox (and spam folder) in a few minutes.`,
  badInput: siteTexts.badEmailAddress,
  notFound: 'We could not find this purchase.',
  notReady: 'Your codes are not ready yet. Please wait a moment and try again.',
  alreadyGiven: 'Your codes were already mailed to the address given at checkout.',
} as const
