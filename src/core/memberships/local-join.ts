import type { TierId } from '../../shared/memberships'
import type { Membership, TestCardRenewal } from '../db/membership-tables'
import type { Db } from '../db/schema'
import { queueMail } from '../mail/outbox'
import { memberCodeMail } from './member-code-mail'
import { startMembership } from './membership-lifecycle'
import { localPayment, recordPaidInvoice } from './membership-payments'

/** A membership the test checkout sells: its subscription id, chosen tier and address. */
export interface LocalJoin {
  subscription: string
  tier: TierId
  email: string
}

/** What the card the member paid with does at each renewal, which the test checkout bills itself. */
export type LocalPayment = LocalJoin & { renewal: TestCardRenewal }

/**
 * The test checkout's first payment of a membership, told as the two events a provider sends:
 * the checkout completed and the first invoice paid for now to a month on. Their ids come from
 * the subscription, so paying twice (a double submit) changes nothing and mails once. The mail
 * leads to the member page on the site at `publicUrl`.
 */
export function payLocalMembership(
  db: Db,
  payment: LocalPayment,
  now: Date,
  publicUrl: string,
): Promise<Membership> {
  // One transaction: the member code's mail exists exactly when the paid membership does.
  return db.transaction().execute((trx) => pay(trx, payment, now, publicUrl))
}

async function pay(
  db: Db,
  { renewal, ...join }: LocalPayment,
  now: Date,
  publicUrl: string,
): Promise<Membership> {
  const event = { provider: 'local' as const, customer: null, ...join }
  await startMembership(db, { ...event, eventId: `${join.subscription}:checkout` }, now)
  const invoiceId = `${join.subscription}:invoice-1`
  const membership = await recordPaidInvoice(
    db,
    {
      ...event,
      eventId: invoiceId,
      billingReason: 'subscription_create',
      periodStart: now,
      periodEnd: oneMonthAfter(now),
      payment: localPayment(invoiceId, join.tier, now),
    },
    now,
  )
  // The card decides every renewal (test-renewals.ts); the first one to pay it sets it.
  await db
    .updateTable('memberships')
    .set({ test_card_renewal: renewal })
    .where('id', '=', membership.id)
    .where('test_card_renewal', 'is', null)
    .execute()
  await queueMail(
    db,
    {
      dedupeKey: `member-code:${membership.id}`,
      ...memberCodeMail(membership.email, membership.tier, membership.member_code, publicUrl),
    },
    now,
  )
  return membership
}

/** The same day and time a calendar month on (31 January: 3 March, as Date counts). */
export function oneMonthAfter(date: Date): Date {
  const next = new Date(date)
  next.setUTCMonth(next.getUTCMonth() + 1)
  return next
}
