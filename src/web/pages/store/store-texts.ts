import type { Category } from '../../../shared/catalogue'
import { limits } from '../../../shared/limits'
import { showTimeInWords } from '../../../shared/show-time'
import { siteConfig } from '../../../shared/site-config'
import { texts } from '../../../shared/texts'

const rolloverHours = limits.showRolloverMs / 3_600_000
const { worldName, worldApp } = siteConfig

/**
 * The store page's own words around the spec's: its intro, the cart and what a screen reader
 * hears when it changes, how it works and the policies. A `{name}` slot is an element the screen
 * puts in (fillSlots): a link, a code. Its own module, so only the store's page loads them.
 */
export const storeTexts = {
  intro: `Support the comics live on stage. Every item gives you a code to redeem at the kiosk in ${worldName}.`,
  /** Said under a section's heading, where its cards' names need it ("FFR 10" on a phone). */
  sectionNotes: {
    'Fan Favorite Rewards':
      'FFR stands for Fan Favorite Rewards: boosts for the comics, and your name on the donor wall.',
  } as Partial<Record<Category, string>>,
  /** Which show codes bought now are for: "For Sunday's show, November 29, 4 PM Central". */
  codesFor: (startsAt: Date) => {
    const { when, day } = showTimeInWords(startsAt)
    const [weekday, ...time] = when.split(' ')
    return `Codes bought now are for ${weekday}'s show, ${day}, ${time.join(' ')}.`
  },
  /** Before the schedule is read, or when it cannot be. */
  codesForNext: `Codes bought now are for the next show, until ${rolloverHours} hours after it starts.`,
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
    refunds: (days: number) =>
      `${texts.refundWindow(days)} Write to {email} with the email or codes from your order.`,
    returns: `${texts.salesFinal} Codes are digital and delivered the moment you pay, so an order cannot be cancelled once it is placed.`,
    codes: `${texts.codeValidity} The current event is the next show, until ${rolloverHours} hours after it starts.`,
    perks:
      'Perks, boosts and what they do in the world may change as the show grows. A code always gives what was listed when you bought it, for the event it was bought for.',
    age: `${texts.openMic} The shows themselves can get salty: comics are not censored, so use your judgement.`,
    terms:
      'By buying you agree to these policies. Payments are handled by our card processor; we never see or store your card number. Your email is used only to send your codes and, if you write to us, to answer.',
  },
} as const
