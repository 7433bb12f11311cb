import type { ProductId } from './catalogue'
import type { CodeState } from './code-format'
import type { MembershipStatus, TierId } from './memberships'
import type { NightComic, WrapUp } from './show-night'

/** What the operator's actions answer, as JSON: the console's views and `--json` output. */

export interface Page<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

/** One code as the operator's tools show it; `--json` prints these field names. */
export interface CodeSummary {
  code: string
  productId: ProductId
  description: string
  state: CodeState
  redeemedAt: string | null
  anonymous: boolean | null
  voidedAt: string | null
  voidReason: string | null
  expiresAt: string
}

/**
 * pending → paid → fulfilled is the purchase loop. expired: never paid within a day; flagged:
 * paid, but not what the order asked, so not fulfilled; refunded: the money went back in full;
 * disputed: the buyer's bank took it back. Refunded and disputed orders' unredeemed codes are void.
 */
export type OrderStatus =
  | 'pending'
  | 'paid'
  | 'fulfilled'
  | 'expired'
  | 'flagged'
  | 'refunded'
  | 'disputed'

/** An order as `orders list/show --json` print it: stable field names for scripts. */
export interface OrderSummary {
  id: string
  status: OrderStatus
  totalCents: number
  currency: string
  email: string | null
  createdAt: string
  paidAt: string | null
  provider: 'local' | 'stripe'
  paymentRef: string | null
  paidCents: number | null
  refundedCents: number
  flagReason: string | null
  show: { id: string; name: string | null; startsAt: string | null } | null
  items: { productId: ProductId; name: string; unitCents: number; quantity: number }[]
  codes: CodeSummary[]
}

/** An order with the mail sent about it, for the console's order page. */
export interface OrderDetail extends OrderSummary {
  mails: MailView[]
}

export interface EventView {
  id: string
  name: string
  description: string
  startsAt: string
  source: 'regular' | 'operator'
  /** Over: its start is more than the rollover ago, so the schedule no longer lists it. */
  over: boolean
}

/** A show in the console's Shows table: its codes sold, its lineup, whether it is an open mic. */
export interface ShowListRow extends EventView {
  /** Codes sold for it and not voided. */
  codesSold: number
  /** The comics' names in running order. */
  lineup: string[]
  openMic: boolean
}

export interface EventImpact {
  event: EventView
  orders: number
  codes: number
  redeemed: number
  /** Codes not yet redeemed nor voided: they follow the event's new time, or expire with it. */
  unused: number
  /** Buyers (one per address) a move or a cancellation mails. */
  buyers: number
  /** The show a cancellation would move the codes to when none is named: the next one. */
  next: EventView | null
}

export interface RefundCheck {
  order: OrderSummary
  redeemed: number
  total: number
  /** Why the refund would be refused now, or null when it may go ahead. */
  refusal: string | null
  /** The refusal is one that force overrides (past the window, all codes used). */
  forceable: boolean
}

export interface RefundResult {
  order: OrderSummary
  refundedCents: number
  voided: number
  /** The buyer's address, who is mailed; null without one. */
  mailedTo: string | null
}

/** What refunding part of an order would do, or why it may not (decision 046). */
export interface PartRefundCheck {
  order: OrderSummary
  /** The money it refunds; 0 when refused. */
  cents: number
  /** What the order has left to refund. */
  remainingCents: number
  /** Codes it voids (unused), formatted. */
  voids: string[]
  /** Codes redeemed at the show it refunds (the host chose): they stay redeemed. */
  refundsRedeemed: string[]
  /** Codes that keep working. */
  keeps: string[]
  refusal: string | null
  /** What would let a refused refund go ahead. */
  advice: 'force' | 'look-again' | 'include-redeemed' | null
}

export interface PartRefundResult {
  order: OrderSummary
  /** This refund's money. */
  cents: number
  voided: number
  /** The buyer's address, who is mailed; null without one. */
  mailedTo: string | null
}

export interface CodeDetail {
  code: CodeSummary
  validFrom: string
  order: OrderSummary | null
}

export interface MailView {
  id: number
  to: string
  subject: string
  createdAt: string
  attempts: number
  nextAttemptAt: string | null
  sentAt: string | null
  failedAt: string | null
  /** The last error, every address in it masked. */
  lastError: string | null
}

export interface ShowReportLine {
  productId: ProductId
  name: string
  sold: number
  redeemed: number
  anonymous: number
  voided: number
  takenCents: number
  refundedCents: number
  /** Paid for, then disputed: the bank holds the money, which is not counted as taken. */
  disputedCents: number
}

export interface ShowReport {
  show: { id: string; name: string | null; startsAt: string | null }
  orders: number
  refundedOrders: number
  disputedOrders: number
  lines: ShowReportLine[]
  totals: Omit<ShowReportLine, 'productId' | 'name'>
  /** Boosts granted by member codes at the show (not sold as codes, so not in the lines). */
  memberBoosts: number
  /** The show's boosts in all, show codes' and member codes' (as Tonight and the chart count). */
  boosts: number
  /** How many member codes gave them: one gift per membership and show. */
  memberGifts: number
}

/** One row of a report by show or by month: the totals of a show report. */
export interface ReportRow extends Omit<ShowReportLine, 'productId' | 'name'> {
  /** The show's id, or the month as "2026-11". */
  key: string
  /** The show's name, or the month in words. */
  label: string
  startsAt: string | null
  orders: number
  refundedOrders: number
  disputedOrders: number
}

/** A show's boosts: what show codes and member codes gave, apart, and `boosts` both together. */
export interface ShowBoosts {
  boosts: number
  codeBoosts: number
  memberBoosts: number
}

export interface BoostsPoint extends ShowBoosts {
  showId: string
  name: string
  startsAt: string
}

export interface Tonight {
  state: 'upcoming' | 'live' | 'ended'
  show: { id: string; name: string; startsAt: string } | null
  /** The show's boosts in all (the same figure as Reports and the chart). */
  totalBoosts: number
  /** Of them, what fans' show codes and member codes gave. */
  codeBoosts: number
  memberBoosts: number
  gifts: { text: string; at: string; boosts: number; anonymous: boolean }[]
  codesSold: number
  codesRedeemed: number
  orders: number
  /** Each comic's sets and boosts at the show; the boosts of the set on now (null: nobody). */
  comics: NightComic[]
  setBoosts: number | null
  /** The show that just ended, until the next one starts (shared/show-night.ts). */
  wrapUp: WrapUp | null
}

export interface AuditEntryView {
  id: number
  at: string
  actor: string
  /** 'comic': a comic on their own page, signed in with the address in `who`. */
  via: 'console' | 'cli' | 'comic'
  action: string
  targetType: string | null
  targetId: string | null
  /** The target in words: a show's or comic's name, "Order 7F3KQZ"; null when unknown. */
  targetName: string | null
  /** The stored line in the host's words: names for ids, the console's times (audit-words.ts). */
  summary: string
}

export interface EventChange {
  event: EventView
  /** Buyers mailed about the change (a move, a cancellation). */
  mailed?: number
  /** A cancellation's orders: moved to this show, or refunded (with those that failed). */
  movedTo?: EventView
  refunded?: number
  refundFailed?: { orderId: string; reason: string }[]
}

/**
 * Where a membership stands now (core/memberships/standing.ts computes it): `grace` after a
 * failed renewal, then `paused` until a payment lands.
 */
export const memberStandings = ['active', 'grace', 'paused', 'ended', 'incomplete'] as const
export type MemberStanding = (typeof memberStandings)[number]

/** A membership as `members list/show --json` print it; the operator sees the address. */
export interface MemberSummary {
  id: string
  email: string
  tier: TierId
  status: MembershipStatus
  standing: MemberStanding
  periodStart: string | null
  periodEnd: string | null
  cancelAtPeriodEnd: boolean
  /** A downgrade waiting for the next period. */
  nextTier: TierId | null
  /** What the member code may still grant this period, in all. */
  boostsLeft: number
  /** "ABCD-EFGH-JKMN". */
  memberCode: string
  displayName: string | null
  createdAt: string
  endedAt: string | null
  endReason: string | null
}

/** One member code's gift at one show. */
export interface MemberRedemptionView {
  showId: string
  showName: string | null
  boosts: number
  anonymous: boolean
  at: string
}

/** A membership with its gifts, latest first. */
export interface MemberDetail extends MemberSummary {
  redemptions: MemberRedemptionView[]
}
