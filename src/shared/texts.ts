import { limits } from './limits'
import { siteConfig } from './site-config'

/**
 * Where the site's words live: one module per area, each listed here with what it holds. A
 * user-facing sentence anywhere else under src/ fails test/repo/texts.test.ts, which says what
 * counts as one: a string, a template or a JSX element's text that starts with a capital, holds a
 * space and ends in . ! ? or …. A mail is a text module of its own (its words are its content),
 * as is each area's module that keeps its words beside its types (console.ts, member-page.ts).
 */
export const textModules = {
  'src/shared/texts.ts':
    "the store, its cart and checkout, the success page, the site's forms and error pages: the spec's sentences word for word, and what the site says around them",
  'src/web/pages/landing/landing-texts.ts': "the landing page's sections",
  'src/shared/site-config.ts':
    "the brand's own words: its tagline, blurbs, a regular show's description",
  'src/shared/pages.ts': "each page's title and description",
  'src/shared/catalogue.ts': 'products and perks in words: cards, code descriptions, the kiosk',
  'src/core/checkout/checkout-texts.ts':
    "the checkout's answers: to the store, to the success page's poll, to the payment webhook",
  'src/server/routes/test-checkout-texts.ts':
    "the built-in test checkout: its pay page, and the membership pages that stand in for Stripe's",
  'src/core/contact/contact-texts.ts': "the contact form's answers",
  'src/core/resend/resend-texts.ts': 'the answers of "Lost your codes?"',
  'src/core/kiosk/kiosk-texts.ts': "the kiosk's answers, for the wrist panel",
  'src/shared/memberships.ts': 'joining a membership from the store',
  'src/shared/member-page.ts': 'the member page and its sign-in',
  'src/shared/jokes.ts': "members' jokes, as the member and the host read them",
  'src/shared/console.ts': "the host's console: its sign-in, its pages and what its actions say",
  'src/shared/central-time.ts': 'a time typed in Central time that cannot be read',
  'src/shared/stage.ts': "the stage stream's answers and the console's stream controls",
  'src/shared/board.ts': 'the board image',
  'src/cli/*.ts':
    "the command line: printing for the operator is what its modules do, each command's help and lines beside its parser",
  'src/core/**/*-mail.ts': 'each mail: its words are its content',
} as const

/**
 * Every user-facing sentence the spec prints, word for word (docs/product.md, "Error catalogue"),
 * and what the store and the success page add around them. Screens and tests import from here,
 * so a test fails if a screen drifts from the spec.
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

const rolloverHours = limits.showRolloverMs / 3_600_000
const { worldName, worldApp } = siteConfig

/**
 * The store page's own words around the spec's: its intro, the cart and what a screen reader
 * hears when it changes, how it works and the policies. A `{name}` slot is an element the screen
 * puts in (fillSlots in src/web): a link, a code.
 */
export const storeTexts = {
  intro: `Support the comics live on stage. Every item gives you a code to redeem at the kiosk in ${worldName}.`,
  cartLoading: 'Loading your cart...',
  cartNothing: 'Nothing here yet: add a reward or a boost pack.',
  emailHint: 'Your codes appear on screen after payment; with an address we mail them too.',
  cartCleared: 'Your cart is now empty.',
  cartSummary: (count: number, total: string) =>
    count === 0 ? 'Your cart is empty.' : `Cart: ${count} item${count === 1 ? '' : 's'}, ${total}.`,
  cartRemoved: (name: string, summary: string) => `Removed ${name} from your cart. ${summary}`,
  cartAdded: (name: string, quantity: number, summary: string) =>
    `Added ${name} to your cart. Quantity ${quantity}. ${summary}`,
  cartQuantity: (name: string, quantity: number, summary: string) =>
    `${name}: quantity ${quantity}. ${summary}`,
  steps: [
    {
      title: 'Buy',
      body: 'Add rewards or boosts to your cart and check out with a card on the secure payment page.',
    },
    {
      title: 'Get your codes',
      body: 'Your codes appear on screen as soon as payment goes through, and by email too if you enter an address at checkout.',
    },
    {
      title: 'Redeem at the kiosk',
      body: `Join the show in ${worldName} on ${worldApp}, walk up to the kiosk and enter a code.`,
    },
    {
      title: 'Watch it land',
      body: "Boosts appear on the comic's wrist panel while they are on stage, so they know the room is behind them.",
    },
  ],
  anonymousGift:
    'Add a {zero} at the end of a code when you enter it at the kiosk, and your gift shows up as from an anonymous fan. For example, {code} becomes {anonymous}.',
  policies: {
    refunds: `${texts.refundWindow(limits.refundWindowDays)} Write to {email} with the email or codes from your order.`,
    returns: `${texts.salesFinal} Codes are digital and delivered the moment you pay, so an order cannot be cancelled once it is placed.`,
    codes: `${texts.codeValidity} The current event is the next show, until ${rolloverHours} hours after it starts.`,
    perks:
      'Perks, boosts and what they do in the world may change as the show grows. A code always gives what was listed when you bought it, for the event it was bought for.',
    age: `${texts.openMic} The shows themselves can get salty: comics are not censored, so use your judgement.`,
    terms:
      'By buying you agree to these policies. Payments are handled by our card processor; we never see or store your card number. Your email is used only to send your codes and, if you write to us, to answer.',
  },
} as const

/** The success page's words around the codes: the show, and how to redeem them. */
export const successTexts = {
  show: 'For {show}, {startsAt}.',
  redeemJoin: `Join ${worldName} in ${worldApp} during the show.`,
  redeemEnter: 'Walk up to the kiosk and enter a code. Dashes, spaces and capitals do not matter.',
  redeemAnonymous:
    'To give anonymously, add a 0 at the end of the code (for example {example}): your gift then shows as from an anonymous fan.',
  validity:
    'Codes are valid for this show only, until three hours after it starts, and are not transferable. If you gave an email address at checkout, we sent them there too.',
} as const

/** How to give anonymously at the kiosk, as every mail with a code says it. */
export const anonymousGiftHowTo =
  'To send a gift as an anonymous fan, add a 0 at the end of the code.'

/** What every page may show: the contact form, "Lost your codes?", and the error pages. */
export const siteTexts = {
  contactLead: 'Questions, bookings, a joke that killed at your dinner table? Write to us.',
  lostCodesHeading: 'Lost your codes?',
  lostCodesIntro:
    'Enter the email address you gave at checkout and we will send every code you bought in the last 30 days again, with where each one stands.',
  routeError: {
    heading: 'Something went wrong on this page',
    advice:
      'Sorry: this page hit a snag and could not be shown. Reloading often helps; the home page and the store still work. Nothing you bought is lost: your codes are kept.',
    reload: 'Reload this page',
  },
  notFoundLead:
    'The page you asked for does not exist, or it walked off stage. Try the home page for the next show, or the store for boosts and rewards.',
} as const
