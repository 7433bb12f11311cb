import { normalizeCode } from '../../shared/code-format'
import type { Code, Db, Order } from '../db/schema'
import { type RefundRefusal, refundRefusal } from './refund-order'
import { refundTexts } from './refund-texts'

/**
 * Part of an order refunded (decision 046): its unused codes (or the codes named), at their
 * lines' price, or an amount. The codes refunded are voided, the others keep working; a code
 * already redeemed is refunded only when the host chose it (`includeRedeemed`), and so is an
 * amount larger than what the unused codes are worth.
 */
export type PartRequest =
  | { kind: 'codes'; codes?: string[] | undefined; includeRedeemed: boolean }
  | { kind: 'amount'; cents: number; includeRedeemed: boolean }

export interface PartOptions {
  /** Past the refund window. */
  force: boolean
  /**
   * What the order had refunded when the host was asked: a refund since (another, or this one
   * made already by a request now retried) refuses, so one confirmation refunds once.
   */
  refundedWhenAsked?: number | undefined
}

/** What a partial refund would do: the money, the codes it voids and those it refunds used. */
export interface PartPlan {
  cents: number
  /** The order's money not refunded yet. */
  remainingCents: number
  /** Codes refunded: the unused are voided, the redeemed (chosen) stay redeemed. */
  codes: Code[]
  /** Codes of the order that keep working. */
  keeps: Code[]
}

const price = (order: Order, code: Code) =>
  order.lines.find((line) => line.productId === code.product_id)?.unitCents ?? 0

const usable = (code: Code) => code.voided_at === null && code.redeemed_at === null

/**
 * What refunding `request` of the order would do, or why it may not be done: the order's state
 * and the window as for a whole refund, then the codes or the amount asked.
 */
export async function planPartialRefund(
  db: Db,
  order: Order,
  request: PartRequest,
  now: Date,
  options: PartOptions,
): Promise<{ plan: PartPlan } | { refusal: RefundRefusal }> {
  const refusal = refundRefusal(order, now, options)
  if (refusal) return { refusal }
  if (options.refundedWhenAsked !== undefined && order.refunded_cents !== options.refundedWhenAsked)
    return {
      refusal: {
        message: refundTexts.refundedWhileDeciding(order.id, order.refunded_cents),
        advice: 'look-again',
      },
    }
  const remainingCents = (order.paid_cents ?? order.total_cents) - order.refunded_cents
  const codes = await db
    .selectFrom('codes')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('seq')
    .execute()
  const chosen = request.kind === 'codes' ? chooseCodes(order, codes, request) : { codes: [] }
  if ('refusal' in chosen) return chosen
  const cents =
    request.kind === 'amount'
      ? request.cents
      : Math.min(
          remainingCents,
          chosen.codes.reduce((sum, code) => sum + price(order, code), 0),
        )
  if (cents <= 0 || cents > remainingCents)
    return { refusal: { message: refundTexts.amountOutOfRange(order.id, cents, remainingCents) } }
  if (cents === remainingCents)
    return { refusal: { message: refundTexts.wholeRemainder(order.id, remainingCents) } }
  if (request.kind === 'amount' && !request.includeRedeemed) {
    // The money of what was used at the show stays the club's unless the host chose otherwise.
    const used = codes
      .filter((code) => code.redeemed_at !== null && code.refund_id === null)
      .reduce((sum, code) => sum + price(order, code), 0)
    if (cents > remainingCents - used)
      return {
        refusal: {
          message: refundTexts.amountCoversRedeemed(order.id, cents, remainingCents - used),
          advice: 'include-redeemed',
        },
      }
  }
  const refunded = new Set(chosen.codes.map((code) => code.code))
  return {
    plan: {
      cents,
      remainingCents,
      codes: chosen.codes,
      keeps: codes.filter((code) => usable(code) && !refunded.has(code.code)),
    },
  }
}

function chooseCodes(
  order: Order,
  codes: Code[],
  request: Extract<PartRequest, { kind: 'codes' }>,
): { codes: Code[] } | { refusal: RefundRefusal } {
  if (!request.codes) {
    const unused = codes.filter(usable)
    if (unused.length === 0) return { refusal: { message: refundTexts.noUnusedCodes(order.id) } }
    return { codes: unused }
  }
  const chosen: Code[] = []
  for (const typed of request.codes) {
    const normalized = normalizeCode(typed)
    const code = normalized.ok ? codes.find((c) => c.code === normalized.code) : undefined
    if (!code) return { refusal: { message: refundTexts.notOfOrder(order.id, typed) } }
    if (code.refund_id !== null || code.voided_at !== null)
      return { refusal: { message: refundTexts.codeVoidAlready(order.id, code.code) } }
    if (code.redeemed_at !== null && !request.includeRedeemed)
      return {
        refusal: {
          message: refundTexts.codeRedeemed(order.id, code.code),
          advice: 'include-redeemed',
        },
      }
    if (!chosen.includes(code)) chosen.push(code)
  }
  if (chosen.length === 0) return { refusal: { message: refundTexts.noUnusedCodes(order.id) } }
  return { codes: chosen }
}
