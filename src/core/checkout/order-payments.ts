import { storeCurrency } from '../../shared/money'
import type { Clock } from '../clock'
import type { Db, Order } from '../db/schema'
import { applyReversals } from '../refunds/reversals'
import { type FulfilDeps, fulfilCheckout } from './fulfil'
import { findOrderBySession } from './orders'
import type { Payment, PaymentProvider, ProviderEvent } from './payment-provider'

/**
 * Why a payment does not pay for its order (another amount or currency than the order's), or
 * undefined when it does. Such an order is flagged, never fulfilled: the operator looks at it.
 */
export function paymentMismatch(
  order: Pick<Order, 'total_cents'>,
  payment: Pick<Payment, 'amountCents' | 'currency'>,
): string | undefined {
  const currency = payment.currency.toLowerCase()
  if (payment.amountCents === order.total_cents && currency === storeCurrency) return undefined
  return `the provider took ${formatAmount(payment.amountCents, currency)}, the order is ${formatAmount(order.total_cents, storeCurrency)}`
}

function formatAmount(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`
}

/**
 * Records that the provider took the money. Only a pending order moves, in one statement, so a
 * double submit or a second webhook delivery pays nothing twice. An order expired unpaid moves
 * too: money that arrives late still buys the codes. A payment that does not match the order
 * flags it instead (status `flagged`, with the reason). A refund or dispute that arrived before
 * the payment was known is applied in the same transaction, so no crash between the two can leave
 * a paid order whose money went back. Returns the order as this call left it, when this call was
 * the one that moved it.
 */
export async function recordPayment(
  db: Db,
  sessionId: string,
  payment: Payment,
): Promise<Order | undefined> {
  const order = await findOrderBySession(db, sessionId)
  if (!order || (order.status !== 'pending' && order.status !== 'expired')) return undefined
  const mismatch = paymentMismatch(order, payment)
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('orders')
      .set({
        status: mismatch ? 'flagged' : 'paid',
        paid_at: payment.at,
        payment_ref: payment.ref,
        paid_cents: payment.amountCents,
        paid_currency: payment.currency.toLowerCase(),
        flag_reason: mismatch ?? null,
      })
      .where('id', '=', order.id)
      .where('status', 'in', ['pending', 'expired'])
      .returningAll()
      .executeTakeFirst()
    if (!moved) return undefined
    const reversed = await applyReversals(trx, payment.ref, payment.at)
    return reversed.find((each) => each.id === moved.id) ?? moved
  })
}

export interface SettleDeps extends FulfilDeps {
  payments: PaymentProvider
  clock: Clock
  /** Told of a payment that does not match its order (flagged, not fulfilled). */
  onFlagged?: ((order: Order) => void) | undefined
}

/**
 * The success page's poll: asks the provider whether the checkout was paid, records a payment it
 * did not know of, and fulfils. So codes appear even when the provider's own signal (Stripe's
 * webhook) is late or lost. Returns false when the provider says it is not paid yet.
 */
export async function settleCheckout(deps: SettleDeps, order: Order): Promise<boolean> {
  const check = await deps.payments.checkPayment(order)
  if (!check.paid) return false
  if (check.payment && order.status === 'pending') {
    const moved = await recordPayment(deps.db, order.session_id, check.payment)
    if (moved?.status === 'flagged') {
      deps.onFlagged?.(moved)
      return true
    }
  }
  await fulfilCheckout(deps, order.session_id)
  return true
}

/**
 * A payment the provider reported by itself (Stripe's webhook): the order is found by its session,
 * or by its id while it still holds a provisional session id, then paid and fulfilled. Every step
 * is safe to repeat, so a redelivered event changes nothing. Returns undefined when no order of
 * this store matches (another shop or environment on the same provider account).
 */
export async function recordReportedPayment(
  deps: SettleDeps,
  event: Extract<ProviderEvent, { kind: 'payment' }>,
): Promise<Order | undefined> {
  const order = await findOrderForPayment(deps, event)
  if (!order) return undefined
  if (order.session_id !== event.sessionId) {
    // The order still holds its provisional id: the write after creating the session was lost.
    await deps.db
      .updateTable('orders')
      .set({ session_id: event.sessionId })
      .where('id', '=', order.id)
      .where('session_id', '=', order.session_id)
      .execute()
  }
  const moved = await recordPayment(deps.db, event.sessionId, event.payment)
  if (moved?.status === 'flagged') deps.onFlagged?.(moved)
  await fulfilCheckout(deps, event.sessionId)
  return order
}

async function findOrderForPayment(
  deps: SettleDeps,
  event: Extract<ProviderEvent, { kind: 'payment' }>,
): Promise<Order | undefined> {
  const provider = deps.payments.name
  const bySession = await findOrderBySession(deps.db, event.sessionId)
  if (bySession) return bySession.provider === provider ? bySession : undefined
  if (!event.orderId) return undefined
  const byId = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', event.orderId)
    .where('provider', '=', provider)
    .executeTakeFirst()
  // Only an order that never learnt its provider's session id may be matched by its id alone.
  return byId && deps.payments.isProvisionalSessionId(byId.session_id) ? byId : undefined
}
