import { sql } from 'kysely'
import type { Clock } from '../clock'
import type { Db, ResendRequest } from '../db/schema'
import { queueResendMail } from './resend-codes'

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
 * Run by the mail worker before it sends: takes the waiting requests one at a time, oldest first,
 * and for each looks the address up and queues its mail (if it bought anything) in the same
 * transaction that deletes the request. Several processes skip each other's locked rows, so a
 * request is answered once; a failure rolls back and leaves it for the next run (the others of
 * this run go on: one bad request never holds up the rest); and the address is not kept past its
 * answer. Returns how many were answered; throws the first failure once the run is over.
 */
export async function answerResendRequests(
  db: Db,
  clock: Clock,
  options: { batchSize?: number; stopping?: () => boolean } = {},
): Promise<number> {
  let answered = 0
  const failed: number[] = []
  let firstError: { error: unknown } | undefined
  for (let i = 0; i < (options.batchSize ?? 20); i++) {
    if (options.stopping?.()) break
    let taking: number | undefined
    try {
      const done = await db.transaction().execute(async (trx) => {
        const skip = failed.length > 0 ? sql`where id not in (${sql.join(failed)})` : sql``
        const taken = await sql<ResendRequest>`
          delete from resend_requests
          where id = (select id from resend_requests ${skip} order by id limit 1 for update skip locked)
          returning *`.execute(trx)
        const request = taken.rows[0]
        if (!request) return false
        taking = request.id
        await queueResendMail(trx, request, clock.now())
        return true
      })
      if (!done) break
      answered++
    } catch (error) {
      if (taking === undefined) throw error
      failed.push(taking)
      firstError ??= { error }
    }
  }
  if (firstError) throw firstError.error
  return answered
}
