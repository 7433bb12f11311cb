import { limits } from '../../shared/limits'
import type { Db, EventRow } from '../db/schema'
import { queueMail } from '../mail/outbox'
import {
  type BuyerNews,
  type CancelOutcome,
  showCancelledMail,
  showMovedMail,
} from './show-change-mail'

/**
 * Everyone told when plans change (docs/console.md, "When plans change"): a show moved or
 * cancelled with codes sold mails each of its buyers once, through the outbox, in the same
 * transaction as the change. The product knows who bought (an order's address), not who else
 * meant to come: members are not mailed.
 */

/** The show's buyers, one per address: paid orders with an address, with their unused codes. */
export async function showBuyers(db: Db, showId: string): Promise<BuyerNews[]> {
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'email', 'time_zone'])
    .where('show_id', '=', showId)
    .where('status', 'in', ['paid', 'fulfilled'])
    .where('email', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  if (orders.length === 0) return []
  const codes = await db
    .selectFrom('codes')
    .select(['order_id', 'code', 'description'])
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .where('redeemed_at', 'is', null)
    .where('voided_at', 'is', null)
    .orderBy('order_id')
    .orderBy('seq')
    .execute()
  const buyers = new Map<string, BuyerNews>()
  for (const order of orders) {
    const to = order.email ?? ''
    const key = to.toLowerCase()
    const buyer = buyers.get(key) ?? { to, timeZone: null, unused: [] }
    // The latest order that knows the buyer's zone says it.
    buyer.timeZone = order.time_zone ?? buyer.timeZone
    buyer.unused.push(...codes.filter((c) => c.order_id === order.id))
    buyers.set(key, buyer)
  }
  return [...buyers.values()]
}

/** When a show's unused codes stop redeeming. */
export const codesUntil = (startsAt: Date) => new Date(startsAt.getTime() + limits.showRolloverMs)

/** Mails every buyer of a show that moved from `from` to its start now; returns how many. */
export async function queueMovedMails(
  db: Db,
  show: EventRow,
  from: Date,
  now: Date,
): Promise<number> {
  const buyers = await showBuyers(db, show.id)
  for (const buyer of buyers) {
    await queueMail(
      db,
      {
        dedupeKey: `show-moved:${show.id}:${show.starts_at.getTime()}:${buyer.to.toLowerCase()}`,
        ...showMovedMail(buyer, show, from, show.starts_at, codesUntil(show.starts_at)),
      },
      now,
    )
  }
  return buyers.length
}

/** Mails every buyer of a cancelled show what happens to their codes; returns how many. */
export async function queueCancelledMails(
  db: Db,
  show: EventRow,
  buyers: BuyerNews[],
  outcome: CancelOutcome,
  now: Date,
): Promise<number> {
  for (const buyer of buyers) {
    await queueMail(
      db,
      {
        dedupeKey: `show-cancelled:${show.id}:${buyer.to.toLowerCase()}`,
        ...showCancelledMail(buyer, { name: show.name, startsAt: show.starts_at }, outcome),
      },
      now,
    )
  }
  return buyers.length
}

/**
 * A cancelled show's orders go to `next`: they count at that show, and their unused codes
 * redeem until it ends, as if bought for it.
 */
export async function moveOrdersTo(db: Db, from: EventRow, next: EventRow): Promise<void> {
  const orders = db.selectFrom('orders').select('id').where('show_id', '=', from.id)
  await db
    .updateTable('codes')
    .set({ expires_at: codesUntil(next.starts_at) })
    .where('order_id', 'in', orders)
    .where('redeemed_at', 'is', null)
    .where('voided_at', 'is', null)
    .execute()
  await db
    .updateTable('orders')
    .set({ show_id: next.id, show_name: next.name, show_starts_at: next.starts_at })
    .where('show_id', '=', from.id)
    .execute()
}
