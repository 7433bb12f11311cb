import { z } from 'zod'
import { type ComicOperatorResults, comicOperatorInputs } from './comic-operator'
import { emailMaxLength } from './email'
import { type GoalOperatorResults, goalOperatorInputs } from './goal-operator'
import { type HostJokeView, type JokeChange, jokeStates } from './jokes'
import { membershipStatuses } from './memberships'
import { type ModerationOperatorResults, moderationOperatorInputs } from './moderation-operator'
import { type OpenMicOperatorResults, openMicOperatorInputs } from './open-mic-operator'
import { email, id, instant, page, text } from './operator-fields'
import type {
  AuditEntryView,
  BoostsPoint,
  CodeDetail,
  EventChange,
  EventImpact,
  MailView,
  MemberDetail,
  MemberSummary,
  OrderDetail,
  OrderSummary,
  Page,
  PartRefundCheck,
  PartRefundResult,
  RefundCheck,
  RefundResult,
  ReportRow,
  ShowListRow,
  ShowReport,
  Tonight,
} from './operator-views'
import { type SettlementOperatorResults, settlementOperatorInputs } from './settlement-operator'
import { type StageKeyView, type StageSent, stageCommands } from './stage'
import { type SupportersOperatorResults, supportersOperatorInputs } from './supporters-operator'

/**
 * Every operator action, by name, with what it takes: the one list the console's API, the
 * command line and its local channel to a running server dispatch on (core/operator runs them).
 * Inputs are JSON (times as ISO strings), so an action crosses a socket or HTTP unchanged; the
 * console imports only the types.
 */

export const eventNameMaxLength = 100
export const eventDescriptionMaxLength = 2000

/** Part of an order: `codes` named, or `amountCents`; neither, every unused code. */
const refundPart = {
  id,
  codes: z.array(text(64)).min(1).max(100).optional(),
  amountCents: z.int().min(1).max(100_000_000).optional(),
  /** The host chose to refund codes redeemed at the show (or an amount beyond the unused). */
  includeRedeemed: z.boolean().default(false),
  force: z.boolean().default(false),
}

export const operatorInputs = {
  'events.list': z.object({
    /** Past and removed-from-sight shows too (not only those not yet over). */
    all: z.boolean().default(false),
    search: text(100).optional(),
    ...page,
  }),
  'events.add': z.object({
    name: text(eventNameMaxLength),
    startsAt: instant,
    description: text(eventDescriptionMaxLength).default(''),
  }),
  'events.edit': z.object({
    id,
    name: text(eventNameMaxLength).optional(),
    startsAt: instant.optional(),
    description: text(eventDescriptionMaxLength).optional(),
  }),
  'events.remove': z.object({
    id,
    /**
     * What a cancelled show's sold codes do, as the host chose in the confirmation: its orders
     * refunded, or moved to the `next` show (the next on the schedule unless named). Needed when
     * buyers have unused codes.
     */
    codes: z.enum(['refund', 'next']).optional(),
    next: id.optional(),
  }),
  /** What a change to the event would touch: its orders and codes, said before it is made. */
  'events.impact': z.object({ id }),
  'orders.list': z.object({
    /** An order id, a code, an address or part of one. */
    search: text(emailMaxLength).optional(),
    email: email.optional(),
    since: instant.optional(),
    showId: id.optional(),
    attention: z.boolean().default(false),
    /** Leave out checkouts abandoned unpaid (expired, or pending for over an hour). */
    hideAbandoned: z.boolean().default(false),
    ...page,
  }),
  'orders.show': z.object({ id }),
  'orders.refund-check': z.object({ id, force: z.boolean().default(false) }),
  'orders.refund': z.object({
    id,
    force: z.boolean().default(false),
    /** How many codes were redeemed when the operator was asked; a change since refuses. */
    redeemedWhenAsked: z.int().min(0).optional(),
  }),
  /** What refunding part of an order would do (decision 046), said before it is done. */
  'orders.refund-part-check': z.object(refundPart),
  /** Refunds part of an order: the unused codes, the codes named, or an amount. */
  'orders.refund-part': z.object({
    ...refundPart,
    /** What the order had refunded when the host was asked; a change since refuses. */
    refundedWhenAsked: z.int().min(0).optional(),
  }),
  'codes.show': z.object({ code: text(64) }),
  'codes.resend': z.object({ orderId: id, to: email.optional() }),
  'mail.list': z.object({ state: z.enum(['failed', 'pending']).default('failed'), ...page }),
  'mail.retry': z.union([
    z.object({ id: z.int().min(1).max(2_147_483_647) }),
    z.object({ all: z.literal(true) }),
  ]),
  'members.list': z.object({
    /** Part of an address, a member code (case, spaces and dashes do not matter) or an id. */
    search: text(emailMaxLength).optional(),
    status: z.enum(membershipStatuses).optional(),
    ...page,
  }),
  'members.show': z.union([
    z.object({ id }),
    z.object({ code: text(64) }),
    z.object({ email: email }),
  ]),
  /** Stops a membership's renewals: at the period's end (perks kept until then), or `now`. */
  'members.cancel': z.union([
    z.object({ id, now: z.boolean().default(false) }),
    z.object({ code: text(64), now: z.boolean().default(false) }),
    z.object({ email: email, now: z.boolean().default(false) }),
  ]),
  /** Refunds a membership's latest payment (7 days unless forced) and ends it at once. */
  'members.refund': z.object({ id, force: z.boolean().default(false) }),
  /** Members' custom jokes, oldest first; only those in these states when given. */
  'jokes.list': z.object({
    states: z.array(z.enum(jokeStates)).min(1).max(jokeStates.length).optional(),
    limit: z.int().min(1).max(1000).default(200),
  }),
  'jokes.accept': z.object({ id }),
  'jokes.performed': z.object({ id }),
  'jokes.decline': z.object({ id }),
  'shows.report': z.object({ showId: id.optional() }),
  'reports.shows': z.object({ ...page }),
  'reports.months': z.object({}),
  'reports.boosts': z.object({ months: z.int().min(1).max(24).default(3) }),
  tonight: z.object({}),
  'audit.list': z.object({ search: text(100).optional(), ...page }),
  /** A sign-in link for the console, printed instead of mailed (`npm run admin -- console-link`). */
  'console.link': z.object({ email: email.optional() }),
  /** The host's hand on the stream's alerts (docs/stage.md): a test alert, pause, resume, skip. */
  'stage.send': z.object({ action: z.enum(stageCommands) }),
  /** The overlay's URL with the stage key; `renew` makes a new key, ending the old. */
  'stage.key': z.object({ renew: z.boolean().default(false) }),
  ...comicOperatorInputs,
  ...settlementOperatorInputs,
  ...openMicOperatorInputs,
  ...goalOperatorInputs,
  ...moderationOperatorInputs,
  ...supportersOperatorInputs,
} as const

export type OperatorActionName = keyof typeof operatorInputs
export const operatorActionNames = Object.keys(operatorInputs) as OperatorActionName[]
/** What an action takes, as a caller writes it (defaults may be left out). */
export type OperatorInput<N extends OperatorActionName> = z.input<(typeof operatorInputs)[N]>
/** What an action takes, once read (defaults filled in). */
export type OperatorParsedInput<N extends OperatorActionName> = z.output<(typeof operatorInputs)[N]>

/** What each action answers: JSON, the same through the console's API and the local channel. */
export interface OperatorResults
  extends ComicOperatorResults,
    SettlementOperatorResults,
    OpenMicOperatorResults,
    GoalOperatorResults,
    ModerationOperatorResults,
    SupportersOperatorResults {
  'events.list': Page<ShowListRow>
  'events.add': EventChange
  'events.edit': EventChange
  'events.remove': EventChange
  'events.impact': EventImpact
  'orders.list': Page<OrderSummary>
  'orders.show': OrderDetail
  'orders.refund-check': RefundCheck
  'orders.refund': RefundResult
  'orders.refund-part-check': PartRefundCheck
  'orders.refund-part': PartRefundResult
  'codes.show': CodeDetail
  'codes.resend': { orderId: string; to: string }
  'mail.list': Page<MailView>
  'mail.retry': { count: number }
  'members.list': Page<MemberSummary>
  'members.show': MemberDetail
  'members.cancel': MemberSummary
  'members.refund': { member: MemberSummary; refundedCents: number; invoice: string }
  'jokes.list': HostJokeView[]
  'jokes.accept': JokeChange
  'jokes.performed': JokeChange
  'jokes.decline': JokeChange
  'shows.report': ShowReport | null
  'reports.shows': Page<ReportRow>
  'reports.months': ReportRow[]
  'reports.boosts': BoostsPoint[]
  tonight: Tonight
  'audit.list': Page<AuditEntryView>
  'console.link': { url: string; email: string; expiresAt: string }
  'stage.send': StageSent
  'stage.key': StageKeyView
}

export type OperatorResult<N extends OperatorActionName> = OperatorResults[N]

/** Calls an action wherever it runs: in this process, on a server over the local channel... */
export type OperatorCall = <N extends OperatorActionName>(
  name: N,
  input: OperatorInput<N>,
) => Promise<OperatorResult<N>>
