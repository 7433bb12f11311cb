import type { EventChange } from '../../../shared/operator-views'

const buyers = (n: number) => `${n} buyer${n === 1 ? '' : 's'}`

/** The Shows page's words when a sold show moves or is cancelled (docs/console.md). */
export const showChangeTexts = {
  willMail: (n: number) =>
    n === 0
      ? 'Nobody is mailed: no buyer has an order for this show.'
      : `${buyers(n)} will be mailed what changed, once each.`,
  choiceLegend: 'What happens to the unused codes',
  refundOption: 'Refund every order of this show in full',
  nextOption: (show: string) => `Move them to the next show: ${show}`,
  noNext: 'Move them to the next show (there is no later show yet)',
  mailed: (n: number) => (n > 0 ? ` ${buyers(n)} mailed.` : ''),
  removedCodes: (change: EventChange) => {
    const failed = change.refundFailed ?? []
    if (change.movedTo) return ` Their codes now work at ${change.movedTo.name}.`
    if (change.refunded === undefined) return ''
    return ` ${change.refunded} order${change.refunded === 1 ? '' : 's'} refunded.${
      failed.length > 0
        ? ` Not refunded, refund from the order page: ${failed.map((f) => f.orderId).join(', ')}.`
        : ''
    }`
  },
} as const
