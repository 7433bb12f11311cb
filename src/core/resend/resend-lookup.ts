import { sql } from 'kysely'
import { codesOfOrders } from '../checkout/orders'
import type { Db, ResendRequest } from '../db/schema'
import { queueMail } from '../mail/outbox'
import { resendMail } from './resend-mail'

/** Orders older than this are not mailed again (their shows are long over). */
export const resendLookbackMs = 30 * 24 * 60 * 60_000

/** Orders that were paid and so may have codes (or had them). */
const paidStatuses = ['paid', 'fulfilled', 'flagged', 'refunded', 'disputed'] as const

/**
 * Queues the mail of an address's recent orders; false (and nothing queued) when it has none. The
 * mail worker runs it for each request (resend-requests.ts), never the route: see there why.
 */
export async function queueResendMail(
  db: Db,
  request: Pick<ResendRequest, 'email' | 'dedupe_key'>,
  now: Date,
): Promise<boolean> {
  const { email } = request
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('created_at', '>=', new Date(now.getTime() - resendLookbackMs))
    .where('status', 'in', paidStatuses)
    .orderBy('created_at', 'desc')
    .execute()
  if (orders.length === 0) return false
  const codes = await codesOfOrders(
    db,
    orders.map((order) => order.id),
  )
  await queueMail(
    db,
    {
      // The request's key: a double click (or a second tab) within a minute queues one mail, even
      // when the worker took the first request before the second came.
      dedupeKey: request.dedupe_key,
      ...resendMail(email, orders, codes, now),
    },
    now,
  )
  return true
}
