import type { TierId } from '../../shared/memberships'
import type { Membership } from '../db/membership-tables'
import type { Db } from '../db/schema'
import { cryptoRandomInt, generateMemberCode, newMembershipId, type RandomInt } from '../ids'

/**
 * The subscription a provider event is about, with what it takes to create its membership: the
 * events arrive in any order, so whichever comes first creates it and the others complete it
 * (docs/decisions/017-memberships.md).
 */
export interface SubscriptionRef {
  provider: 'local' | 'stripe'
  /** The provider's subscription id: the key every event is matched on. */
  subscription: string
  customer: string | null
  email: string
  /** The tier the event names (the subscription's, or the one the invoice pays for). */
  tier: TierId
}

/** Every provider-driven call: the subscription, and the event's id so a redelivery does nothing. */
export interface ProviderEvent extends SubscriptionRef {
  eventId: string
}

/** Why a membership ended; a membership ends once and keeps its first reason. */
export type EndReason = 'cancelled' | 'refunded' | 'disputed' | 'payment_failed'

/** The end of a membership; a downgrade waiting for the next period goes, since none comes. */
export function endChange(reason: EndReason, now: Date): MembershipChange {
  return { status: 'ended', ended_at: now, end_reason: reason, next_tier: null }
}

/** A fresh member code that clashes with another is drawn again; 59 bits make it rare. */
const maxCodeDraws = 10

/**
 * Runs one provider event against its membership, once: the membership is created when missing,
 * locked, and the event's id recorded in the same transaction as `apply`'s change. A redelivered
 * event finds its id already recorded and returns the membership as it is. `apply` answers the
 * changes to make (nothing when the event changes nothing).
 */
export async function handleProviderEvent(
  db: Db,
  event: ProviderEvent,
  type: string,
  now: Date,
  random: RandomInt,
  apply: (membership: Membership, trx: Db) => Promise<MembershipChange | undefined>,
): Promise<Membership> {
  if (!db.isTransaction) {
    return db
      .transaction()
      .execute((trx) => handleProviderEvent(trx, event, type, now, random, apply))
  }
  const membership = await ensureMembership(db, event, now, random)
  const recorded = await db
    .insertInto('membership_events')
    .values({ event_id: event.eventId, membership_id: membership.id, type, handled_at: now })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst()
  if (!recorded) return membership
  const change = await apply(membership, db)
  if (!change || Object.keys(change).length === 0) return membership
  return db
    .updateTable('memberships')
    .set({ ...change, updated_at: now })
    .where('id', '=', membership.id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The columns an event may change. */
export type MembershipChange = Partial<
  Pick<
    Membership,
    | 'tier'
    | 'next_tier'
    | 'status'
    | 'provider_customer'
    | 'period_start'
    | 'period_end'
    | 'period_allowance'
    | 'cancel_at_period_end'
    | 'past_due_since'
    | 'ended_at'
    | 'end_reason'
    | 'paid_upgrade_tier'
    | 'paid_upgrade_at'
  >
>

/**
 * The membership of the subscription, created 'incomplete' with a fresh member code when no event
 * about it came before, and locked until the transaction ends so two events about one
 * subscription apply one after the other. `on conflict do nothing` covers both a subscription
 * another event has just created and a drawn code that is taken: the second is drawn again.
 */
async function ensureMembership(
  db: Db,
  ref: SubscriptionRef,
  now: Date,
  random: RandomInt,
): Promise<Membership> {
  for (let draw = 0; draw < maxCodeDraws; draw++) {
    await db
      .insertInto('memberships')
      .values({
        id: newMembershipId(),
        email: ref.email,
        tier: ref.tier,
        status: 'incomplete',
        provider: ref.provider,
        provider_customer: ref.customer,
        provider_subscription: ref.subscription,
        member_code: generateMemberCode(random),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
    const membership = await db
      .selectFrom('memberships')
      .selectAll()
      .where('provider_subscription', '=', ref.subscription)
      .forUpdate()
      .executeTakeFirst()
    if (membership) return membership
  }
  throw new Error('Could not draw a unique member code')
}

/** Draws member codes until `claim` takes one (true) rather than finding it taken (false). */
export async function drawMemberCode(
  claim: (code: string) => Promise<boolean>,
  random: RandomInt = cryptoRandomInt,
): Promise<string> {
  for (let draw = 0; draw < maxCodeDraws; draw++) {
    const code = generateMemberCode(random)
    if (await claim(code)) return code
  }
  throw new Error('Could not draw a unique member code')
}
