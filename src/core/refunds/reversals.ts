import type { Db, Order } from '../db/schema'
import { queueMail } from '../mail/outbox'
import { refundMail } from './refund-mail'

/** What the payment provider reported about a payment after it was made. */
export interface ReversalReport {
  paymentRef: string
  /** The provider's running total of money refunded on the payment (never a delta). */
  refundedCents?: number | undefined
  /** The payment was refunded in full. */
  fullyRefunded?: boolean | undefined
  /** The buyer's bank opened a dispute: the money is held back. */
  disputed?: boolean | undefined
}

/**
 * Records a refund or dispute and applies it to the order it concerns. Safe to repeat and to
 * receive in any order: the running total only grows, the first full refund or dispute is kept,
 * and a report about a payment not known yet waits for it (recordPayment applies it). Returns
 * the orders this call reversed: their unredeemed codes are void now.
 */
export async function recordReversal(db: Db, report: ReversalReport, now: Date): Promise<Order[]> {
  await db
    .insertInto('payment_reversals')
    .values({
      payment_ref: report.paymentRef,
      refunded_cents: report.refundedCents ?? 0,
      fully_refunded_at: report.fullyRefunded ? now : null,
      disputed_at: report.disputed ? now : null,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('payment_ref').doUpdateSet((eb) => ({
        refunded_cents: eb.fn('greatest', [
          eb.ref('payment_reversals.refunded_cents'),
          eb.ref('excluded.refunded_cents'),
        ]),
        fully_refunded_at: eb.fn.coalesce(
          'payment_reversals.fully_refunded_at',
          'excluded.fully_refunded_at',
        ),
        disputed_at: eb.fn.coalesce('payment_reversals.disputed_at', 'excluded.disputed_at'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute()
  return applyReversals(db, report.paymentRef, now)
}

/**
 * Brings the orders paid with `paymentRef` in line with what was reported about that payment:
 * the money refunded so far, and, after a full refund or a dispute, the order `refunded` or
 * `disputed` with its unredeemed codes void and (for a refund) a mail to the buyer. Each order
 * is reversed once: the status guard lets one caller through. In one transaction, or in the
 * caller's (`trx`), so a payment and what was reported about it commit together.
 */
export async function applyReversals(db: Db, paymentRef: string, now: Date): Promise<Order[]> {
  if (!db.isTransaction)
    return db.transaction().execute((trx) => applyReversals(trx, paymentRef, now))
  const reversal = await findReversal(db, paymentRef)
  if (!reversal) return []
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('payment_ref', '=', paymentRef)
    .execute()

  const reversed: Order[] = []
  for (const order of orders) {
    const paid = order.paid_cents ?? order.total_cents
    const disputed =
      reversal.disputed_at !== null &&
      (reversal.fully_refunded_at === null || reversal.disputed_at <= reversal.fully_refunded_at)
    const full = takesPaymentBack(reversal, paid)
    await db
      .updateTable('orders')
      .set((eb) => ({
        refunded_cents: eb.fn('greatest', [
          eb.ref('refunded_cents'),
          eb.val(reversal.refunded_cents),
        ]),
      }))
      .where('id', '=', order.id)
      .execute()
    if (!full) continue
    const status = disputed ? 'disputed' : 'refunded'
    const moved = await db
      .updateTable('orders')
      .set({ status, reversed_at: now })
      .where('id', '=', order.id)
      .where('status', 'in', ['paid', 'fulfilled', 'flagged'])
      .returningAll()
      .executeTakeFirst()
    if (!moved) continue
    const voided = await db
      .updateTable('codes')
      .set({ voided_at: now, void_reason: disputed ? 'dispute' : 'refund' })
      .where('order_id', '=', order.id)
      .where('redeemed_at', 'is', null)
      .where('voided_at', 'is', null)
      .returning(['code', 'description'])
      .execute()
    if (status === 'refunded' && moved.email) {
      await queueMail(db, { dedupeKey: `refund:${moved.id}`, ...refundMail(moved, voided) }, now)
    }
    reversed.push(moved)
  }
  return reversed
}

/** What was reported about a payment, if anything. */
export function findReversal(db: Db, paymentRef: string) {
  return db
    .selectFrom('payment_reversals')
    .selectAll()
    .where('payment_ref', '=', paymentRef)
    .executeTakeFirst()
}

/**
 * True when what was reported about a payment takes all of it back: a dispute, a full refund, or
 * refunds that reach what was paid. Such a payment never buys codes.
 */
export function takesPaymentBack(
  reversal: { disputed_at: Date | null; fully_refunded_at: Date | null; refunded_cents: number },
  paidCents: number,
): boolean {
  return (
    reversal.disputed_at !== null ||
    reversal.fully_refunded_at !== null ||
    reversal.refunded_cents >= paidCents
  )
}
