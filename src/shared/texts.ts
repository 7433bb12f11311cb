/**
 * Every user-facing sentence the spec prints, word for word (docs/product.md, "Error catalogue").
 * Screens and tests import from here, so a test fails if a screen drifts from the spec.
 */
export const texts = {
  scheduleEmpty: 'Loading schedule or no upcoming events found...',
  comingSoon: 'Coming Soon',
  checkout: 'Checkout',
  processing: 'Processing...',
  tryAgain: 'Try Again / Back to Store',
  backToHome: 'Back to Home',
  backToStore: 'Back to Store',
  cartEmpty: 'Your cart is empty!',
  badEmail: 'Please enter a valid email address or leave it blank.',
  checkoutFailed: (message: string) => `Failed to initiate checkout: ${message}. Please try again.`,
  httpError: (status: number) => `HTTP error! status: ${status}`,
  redirectError: (message: string) => `Checkout Error: ${message}`,
  sessionServerError: (status: number) => `Server Error ${status}: Failed to get session details.`,
  sessionHttpError: (status: number) => `HTTP error ${status}. Could not retrieve session details.`,
  unexpectedStatus: (status: number) => `Received unexpected status ${status}.`,
  pollingGaveUp: (attempts: number) =>
    `Could not retrieve codes after ${attempts} attempts. Please check your email or contact support.`,
  unexpectedData: 'Received success status but data format was unexpected.',
  noSessionId: 'No session ID provided in the URL.',
  contactFailed: (address: string) => `Failed to send message. Please try ${address} directly.`,
  successErrorHeading: 'Error Retrieving Codes',
  successErrorAdvice:
    'Please check your email for your codes, or contact support with your order details.',
  contactSentStore: 'Message sent successfully!',
  contactSentLanding: 'Message received... THANK YOU!',
  loadingPurchase: 'Loading Purchase Details...',
  checkingCodes: (attempt: number, max: number) =>
    `Checking for codes (Attempt ${attempt}/${max})...`,
  codesProcessing: (attempt: number, max: number) =>
    `Codes processing... checking again soon (Attempt ${attempt}/${max})`,
  // Not printed by the spec: what the store and success page add around its texts.
  addToCart: 'Add to Cart',
  maxQuantityReached: (max: number) => `You can buy at most ${max} of one item in an order.`,
  cartFull: (max: number) =>
    `Your cart holds at most ${max} different items. Remove one to add another.`,
  redirectMissingUrl: 'The payment page address was missing from the answer.',
  copied: 'Copied',
  copyFailed:
    'Could not copy automatically. The code is selected: press Ctrl+C (or Cmd+C) to copy it.',
  resendUnreachable:
    'We could not reach the store. Check your connection and try again in a moment.',
  resendFailed: (status: number) =>
    `The store could not send your codes (error ${status}). Please try again, or use the contact form.`,
  // The store's policies (docs/product.md, "Policies"), and the age rule, word for word.
  openMic: 'Open mic is for 18+.',
  refundWindow: (days: number) => `Refund requests must be made within ${days} days of purchase.`,
  salesFinal: 'All sales are final, with no returns or cancellations.',
  codeValidity:
    'Codes are valid only for the current event, except membership perks, and are not transferable.',
} as const
