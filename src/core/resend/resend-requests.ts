import type { Clock } from '../clock'
import type { Db } from '../db/schema'
import { type AnswerOptions, answerWaitingRequests } from '../mail/waiting-requests'
import { queueResendMail } from './resend-lookup'

/** Requests for one address within the same minute share this key: one lookup, one mail. */
export function resendDedupeKey(email: string, at: Date): string {
  return `resend:${email.toLowerCase()}:${Math.floor(at.getTime() / 60_000)}`
}

/**
 * What POST /api/resend-codes does before it answers: one insert, the same for a buyer and a
 * stranger, so neither the answer nor its timing tells them apart. Nothing about orders is read
 * here; the mail worker answers the request (answerResendRequests).
 */
export async function recordResendRequest(db: Db, email: string, now: Date): Promise<void> {
  await db
    .insertInto('resend_requests')
    .values({ email, dedupe_key: resendDedupeKey(email, now), requested_at: now })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute()
}

/**
 * Run by the mail worker before it sends: each waiting request, oldest first, is looked up and
 * its mail queued (if the address bought anything) in the transaction that deletes it
 * (answerWaitingRequests says how failures and other processes are handled). Returns how many
 * were answered; throws the first failure once the run is over.
 */
export function answerResendRequests(
  db: Db,
  clock: Clock,
  options: AnswerOptions = {},
): Promise<number> {
  return answerWaitingRequests(
    db,
    'resend_requests',
    (trx, request) => queueResendMail(trx, request, clock.now()),
    options,
  )
}
