import { formatCode } from '../../shared/code-format'
import { formatUsd } from '../../shared/money'
import { siteConfig } from '../../shared/site-config'
import type { Order } from '../db/schema'
import { composeMail } from '../mail/compose'

/** The last words of every refund mail. */
export const redeemedStay =
  'Codes you already redeemed at the show stay redeemed. Thank you for coming.'

/** Tells the buyer the money is on its way back and which codes stopped working. */
export function refundMail(
  order: Pick<Order, 'email' | 'id' | 'refunded_cents' | 'paid_cents' | 'total_cents'>,
  voided: { code: string; description: string }[],
) {
  const amount = formatUsd(Math.max(order.refunded_cents, order.paid_cents ?? order.total_cents))
  return composeMail(order.email ?? '', `Your ${siteConfig.brand} refund`, [
    {
      paragraph: `We have refunded ${amount} for your order ${order.id}. Your bank shows it within 5 to 10 business days.`,
    },
    ...(voided.length > 0
      ? [
          { heading: 'These codes no longer work' },
          {
            codes: voided.map((c) => ({ code: formatCode(c.code), note: c.description })),
          },
        ]
      : []),
    { paragraph: redeemedStay },
  ])
}
