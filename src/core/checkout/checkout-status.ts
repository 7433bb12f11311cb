import { LRUCache } from 'lru-cache'
import type { SessionResponse } from '../../shared/checkout'
import { formatCode } from '../../shared/code-format'
import { orderReference } from '../../shared/order-reference'
import { codeState } from '../codes/code-state'
import type { Code, Db, Order } from '../db/schema'
import { refuse } from '../refusal'
import { sessionMessages } from './checkout-texts'
import { type SettleDeps, settleCheckout } from './order-payments'
import { findOrderBySession, findOrderCodes } from './orders'

/** Where a checkout stands, in the words the success page shows. */

/**
 * Where a checkout stands, as the success page's poll answers it. No purchase (`not-found`), a
 * payment the team checks by hand (`conflict`) and a checkout paid and turned back or never paid
 * within a day (`gone`) are refusals, thrown.
 */
export type CheckoutStatus =
  | { kind: 'awaiting-payment' }
  | { kind: 'preparing-codes' }
  /** The codes, as the success page's 200 body, serialised once. */
  | { kind: 'ready'; json: string }

export const checkoutStatusCache = {
  /** Enough for every purchase of a busy week; a miss only costs one database read. */
  capacity: 5000,
  /**
   * A fulfilled session's answer is reused this long: the page shows each code's state (redeemed
   * at the kiosk, voided by a refund made in any process) and asks again every few seconds while
   * one can change, so a redemption shows within about half a minute.
   */
  fulfilledMs: 10_000,
  /** A "not paid yet" from the provider is reused this long per session before asking again. */
  pendingMs: 2_000,
} as const

/** Paid and then turned back, or never paid within a day: no codes, and why. */
const endedMessages: Partial<Record<Order['status'], string>> = {
  refunded: sessionMessages.refunded,
  disputed: sessionMessages.disputed,
  expired: sessionMessages.expired,
}

export interface CheckoutStatusReader {
  /** Where the session's checkout stands; throws a Refusal when it has no codes to come. */
  read(sessionId: string): Promise<CheckoutStatus>
}

/**
 * The order-status state machine behind GET /api/get-session (docs/product.md, "Cart and
 * checkout"). A page polls every few seconds, so each process keeps, per session, the finished
 * answer of a fulfilled order and the provider's last "not paid yet": the provider is asked at
 * most once per `pendingMs`, while the order row itself is read on every poll, so a payment the
 * webhook recorded shows at once.
 */
export function createCheckoutStatusReader(
  deps: SettleDeps & { onProviderError?: ((error: unknown, order: Order) => void) | undefined },
): CheckoutStatusReader {
  // Bounded whatever the traffic; each entry keeps until when (clock ms) it stands.
  const fulfilled = new LRUCache<string, { json: string; until: number }>({
    max: checkoutStatusCache.capacity,
  })
  const notPaidUntil = new LRUCache<string, number>({ max: checkoutStatusCache.capacity })

  const settle = async (order: Order) => {
    try {
      return await settleCheckout(deps, order)
    } catch (error) {
      // The provider is unreachable: the page keeps polling, and its webhook still fulfils.
      deps.onProviderError?.(error, order)
      return false
    }
  }

  return {
    async read(sessionId) {
      const now = deps.clock.now().getTime()
      const cached = fulfilled.get(sessionId)
      if (cached && cached.until > now) return { kind: 'ready', json: cached.json }

      let order = await findOrderBySession(deps.db, sessionId)
      if (!order) throw refuse.notFound(sessionMessages.notFound)
      const askProvider = order.status === 'paid' || (notPaidUntil.get(sessionId) ?? 0) <= now
      if ((order.status === 'pending' || order.status === 'paid') && askProvider) {
        const paid = await settle(order)
        if (!paid && order.status === 'pending') {
          notPaidUntil.set(sessionId, now + checkoutStatusCache.pendingMs)
        }
        // Asking the provider may have paid, fulfilled, flagged or reversed the order: answer
        // what it is now.
        order = (await findOrderBySession(deps.db, sessionId)) ?? order
      }
      const ended = endedMessages[order.status]
      if (ended) throw refuse.gone(ended)
      if (order.status === 'flagged') throw refuse.conflict(sessionMessages.flagged)
      if (order.status !== 'fulfilled' || !order.show_name || !order.show_starts_at) {
        return { kind: order.status === 'pending' ? 'awaiting-payment' : 'preparing-codes' }
      }

      const codes = await findOrderCodes(deps.db, order.id)
      const rejected = await rejectedMessages(deps.db, order.id, codes)
      const at = deps.clock.now()
      const body: SessionResponse = {
        id: sessionId,
        codes: codes.map((code) => ({
          code: formatCode(code.code),
          description: code.description,
          state: codeState(code, at),
          redeemedAt: code.redeemed_at?.toISOString() ?? null,
          expiresAt: code.expires_at.toISOString(),
          ...(code.message ? { message: code.message } : {}),
          ...(rejected.has(code.code) ? { messageNotShown: true } : {}),
        })),
        show: {
          name: order.show_name,
          startsAt: order.show_starts_at.toISOString(),
          ...(order.show_id ? { id: order.show_id } : {}),
        },
        order: {
          reference: orderReference(order.id),
          lines: order.lines.map((line) => ({
            name: line.name,
            quantity: line.quantity,
            cents: line.unitCents * line.quantity,
          })),
          paidCents: order.paid_cents ?? order.total_cents,
          emailed: order.email !== null,
        },
      }
      const json = JSON.stringify(body)
      fulfilled.set(sessionId, { json, until: now + checkoutStatusCache.fulfilledMs })
      return { kind: 'ready', json }
    },
  }
}

/** The order's redeemed codes whose message the host rejected: "Your message was not shown." */
async function rejectedMessages(db: Db, orderId: string, codes: Code[]): Promise<Set<string>> {
  if (!codes.some((code) => code.redeemed_at && code.message)) return new Set()
  const rows = await db
    .selectFrom('redemptions')
    .select('code')
    .where('order_id', '=', orderId)
    .where('message_state', '=', 'rejected')
    .execute()
  return new Set(rows.map((row) => row.code))
}
