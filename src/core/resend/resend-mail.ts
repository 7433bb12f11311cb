import { formatCode } from '../../shared/code-format'
import { publicUrlMarker } from '../../shared/page-rendering'
import { showPath } from '../../shared/schedule'
import { formatCentral } from '../../shared/show-time'
import { siteConfig } from '../../shared/site-config'
import { anonymousGiftHowTo } from '../../shared/texts'
import { showLinkLabel } from '../checkout/codes-mail'
import { fanCodeState } from '../codes/code-state'
import type { Code, Order } from '../db/schema'
import { composeMail, type MailBlock } from '../mail/compose'
import type { MailMessage } from '../mail/mail-message'

const statusNotes: Record<Order['status'], string> = {
  pending: '',
  expired: '',
  paid: 'Payment received: the codes are being made and come in their own mail.',
  fulfilled: '',
  flagged: 'The payment is being checked by the show team; we will write to you.',
  refunded: 'This order was refunded.',
  disputed: 'The payment for this order was disputed with the bank.',
}

/** Every order of the address, newest first, each code with its state. */
export function resendMail(to: string, orders: Order[], codes: Code[], now: Date): MailMessage {
  const blocks: MailBlock[] = [
    {
      paragraph: `You asked us to send your ${siteConfig.brand} codes again. Here is every purchase made with this address in the last 30 days.`,
    },
  ]
  for (const order of orders) {
    const show =
      order.show_name && order.show_starts_at
        ? ` for ${order.show_name}, ${formatCentral(order.show_starts_at)}`
        : ''
    blocks.push({ heading: `Order of ${formatCentral(order.created_at)}${show}` })
    if (order.show_id && order.show_name) {
      const href = `${publicUrlMarker}${showPath(order.show_id)}`
      blocks.push({ link: { href, label: showLinkLabel } })
    }
    if (statusNotes[order.status]) blocks.push({ paragraph: statusNotes[order.status] })
    const own = codes.filter((code) => code.order_id === order.id)
    if (own.length > 0) {
      blocks.push({
        codes: own.map((code) => ({
          code: formatCode(code.code),
          note: `${code.description}: ${fanCodeState(code, now)}`,
        })),
      })
    }
  }
  blocks.push({
    list: [
      `Redeem a code at the kiosk in ${siteConfig.worldName} (${siteConfig.worldApp}) during its show.`,
      anonymousGiftHowTo,
    ],
  })
  return composeMail(to, `Your ${siteConfig.brand} codes`, blocks)
}
