import { formatUsd } from '../../../shared/money'

/** The console's panel that refunds part of an order (decision 046). */
export const partRefundTexts = {
  title: 'Refund part of this order',
  unused: 'The unused codes',
  chosen: 'The codes I tick',
  amount: 'An amount',
  amountLabel: 'Amount, in dollars',
  includeRedeemed: 'Include codes redeemed at the show',
  includeRedeemedHint:
    'A redeemed code was used on stage: refund it, or an amount beyond the unused codes, only when you mean to.',
  check: 'Check this refund…',
  question: (amount: string) => `Refund ${amount} of this order?`,
  refused: 'This refund is refused',
  voids: 'These codes stop working:',
  refundsRedeemed: 'Refunded though redeemed at the show (they stay redeemed):',
  keeps: 'These codes keep working:',
  keepsNone: 'No unused code keeps working.',
  mailed: 'The buyer is mailed what was refunded.',
  badAmount: 'Write the amount in dollars and cents, e.g. 5.00.',
  noneTicked: 'Tick the codes to refund.',
  refund: (cents: number) => `Refund ${formatUsd(cents)}`,
} as const
