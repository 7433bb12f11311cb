import { formatCode } from '../../shared/code-format'
import { formatUsd } from '../../shared/money'
import { siteConfig } from '../../shared/site-config'
import type { Code, Order, OrderRefund } from '../db/schema'
import { composeMail, type MailBlock } from '../mail/compose'
import { redeemedStay } from './refund-mail'

/**
 * Tells the buyer part of their order was refunded (decision 046): how much, which codes stopped
 * working, and which still work.
 */
export function partialRefundMail(
  order: Pick<Order, 'email' | 'id' | 'refunded_cents' | 'paid_cents' | 'total_cents'>,
  refund: Pick<OrderRefund, 'cents'>,
  voided: Pick<Code, 'code' | 'description'>[],
  keeps: Pick<Code, 'code' | 'description'>[],
) {
  const paid = order.paid_cents ?? order.total_cents
  const listed = (codes: Pick<Code, 'code' | 'description'>[]) =>
    codes.map((c) => ({ code: formatCode(c.code), note: c.description }))
  const blocks: MailBlock[] = [
    {
      paragraph: `We have refunded ${formatUsd(refund.cents)} of your order ${order.id} (${formatUsd(order.refunded_cents)} of the ${formatUsd(paid)} you paid is refunded now). Your bank shows it within 5 to 10 business days.`,
    },
  ]
  if (voided.length > 0) {
    blocks.push({ heading: 'These codes no longer work' }, { codes: listed(voided) })
  }
  if (keeps.length > 0) {
    blocks.push({ heading: 'These codes still work' }, { codes: listed(keeps) })
  }
  blocks.push({ paragraph: redeemedStay })
  return composeMail(order.email ?? '', `Part of your ${siteConfig.brand} order refunded`, blocks)
}
