import { sql } from 'kysely'
import type { TierId } from '../../shared/memberships'
import type { Membership } from '../db/membership-tables'
import { type Db, toCount } from '../db/schema'
import { cryptoRandomInt, type RandomInt } from '../ids'
import { queueMail } from '../mail/outbox'
import {
  drawMemberCode,
  type EndReason,
  endChange,
  handleProviderEvent,
  type ProviderEvent,
} from './provider-events'
import { renewalFailedMail } from './renewal-failed-mail'
import { newPeriodTier, paidUpgradeChange } from './tier-changes'

/**
 * A membership's life, one call per provider event (docs/decisions/017-memberships.md). The
 * payment adapters translate their events into these calls; each is safe to repeat and to receive
 * in any order, and ends in the same state whatever the order.
 */

/**
 * What an invoice was for: the first payment and the monthly renewals refill a period; an
 * upgrade's invoice (subscription_update) raises the tier within one.
 */
export type BillingReason =
  | 'subscription_create'
  | 'subscription_cycle'
  | 'subscription_update'
  | (string & {})

const periodBillingReasons: readonly string[] = ['subscription_create', 'subscription_cycle']

/** Checkout completed: the membership exists (still incomplete until its first invoice is paid). */
export function startMembership(
  db: Db,
  input: ProviderEvent,
  now: Date,
  random: RandomInt = cryptoRandomInt,
): Promise<Membership> {
  return handleProviderEvent(db, input, 'checkout.completed', now, random, async (membership) =>
    membership.provider_customer === null && input.customer !== null
      ? { provider_customer: input.customer }
      : undefined,
  )
}

export interface InvoicePaid extends ProviderEvent {
  /** The tier the invoice paid for (its price): a downgrade made before the renewal is billed. */
  tier: TierId
  billingReason: BillingReason
  /** The time the invoice pays for: a billing period, or for an upgrade the rest of one. */
  periodStart: Date
  periodEnd: Date
  /**
   * For an upgrade's invoice, the subscription's tier when the event is handled (the adapter
   * reads it then): the upgrade raises no higher.
   */
  subscriptionTier?: TierId
}

/**
 * An invoice paid. A period's invoice starts a new period with the tier's whole allowance (unused
 * boosts do not carry over); only a period later than the stored one refills, so an old invoice
 * arriving late changes nothing. An upgrade's invoice raises the tier within its period
 * (tier-changes.ts). An ended membership stays ended.
 */
export function refillPeriod(
  db: Db,
  input: InvoicePaid,
  now: Date,
  random: RandomInt = cryptoRandomInt,
): Promise<Membership> {
  return handleProviderEvent(db, input, 'invoice.paid', now, random, async (membership) => {
    if (membership.status === 'ended') return undefined
    if (input.billingReason === 'subscription_update') return paidUpgradeChange(membership, input)
    if (!periodBillingReasons.includes(input.billingReason)) return undefined
    if (membership.period_start && input.periodStart <= membership.period_start) return undefined
    // A renewal that failed after this period had ended (its failure told before this older
    // invoice) is still unpaid: the member stays past due.
    const laterFailure =
      membership.status === 'past_due' &&
      membership.past_due_since !== null &&
      membership.past_due_since >= input.periodEnd
    return {
      ...newPeriodTier(membership, input),
      period_start: input.periodStart,
      period_end: input.periodEnd,
      status: laterFailure ? 'past_due' : 'active',
      past_due_since: laterFailure ? membership.past_due_since : null,
    }
  })
}

export interface RenewalFailed extends ProviderEvent {
  billingReason: BillingReason
  /** The billing period the failed invoice was for. */
  periodStart: Date
  /** Where the member updates the card (the provider's billing portal, or the test checkout's). */
  fixCardUrl: string
}

/**
 * A renewal's payment failed: the member is past due from the first failure (perks go on for
 * memberGraceMs, then pause) and is mailed a link to fix the card, once per failed attempt.
 * A failed first payment is not a renewal (nothing was paid, so no grace), and a failure for a
 * period already paid (told after the retry that paid it) changes nothing.
 */
export function recordRenewalFailure(
  db: Db,
  input: RenewalFailed,
  now: Date,
  random: RandomInt = cryptoRandomInt,
): Promise<Membership> {
  return handleProviderEvent(db, input, 'invoice.payment_failed', now, random, async (m, trx) => {
    if (input.billingReason !== 'subscription_cycle' || m.status === 'ended') return undefined
    if (m.period_start && input.periodStart <= m.period_start) return undefined
    const mail = renewalFailedMail(m.email, m.tier, input.fixCardUrl)
    await queueMail(trx, { dedupeKey: `membership-renewal-failed:${input.eventId}`, ...mail }, now)
    return { status: 'past_due', past_due_since: m.past_due_since ?? now }
  })
}

export interface MembershipEnded extends ProviderEvent {
  reason: Exclude<EndReason, 'payment_failed'>
}

/**
 * The subscription was deleted, its latest payment refunded, or disputed: the membership ends at
 * once and for good. Ending twice keeps the first reason.
 */
export function endMembership(
  db: Db,
  input: MembershipEnded,
  now: Date,
  random: RandomInt = cryptoRandomInt,
): Promise<Membership> {
  return handleProviderEvent(db, input, `ended.${input.reason}`, now, random, async (m) =>
    m.status === 'ended' ? undefined : endChange(input.reason, now),
  )
}

/**
 * A new member code for a membership; the old one stops at once because the column is replaced.
 * Undefined when there is no such membership.
 */
export async function rotateMemberCode(
  db: Db,
  membershipId: string,
  now: Date,
  random: RandomInt = cryptoRandomInt,
): Promise<string | undefined> {
  const found = await findMembership(db, { id: membershipId })
  if (!found) return undefined
  return drawMemberCode(async (code) => {
    const result = await db
      .updateTable('memberships')
      .set({ member_code: code, updated_at: now })
      .where('id', '=', membershipId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('memberships as taken')
              .select('taken.id')
              .where('taken.member_code', '=', code),
          ),
        ),
      )
      .executeTakeFirst()
    return result.numUpdatedRows > 0n
  }, random)
}

export type MembershipLookup =
  | { id: string }
  | { subscription: string }
  | { code: string }
  | { email: string }

/**
 * One membership by its id, its provider subscription, its member code (as typed: case, spaces
 * and dashes do not matter) or its member's address (the one not ended first, then the newest).
 */
export function findMembership(db: Db, by: MembershipLookup): Promise<Membership | undefined> {
  const query = db.selectFrom('memberships').selectAll()
  if ('id' in by) return query.where('id', '=', by.id).executeTakeFirst()
  if ('subscription' in by)
    return query.where('provider_subscription', '=', by.subscription).executeTakeFirst()
  if ('code' in by) {
    const code = by.code.replace(/[\s-]/g, '').toUpperCase()
    return query.where('member_code', '=', code).executeTakeFirst()
  }
  return query
    .where(sql<string>`lower(email)`, '=', by.email.trim().toLowerCase())
    .orderBy(sql`status = 'ended'`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** A membership as the member and the operator see it. */
/** The period's allowance less what the member code granted this period; never below 0. */
export async function boostsLeft(
  db: Db,
  membership: Pick<Membership, 'id' | 'period_start' | 'period_allowance'>,
): Promise<number> {
  if (!membership.period_start) return 0
  const used = await db
    .selectFrom('member_redemptions')
    .select((eb) => eb.fn.sum<number>('boosts').as('used'))
    .where('membership_id', '=', membership.id)
    .where('period_start', '=', membership.period_start)
    .executeTakeFirst()
  return Math.max(0, membership.period_allowance - toCount(used?.used))
}
