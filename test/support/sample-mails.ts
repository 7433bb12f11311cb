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
import { partialRefundMail } from '../../src/core/refunds/partial-refund-mail'
import { refundMail } from '../../src/core/refunds/refund-mail'
import {
  confirmAddressMail,
  followNewsMail,
  reminderMail,
} from '../../src/core/reminders/reminder-mail'
import { resendMail } from '../../src/core/resend/resend-mail'
import { showCancelledMail, showMovedMail } from '../../src/core/schedule/show-change-mail'
import { comicAudience } from '../../src/core/settlements/comic-sign-in'
import {
  monthStatementMail,
  payoutMail,
  statementLinkMail,
} from '../../src/core/settlements/statement-mail'
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
  time_zone: 'America/New_York',
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
  refund_id: null,
}))

const to = 'fan@example.com'

const comic = { id: 'cmc_1', slug: 'nina-stage', name: 'Nina Stage' }
const terms = { sharePercent: 70, memberBoostCents: 50, potRule: 'equal' } as const
const payout = {
  id: 7,
  comic,
  amountCents: 4000,
  paidOn: '2026-11-28',
  reference: '7XK21',
  method: 'PayPal',
  recordedAt: '2026-11-28T18:00:00.000Z',
}
/** A month with two shows, a refund after closing and a payout: every part of the mail. */
const statement = {
  comic,
  month: '2026-11',
  shows: [
    {
      showId: 'evt_2',
      showName: 'Tuesday Open Mic Night',
      startsAt: '2026-11-25T01:00:00.000Z',
      closed: true,
      hadSet: true,
      codeBoosts: 25,
      memberBoosts: 10,
      anonymousBoosts: 3,
      creditedCents: 6496,
      codeCents: 5996,
      memberCents: 500,
      ownShareCents: 4547,
      potCents: 350,
      owedCents: 4897,
      terms,
      pot: { boosts: 5, creditedCents: 1499, comicsCents: 1049 },
    },
    {
      showId: 'evt_1',
      showName: show.name,
      startsAt: show.startsAt.toISOString(),
      closed: true,
      hadSet: true,
      codeBoosts: 5,
      memberBoosts: 0,
      anonymousBoosts: 0,
      creditedCents: 1499,
      codeCents: 1499,
      memberCents: 0,
      ownShareCents: 1049,
      potCents: 0,
      owedCents: 1049,
      terms,
      pot: { boosts: 0, creditedCents: 0, comicsCents: 0 },
    },
  ],
  adjustments: [
    {
      showId: 'evt_2',
      showName: 'Tuesday Open Mic Night',
      fromShowId: 'evt_0',
      fromShowName: 'Sunday Stand-Up',
      comic,
      cents: -210,
      fromShowStartsAt: '2026-11-16T22:00:00.000Z',
      landedStartsAt: '2026-11-25T01:00:00.000Z',
      causes: ['refund' as const],
    },
  ],
  openingCents: 1200,
  payouts: [payout],
  owedCents: 4897 + 1049 - 210,
  paidCents: 4000,
  balance: { owedCents: 6936, paidCents: 4000, stillOwedCents: 2936, pendingCents: 0 },
}

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
  'partial refund': partialRefundMail(
    { ...order, refunded_cents: 1299 },
    { cents: 1299 },
    codes.slice(2),
    codes.slice(0, 1),
  ),
  'show moved': showMovedMail(
    { to, timeZone: order.time_zone, unused: codes.slice(0, 1) },
    show,
    show.startsAt,
    new Date(show.startsAt.getTime() + 2 * 60 * 60_000),
    new Date(show.startsAt.getTime() + 8 * 60 * 60_000),
  ),
  'show cancelled': showCancelledMail({ to, timeZone: null, unused: codes.slice(0, 1) }, show, {
    kind: 'next',
    next: {
      name: 'Tuesday Stand-Up',
      startsAt: new Date(show.startsAt.getTime() + 48 * 60 * 60_000),
    },
    until: new Date(show.startsAt.getTime() + 54 * 60 * 60_000),
  }),
  'member code': memberCodeMail(to, 'membership-3', 'ABCDEFGHJKMN', site),
  'membership refund': membershipRefundMail(to, 'membership-2', 4999),
  'renewal failed': renewalFailedMail(to, 'membership-1', `${site}/membership/billing`),
  'member sign-in': signInMail(memberAudience, to, site, 'a'.repeat(43)),
  'console sign-in': signInMail(consoleAudience([to]), to, site, 'b'.repeat(43)),
  'comic sign-in': signInMail(comicAudience, to, site, 'c'.repeat(43)),
  'comic payout': payoutMail(to, payout, 2936),
  'comic statement link': statementLinkMail(
    to,
    statement,
    `${site}/statement/sign-in#${'e'.repeat(43)}`,
  ),
  'comic statement': monthStatementMail(
    to,
    statement,
    `${site}/statement/sign-in#${'d'.repeat(43)}`,
  ),
  'address confirm': confirmAddressMail(
    to,
    `${site}/remind/confirm?token=${'d'.repeat(43)}`,
    `reminders before ${show.name}`,
  ),
  'reminder a day before': reminderMail(
    to,
    '24h',
    { ...show, lineup: ['Rae Reminder', "Sam O'Neil", 'Kit Bear'] },
    'e'.repeat(43),
  ),
  'reminder an hour before': reminderMail(to, '1h', { ...show, lineup: [] }, 'e'.repeat(43)),
  'follow news': followNewsMail(
    to,
    [
      { comic: 'Rae Reminder', show: show.name, startsAt: show.startsAt },
      { comic: 'Kit Bear', show: 'Tuesday Night Stand-Up', startsAt: expiresAt },
    ],
    'f'.repeat(43),
  ),
}

/** A mail as it leaves: the marker of the site's address replaced, as the mail worker does. */
export function asSent(mail: MailMessage): MailMessage {
  return {
    ...mail,
    text: withSiteAddress(mail.text, site),
    html: mail.html ? withSiteAddress(mail.html, site) : undefined,
    headers: mail.headers
      ? Object.fromEntries(
          Object.entries(mail.headers).map(([name, value]) => [name, withSiteAddress(value, site)]),
        )
      : undefined,
  }
}
