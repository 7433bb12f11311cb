import { formatCode } from '../../shared/code-format'
import { limits } from '../../shared/limits'
import { formatUsd } from '../../shared/money'
import { siteConfig } from '../../shared/site-config'
import type { Db, Order } from '../db/schema'
import { composeMail } from '../mail/compose'
import { queueMail } from '../mail/outbox'

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

/** The policies' rule (spec, "Info and policies"): refunds within 7 days of purchase. */
export const refundWindowMs = limits.refundWindowDays * 24 * 60 * 60_000

/**
 * Records a refund or dispute and applies it to the order it concerns. Safe to repeat and to
 * receive in any order: the running total only grows, the first full refund or dispute is kept,
 * and a report about a payment not known yet waits for it (markOrderPaid applies it). Returns
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
 * is reversed once: the status guard lets one caller through.
 */
export async function applyReversals(db: Db, paymentRef: string, now: Date): Promise<Order[]> {
  const reversal = await db
    .selectFrom('payment_reversals')
    .selectAll()
    .where('payment_ref', '=', paymentRef)
    .executeTakeFirst()
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
    const full = disputed || reversal.fully_refunded_at !== null || reversal.refunded_cents >= paid
    const done = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('orders')
        .set((eb) => ({
          refunded_cents: eb.fn('greatest', [
            eb.ref('refunded_cents'),
            eb.val(reversal.refunded_cents),
          ]),
        }))
        .where('id', '=', order.id)
        .execute()
      if (!full) return undefined
      const status = disputed ? 'disputed' : 'refunded'
      const moved = await trx
        .updateTable('orders')
        .set({ status, reversed_at: now })
        .where('id', '=', order.id)
        .where('status', 'in', ['paid', 'fulfilled', 'flagged'])
        .returningAll()
        .executeTakeFirst()
      if (!moved) return undefined
      const voided = await trx
        .updateTable('codes')
        .set({ voided_at: now, void_reason: disputed ? 'dispute' : 'refund' })
        .where('order_id', '=', order.id)
        .where('redeemed_at', 'is', null)
        .where('voided_at', 'is', null)
        .returning(['code', 'description'])
        .execute()
      if (status === 'refunded' && moved.email) {
        await queueMail(trx, { dedupeKey: `refund:${moved.id}`, ...refundMail(moved, voided) }, now)
      }
      return moved
    })
    if (done) reversed.push(done)
  }
  return reversed
}

/** Tells the buyer the money is on its way back and which codes stopped working. */
export function refundMail(
  order: Pick<Order, 'email' | 'id' | 'refunded_cents' | 'paid_cents' | 'total_cents'>,
  voided: { code: string; description: string }[],
) {
  const amount = formatUsd(Math.max(order.refunded_cents, order.paid_cents ?? order.total_cents))
  return composeMail(order.email ?? '', `Your ${siteConfig.brand} refund`, [
    {
      paragraph: `We have refunded ${amount} for your order ${order.id}. Your bank shows it within 5 to 10 business days.`,
    },
    ...(voided.length > 0
      ? [
          { heading: 'These codes no longer work' },
          {
            codes: voided.map((c) => ({ code: formatCode(c.code), note: c.description })),
          },
        ]
      : []),
    { paragraph: 'Codes you already redeemed at the show stay redeemed. Thank you for coming.' },
  ])
}

/** What the provider did when asked for a refund. */
export interface ProviderRefund {
  paymentRef: string
  /** The running total refunded on the payment after this refund. */
  refundedCents: number
}

/** The one thing the operator's refund needs of a payment provider. */
export interface Refunder {
  refund(order: Order): Promise<ProviderRefund>
}

/** A refund the operator cannot make, with the reason in a sentence. */
export class RefundRefused extends Error {}

/**
 * The operator's refund: checks the order may be refunded (paid, not refunded or disputed yet,
 * within 7 days unless forced), asks the provider, then records it like a reported refund: the
 * order becomes `refunded`, its unredeemed codes void, and the buyer gets a mail.
 */
export async function refundOrder(
  deps: { db: Db; payments: Refunder; now: Date },
  orderId: string,
  options: { force: boolean },
): Promise<Order> {
  const { db, payments, now } = deps
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirst()
  const refusal = order ? refundRefusal(order, now, options) : `There is no order ${orderId}.`
  if (refusal || !order) throw new RefundRefused(refusal)
  const refund = await payments.refund(order)
  await recordReversal(
    db,
    { paymentRef: refund.paymentRef, refundedCents: refund.refundedCents, fullyRefunded: true },
    now,
  )
  return (
    (await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst()) ??
    order
  )
}

/** Why an order may not be refunded now, or undefined when it may. */
export function refundRefusal(
  order: Order,
  now: Date,
  options: { force: boolean },
): string | undefined {
  switch (order.status) {
    case 'pending':
    case 'expired':
      return `Order ${order.id} was never paid: there is nothing to refund.`
    case 'refunded':
      return `Order ${order.id} was refunded already (${order.reversed_at?.toISOString() ?? 'earlier'}): it cannot be refunded twice.`
    case 'disputed':
      return `Order ${order.id} is disputed: the bank holds the money. Answer the dispute in the Stripe dashboard instead.`
  }
  const paidAt = order.paid_at ?? order.created_at
  if (!options.force && now.getTime() - paidAt.getTime() > refundWindowMs) {
    const days = Math.floor((now.getTime() - paidAt.getTime()) / (24 * 60 * 60_000))
    return `Order ${order.id} was paid ${days} days ago (${paidAt.toISOString()}); the policy allows refunds within ${limits.refundWindowDays} days. Add --force to refund it anyway.`
  }
  return undefined
}
