import type { Membership } from '../db/membership-tables'
import type { Db } from '../db/schema'
import { queueMail } from '../mail/outbox'
import { memberCodeMail } from './member-code-mail'
import {
  endMembership,
  type MembershipEnded,
  type RenewalFailed,
  recordRenewalFailure,
  startMembership,
} from './membership-lifecycle'
import { type PaidInvoice, recordPaidInvoice } from './membership-payments'
import type { ProviderEvent } from './provider-events'
import { applySubscriptionUpdate, type SubscriptionSnapshot } from './subscription-update'

/**
 * A provider's membership event, read by its adapter into the one call this folder makes of it
 * (docs/decisions/017-memberships.md). Each carries the event's id: a redelivery changes nothing.
 */
export type MembershipProviderChange =
  | { type: 'started'; event: ProviderEvent }
  | { type: 'invoice-paid'; invoice: PaidInvoice }
  | { type: 'invoice-failed'; failure: RenewalFailed }
  | { type: 'subscription-updated'; snapshot: SubscriptionSnapshot }
  | { type: 'ended'; ended: MembershipEnded }

/**
 * Makes the call a membership event stands for; the membership as it left it. The first time a
 * membership is seen paid, its member code is mailed, in the same transaction (once: the mail's
 * key is the membership's), with the way to the member page on the site at `publicUrl`.
 */
export function applyMembershipChange(
  db: Db,
  change: MembershipProviderChange,
  now: Date,
  publicUrl: string,
): Promise<Membership> {
  return db.transaction().execute(async (trx) => {
    const membership = await callFor(trx, change, now)
    if (membership.status === 'active' || membership.status === 'past_due') {
      await mailMemberCode(trx, membership, now, publicUrl)
    }
    return membership
  })
}

/** The member code's mail, queued once per membership whoever asks first. */
export function mailMemberCode(
  db: Db,
  membership: Membership,
  now: Date,
  publicUrl: string,
): Promise<void> {
  const mail = memberCodeMail(membership.email, membership.tier, membership.member_code, publicUrl)
  return queueMail(db, { dedupeKey: `member-code:${membership.id}`, ...mail }, now)
}

function callFor(db: Db, change: MembershipProviderChange, now: Date): Promise<Membership> {
  switch (change.type) {
    case 'started':
      return startMembership(db, change.event, now)
    case 'invoice-paid':
      return recordPaidInvoice(db, change.invoice, now)
    case 'invoice-failed':
      return recordRenewalFailure(db, change.failure, now)
    case 'subscription-updated':
      return applySubscriptionUpdate(db, change.snapshot, now)
    case 'ended':
      return endMembership(db, change.ended, now)
  }
}
