import type { Membership } from '../../core/db/membership-tables'
import { memberMessages } from '../../core/kiosk/kiosk-texts'
import { findProduct } from '../../shared/catalogue'
import type { TierId } from '../../shared/memberships'
import { formatCentralTime } from '../../shared/show-time'

/**
 * The built-in test checkout's words (README, "Quick start"): its pay page, a show's or a
 * membership's, and the membership's "Manage billing" page that stands in for Stripe's (the
 * welcome page a paid membership opens is the site's: src/shared/member-welcome.ts).
 */

const tierName = (tier: TierId) => findProduct(tier)?.name ?? tier
const when = (date: Date | null) => (date ? formatCentralTime(date) : '-')

/** The built-in checkout's test cards, as people type them (and as its page lists them). */
export const testCards = {
  pays: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const

/** The built-in test checkout's page (/pay/:id), a show's or a membership's. */
export const payPageTexts = {
  notice: 'Test checkout: no real payment',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  unknownCard: `This test checkout takes only its test cards: ${testCards.pays} pays, ${testCards.declined} is declined, ${testCards.insufficientFunds} has insufficient funds.`,
  notFound: 'This checkout does not exist or has expired.',
} as const

/** The words of the test checkout's "Manage billing" page, shared by the page and its tests. */
export const manageTexts = {
  heading: 'Manage your membership',
  cardHeading: 'Change card',
  cardSubmit: 'Save card',
  tierHeading: 'Switch tier',
  tierSubmit: 'Switch',
  tierLegend:
    'Up: at once, your card paying the difference for the rest of this month. Down: from your next renewal.',
  tierDeclined: (m: Pick<Membership, 'tier'>) =>
    `Your card was declined, so nothing changed: you stay on ${tierName(m.tier)}. Change your card, then switch again.`,
  cancelHeading: 'Cancel',
  cancelSubmit: 'Cancel at the end of the period',
  resumeSubmit: 'Keep my membership',
  signInHeading: 'Sign in to manage your membership',
  signIn:
    'Managing a membership needs its member signed in. Sign in to your member page with the address you joined with, then choose Manage billing.',
  otherMember:
    'You are signed in with another membership. Sign out of your member page, then sign in with the address this membership was bought with.',
  ended: memberMessages.ended,
  status: (m: Pick<Membership, 'status' | 'period_end' | 'cancel_at_period_end'>) =>
    m.status === 'past_due'
      ? 'Your last renewal did not go through: change your card to pay it.'
      : m.cancel_at_period_end
        ? `Cancelled: your membership ends on ${when(m.period_end)}.`
        : `Renews on ${when(m.period_end)}.`,
  done: {
    card: 'Your card is saved: it pays your next renewal.',
    'card-paid': 'Your card is saved and this month is paid: your membership is active again.',
    'tier-up': (m: Membership) =>
      `Your card paid the difference for the rest of this month: you are on ${tierName(m.tier)} now, with ${m.period_allowance} boosts this month.`,
    'tier-down': (m: Membership) =>
      `You move to ${tierName(m.next_tier ?? m.tier)} on ${when(m.period_end)}; until then you keep ${tierName(m.tier)}.`,
    'tier-same': 'That is your tier already.',
    'tier-kept': (m: Membership) =>
      `Your move to a lower tier is cancelled: you stay on ${tierName(m.tier)}.`,
    cancelled: (m: Membership) =>
      `Your membership ends on ${when(m.period_end)}. Your perks work until then.`,
    resumed: 'Your membership renews each month again.',
  },
} as const
