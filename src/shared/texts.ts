/**
 * Where the site's words live: one module per area, each listed here with what it holds. A
 * user-facing sentence anywhere else under src/ fails test/repo/texts.test.ts, which says what
 * counts as one: a string, a template or a JSX element's text that starts with a capital, holds a
 * space and ends in . ! ? or …. A mail is a text module of its own (its words are its content),
 * as is each area's module that keeps its words beside its types (console.ts, member-page.ts). A
 * page's own words sit beside the page, so only that page's JavaScript carries them.
 */
export const textModules = {
  'src/shared/texts.ts':
    "the spec's sentences word for word, what the store and the success page add around them, the site's forms and error pages",
  'src/web/pages/store/store-texts.ts':
    "the store page's own: its intro, cart, how it works, policies",
  'src/web/pages/success/success-texts.ts':
    "the success page's own: the show and its countdown, each code's state",
  'src/shared/world.ts':
    'from a code to a boost: Allow Untrusted URLs, the three steps at the kiosk, the world link',
  'src/web/pages/landing/landing-texts.ts': "the landing page's sections",
  'src/shared/site-config.ts':
    "the brand's own words: its tagline, blurbs, a regular show's description",
  'src/shared/pages.ts': "each page's title and description",
  'src/shared/catalogue.ts': 'products and perks in words: cards, code descriptions, the kiosk',
  'src/core/checkout/checkout-texts.ts':
    "the checkout's answers: to the store, to the success page's poll, to the payment webhook",
  'src/server/routes/test-checkout-texts.ts':
    "the built-in test checkout: its pay page, and the membership's billing page that stands in for Stripe's",
  'src/core/contact/contact-texts.ts': "the contact form's answers",
  'src/core/resend/resend-texts.ts': 'the answers of "Lost your codes?"',
  'src/core/kiosk/kiosk-texts.ts': "the kiosk's answers, for the wrist panel",
  'src/core/operator/operator-texts.ts':
    "the operator's actions when they refuse, and the local channel's answers",
  'src/core/refunds/refund-texts.ts': 'why an order may not be refunded',
  'src/core/memberships/membership-texts.ts': 'why a membership may not be cancelled or refunded',
  'src/server/http-texts.ts':
    "the HTTP layer's own answers: a bad address or body, a page not there",
  'src/shared/sign-in.ts': 'what every sign-in says in the same words, whatever its audience',
  'src/shared/memberships.ts':
    'joining a membership from the store, and the link that leads a member to the member page',
  'src/shared/member-page.ts': 'the member page and its sign-in',
  'src/shared/member-welcome.ts':
    "the member's welcome page after paying on the test checkout: the code, where it was mailed, how to use it",
  'src/shared/jokes.ts': "members' jokes, as the member and the host read them",
  'src/shared/console.ts': "the host's console: its sign-in, its pages and what its actions say",
  'src/shared/central-time.ts': 'a time typed in Central time that cannot be read',
  'src/shared/stage.ts': "the stage stream's answers and the console's stream controls",
  'src/shared/board.ts': 'the board image',
  'src/shared/goal.ts':
    "the night's goal: its progress and alert on every screen, and the host's words for setting it",
  'src/shared/moderation.ts':
    "the host's moderation of fans' messages, in the console and its answers",
  'src/shared/supporters.ts':
    "the night's top supporters: the board's and the overlay's heading and lines, the console's switch",
  'src/shared/fan-words.ts':
    "a fan's name on stage and message for the comic: their labels, hints and refusals, and what a fan whose message was not shown is told",
  'src/shared/comics.ts': 'the comics: their roles on a bill, who is on stage',
  'src/shared/comic-fields.ts':
    "a comic's fields: each one's label and hint in the console, its option's help on the command line",
  'src/core/comics/comic-texts.ts': 'why a change to the roster, a lineup or the stage was refused',
  'src/core/settlements/settlement-texts.ts':
    "why a settlement, a payout or a change of the comics' terms was refused",
  'src/shared/comic-statement.ts': "a comic's own statement and its sign-in",
  'src/shared/statement-ledger.ts':
    "a comic's statement line by line: the terms, each show's items, adjustments, payouts, the CSV",
  'src/shared/comic-home.ts': "a comic's own page (backstage) and its sign-in",
  'src/shared/settlements.ts': "the console's comics report",
  'src/core/settlements/comic-sign-in.ts': "the comic's sign-in mail",
  'src/web/console/pages/comics-texts.ts':
    "the console's Comics page, lineup editor and stage control",
  'src/web/console/pages/open-mic-console-texts.ts': "the console's open-mic panel",
  'src/web/console/pages/show-night-texts.ts':
    "Tonight while a show is on: the stage's bar, each comic's boosts, the wrap-up",
  'src/web/console/pages/show-change-texts.ts':
    "the Shows page's words when a sold show moves or is cancelled",
  'src/web/console/pages/part-refund-texts.ts': "the console's panel that refunds part of an order",
  'src/web/console/pages/books-texts.ts':
    "the console's Books page: settling shows and months, payouts, statements",
  'src/core/comics/picture-texts.ts': "why a comic's picture was refused",
  'src/shared/site-json-ld.ts':
    'what the JSON-LD tells search engines of the club, its products and its open mics',
  'src/shared/show-page-view.ts':
    "a show's page: its title and description, on now, over or off the schedule, the lineup, buying for it",
  'src/shared/comic-page-view.ts':
    "a comic's public page: its title, description and words, and when they are gone",
  'src/shared/open-mic.ts': 'the open-mic page: its sign-up form, running order and draw',
  'src/core/open-mic/open-mic-texts.ts': 'why a sign-up or a change to an open mic was refused',
  'src/server/adapters/db/data-texts.ts':
    'backups, restores and the move to PostgreSQL: what they print, refuse, and the mail of a failed backup',
  'src/cli/*.ts':
    "the command line: printing for the operator is what its modules do, each command's help and lines beside its parser",
  'src/core/**/*-mail.ts': 'each mail: its words are its content',
  'src/shared/reminders.ts':
    'reminders before a show and following a comic: the forms, the confirm and manage pages, their refusals',
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
  /**
   * The spec's sentence around the server's, read as one: never "..", and no second "try again"
   * when the server's own last sentence already asks for it.
   */
  checkoutFailed: (message: string) => {
    const said = message.trim().replace(/[.!?…]+$/, '')
    return /\btry again\b[^.!?]*$/i.test(said)
      ? `Failed to initiate checkout: ${said}.`
      : `Failed to initiate checkout: ${said}. Please try again.`
  },
  /** The browser could not reach the server at all (its own words: "Failed to fetch", "Load failed"). */
  unreachable: 'Could not reach the site: check your internet connection.',
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
  /** A form's address that is not one: the contact form's and the success page's "Email me these codes". */
  badEmailAddress: 'Please enter a valid email address.',
  notFoundLead:
    'The page you asked for does not exist, or it walked off stage. Try the home page for the next show, or the store for boosts and rewards.',
} as const
