import type { TierId } from '../../shared/memberships'
import type { Membership } from '../db/membership-tables'
import type { Db } from '../db/schema'
import { queueMail } from '../mail/outbox'
import { memberCodeMail } from './member-code-mail'
import { refillPeriod, startMembership } from './memberships'

/** A membership the test checkout sells: its subscription id, chosen tier and address. */
export interface LocalJoin {
  subscription: string
  tier: TierId
  email: string
}

/**
 * The test checkout's first payment of a membership, told as the two events a provider sends:
 * the checkout completed and the first invoice paid for now to a month on. Their ids come from
 * the subscription, so paying twice (a double submit) changes nothing and mails once.
 */
export function payLocalMembership(db: Db, join: LocalJoin, now: Date): Promise<Membership> {
  // One transaction: the member code's mail exists exactly when the paid membership does.
  return db.transaction().execute((trx) => pay(trx, join, now))
}

async function pay(db: Db, join: LocalJoin, now: Date): Promise<Membership> {
  const event = { provider: 'local' as const, customer: null, ...join }
  await startMembership(db, { ...event, eventId: `${join.subscription}:checkout` }, now)
  const membership = await refillPeriod(
    db,
    {
      ...event,
      eventId: `${join.subscription}:invoice-1`,
      billingReason: 'subscription_create',
      periodStart: now,
      periodEnd: oneMonthAfter(now),
    },
    now,
  )
  await queueMail(
    db,
    {
      dedupeKey: `member-code:${membership.id}`,
      ...memberCodeMail(membership.email, membership.tier, membership.member_code),
    },
    now,
  )
  return membership
}

/** The same day and time a calendar month on (31 January: 3 March, as Date counts). */
function oneMonthAfter(date: Date): Date {
  const next = new Date(date)
  next.setUTCMonth(next.getUTCMonth() + 1)
  return next
}
