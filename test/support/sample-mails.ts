// Every mail the site sends, with likely contents, for the tests that look at all of them.
import { codesMail } from '../../src/core/checkout/codes-mail'
import { consoleAudience } from '../../src/core/console/console-sign-in'
import type { Code, Order } from '../../src/core/db/schema'
import type { MailMessage } from '../../src/core/mail/mail-message'
import { withSiteAddress } from '../../src/core/mail/outbox'
import { memberCodeMail } from '../../src/core/memberships/member-code-mail'
import { memberAudience } from '../../src/core/memberships/member-sign-in'
import { membershipRefundMail } from '../../src/core/memberships/membership-refund-mail'
import { renewalFailedMail } from '../../src/core/memberships/renewal-failed-mail'
import { refundMail } from '../../src/core/refunds/refund-mail'
import { resendMail } from '../../src/core/resend/resend-mail'
import { comicAudience } from '../../src/core/settlements/comic-sign-in'
import { signInMail } from '../../src/core/sign-in/sign-in-mail'

/**
 * Every mail fans, members, comics and hosts get, with likely contents (the longest names and a
 * full order), as the mail worker sends them: the site's address in their links. For the tests
 * that look at all of them (a phone's width, a spam filter's score).
 */
const site = 'https://punchlinevr.club'
const paidAt = new Date('2026-11-21T18:00:00Z')
const show = { name: 'Sunday Stand-Up', startsAt: new Date('2026-11-22T22:00:00Z') }
const expiresAt = new Date('2026-11-23T01:00:00Z')

const order: Order = {
  id: 'ord_7Kq2mZ9xW4pL8nR3',
  session_id: 'cs_local_x',
  provider: 'local',
  status: 'fulfilled',
  email: 'fan@example.com',
  lines: [
    { productId: 'ffr-50', name: 'FFR 50', unitCents: 6969, quantity: 1 },
    { productId: 'boosts-15', name: '15 Boosts', unitCents: 1299, quantity: 2 },
  ],
  total_cents: 6969 + 2 * 1299,
  created_at: paidAt,
  paid_at: paidAt,
  fulfilled_at: paidAt,
  show_id: 'evt_1',
  show_name: show.name,
  show_starts_at: show.startsAt,
  payment_ref: 'pi_1',
  paid_cents: 6969 + 2 * 1299,
  paid_currency: 'usd',
  flag_reason: null,
  refunded_cents: 0,
  reversed_at: null,
  stage_name: null,
}

const codes: Code[] = [
  ['ABCDEFGHJK', 'FFR 50: 25 boosts, VIP perks, donor wall mention'],
  ['MNPQRSTUVW', '15 Boosts: 15 boosts'],
  ['XYZ2345678', '15 Boosts: 15 boosts'],
].map(([code, description], seq) => ({
  code: code ?? '',
  order_id: order.id,
  seq,
  product_id: 'boosts-15',
  description: description ?? '',
  valid_from: paidAt,
  expires_at: expiresAt,
  redeemed_at: seq === 1 ? new Date('2026-11-22T22:30:00Z') : null,
  redeemed_anonymously: seq === 1 ? false : null,
  voided_at: null,
  void_reason: null,
  message: null,
}))

const to = 'fan@example.com'

export const sampleMails: Record<string, MailMessage> = {
  codes: codesMail({
    to,
    codes,
    show,
    expiresAt,
    order: { id: order.id, paidAt, lines: order.lines, totalCents: order.total_cents },
  }),
  resend: resendMail(to, [order], codes, paidAt),
  refund: refundMail({ ...order, refunded_cents: order.total_cents }, codes),
  'member code': memberCodeMail(to, 'membership-3', 'ABCDEFGHJKMN', site),
  'membership refund': membershipRefundMail(to, 'membership-2', 4999),
  'renewal failed': renewalFailedMail(to, 'membership-1', `${site}/membership/billing`),
  'member sign-in': signInMail(memberAudience, to, site, 'a'.repeat(43)),
  'console sign-in': signInMail(consoleAudience([to]), to, site, 'b'.repeat(43)),
  'comic sign-in': signInMail(comicAudience, to, site, 'c'.repeat(43)),
}

/** A mail as it leaves: the marker of the site's address replaced, as the mail worker does. */
export function asSent(mail: MailMessage): MailMessage {
  return {
    ...mail,
    text: withSiteAddress(mail.text, site),
    html: mail.html ? withSiteAddress(mail.html, site) : undefined,
  }
}
