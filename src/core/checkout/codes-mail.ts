import { formatCode } from '../../shared/code-format'
import { fanMessageMax } from '../../shared/fan-words'
import { limits } from '../../shared/limits'
import { formatUsd } from '../../shared/money'
import { orderReference } from '../../shared/order-reference'
import { publicUrlMarker } from '../../shared/page-rendering'
import { paths } from '../../shared/pages'
import { showPath } from '../../shared/schedule'
import { formatCentral } from '../../shared/show-time'
import { siteConfig } from '../../shared/site-config'
import { anonymousGiftHowTo, texts } from '../../shared/texts'
import { redeemTexts } from '../../shared/world'
import { composeMail } from '../mail/compose'
import { mailLinks } from '../mail/layout-mail'
import type { MailMessage } from '../mail/mail-message'

export interface CodesMailInput {
  to: string
  codes: { code: string; description: string }[]
  /** The show the codes are for; its page is linked when its id is known. */
  show: { id?: string | undefined; name: string; startsAt: Date }
  expiresAt: Date
  /** The checkout session: the mail links to its success page, where each code takes a message. */
  sessionId?: string | undefined
  /** The purchase, for the receipt: its number, when it was paid, its lines and total. */
  order: {
    id: string
    paidAt: Date
    lines: { name: string; unitCents: number; quantity: number }[]
    totalCents: number
  }
}

/** The link to the show's own page, in every mail that names a show. */
export const showLinkLabel = 'The show: its time, lineup and calendar'

/**
 * The mail that carries a buyer's codes, in the club's layout: the codes, the way into the world
 * (the same guide as the success page's, shared/world.ts), and a receipt with the refund rule.
 */
export function codesMail(input: CodesMailInput): MailMessage {
  const { brand } = siteConfig
  const showLine = `${input.show.name}, ${formatCentral(input.show.startsAt)}`
  const count = input.codes.length
  const listed = input.codes.map((c) => ({ code: formatCode(c.code), note: c.description }))
  const subject = `Your ${brand} code${count === 1 ? '' : 's'} for ${input.show.name}`
  const { order } = input

  return composeMail(input.to, subject, [
    {
      paragraph: `Thanks for supporting the comics! Your code${count === 1 ? '' : 's'} for ${showLine}:`,
    },
    { codes: listed },
    ...(input.show.id
      ? [{ link: { href: `${publicUrlMarker}${showPath(input.show.id)}`, label: showLinkLabel } }]
      : []),
    { heading: redeemTexts.untrustedHeading },
    { paragraph: redeemTexts.untrusted },
    { heading: redeemTexts.stepsHeading },
    { steps: redeemTexts.steps },
    { paragraph: anonymousGiftHowTo },
    {
      paragraph: `The codes are valid for this show only, until ${formatCentral(input.expiresAt)}.`,
    },
    ...(input.sessionId
      ? [
          {
            paragraph: `Add a message for the comic to each code (up to ${fanMessageMax} characters): it shows on the stream with your gift.`,
          },
          {
            link: {
              href: `${publicUrlMarker}${paths.success}?session_id=${encodeURIComponent(input.sessionId)}`,
              label: 'Your codes and their messages',
            },
          },
        ]
      : []),
    { link: { href: mailLinks.findWorld, label: `Find the club in ${siteConfig.worldApp}` } },
    { heading: 'Your receipt' },
    {
      receipt: {
        orderId: orderReference(order.id),
        date: formatCentral(order.paidAt),
        lines: order.lines.map((line) => ({
          name: line.name,
          quantity: line.quantity,
          amount: formatUsd(line.unitCents * line.quantity),
        })),
        total: formatUsd(order.totalCents),
        labels: { order: 'Order', date: 'Paid', total: 'Total' },
      },
    },
    {
      paragraph: `${texts.refundWindow(limits.refundWindowDays)} ${texts.salesFinal} To ask for a refund, write to ${siteConfig.contactEmail} with your order number.`,
    },
  ])
}
