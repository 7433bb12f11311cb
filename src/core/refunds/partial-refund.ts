import { normalizeCode } from '../../shared/code-format'
import type { Code, Db, Order, OrderRefund } from '../db/schema'
import { queueMail } from '../mail/outbox'
import { refuse } from '../refusal'
import { partialRefundMail } from './partial-refund-mail'
import { type ProviderRefund, type RefundRefusal, refundRefusal } from './refund-order'
import { refundTexts } from './refund-texts'
import { recordReversal } from './reversals'

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

/** The one thing a partial refund needs of a payment provider. */
export interface PartRefunder {
  /** Refunds `cents` of the order's payment; `key` makes a repeated request one refund. */
  refundPart(order: Order, part: { cents: number; key: string }): Promise<ProviderRefund>
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

/** What a partial refund did. */
export interface PartialRefundDone {
  order: Order
  refund: OrderRefund
  /** The codes it voided (unused when refunded). */
  voided: Code[]
}

/**
 * The host's partial refund: plans it under the order's lock, writes it (`asking`) with its codes
 * voided, asks the provider with a key of its own (`refund-<order>-part-<n>`), then records what
 * the provider refunded like any reported refund and mails the buyer. The provider failing gives
 * the codes back and refunds nothing. A refund left `asking` (its process stopped) is finished
 * by the next request, with its own key, and that request refunds nothing more: the money goes
 * back once.
 */
export async function refundPartOfOrder(
  deps: { db: Db; payments: PartRefunder; now: Date },
  orderId: string,
  request: PartRequest,
  options: PartOptions,
): Promise<PartialRefundDone> {
  const { db, payments, now } = deps
  const started = await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst()
    if (!order) throw refuse.invalid(refundTexts.noOrder(orderId))
    const asking = await trx
      .selectFrom('order_refunds')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('state', '=', 'asking')
      .executeTakeFirst()
    if (asking) return { kind: 'resume' as const, resume: asking, order }
    const planned = await planPartialRefund(trx, order, request, now, options)
    if ('refusal' in planned)
      throw refuse.invalid(planned.refusal.message, { advice: planned.refusal.advice })
    const { plan } = planned
    const refund = await trx
      .insertInto('order_refunds')
      .values({
        order_id: order.id,
        cents: plan.cents,
        before_cents: order.refunded_cents,
        include_redeemed: request.includeRedeemed,
        state: 'asking',
        created_at: now,
        done_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    const unused = plan.codes.filter((code) => code.redeemed_at === null)
    if (plan.codes.length > 0) {
      await trx
        .updateTable('codes')
        .set({ refund_id: refund.id })
        .where(
          'code',
          'in',
          plan.codes.map((code) => code.code),
        )
        .execute()
    }
    if (unused.length > 0) {
      // A code redeemed at the kiosk since the plan was read is not voided: the plan is stale.
      const voided = await trx
        .updateTable('codes')
        .set({ voided_at: now, void_reason: 'refund' })
        .where(
          'code',
          'in',
          unused.map((code) => code.code),
        )
        .where('redeemed_at', 'is', null)
        .where('voided_at', 'is', null)
        .returning('code')
        .execute()
      if (voided.length !== unused.length)
        throw refuse.conflict(refundTexts.redeemedWhilePlanning(order.id), {
          advice: 'look-again',
        })
    }
    return {
      kind: 'new' as const,
      order,
      refund,
      voided: unused.map((code) => ({ ...code, voided_at: now })),
    }
  })
  if (started.kind === 'resume') {
    // A refund confirmed before and never finished (its process stopped while the provider was
    // asked): it is finished now, with its own key, and this request refunds nothing more.
    const { resume, order } = started
    const voided = await db
      .selectFrom('codes')
      .selectAll()
      .where('refund_id', '=', resume.id)
      .where('redeemed_at', 'is', null)
      .execute()
    await askProvider({ db, payments, now }, { order, refund: resume, voided })
    throw refuse.conflict(refundTexts.refundWasUnderWay(orderId, resume.cents), {
      advice: 'look-again',
    })
  }
  return askProvider({ db, payments, now }, started)
}

async function askProvider(
  deps: { db: Db; payments: PartRefunder; now: Date },
  started: { order: Order; refund: OrderRefund; voided: Code[] },
): Promise<PartialRefundDone> {
  const { db, payments, now } = deps
  const { order, refund } = started
  let answer: ProviderRefund
  try {
    answer = await payments.refundPart(order, {
      cents: refund.cents,
      key: `refund-${order.id}-part-${refund.id}`,
    })
  } catch (error) {
    // Nothing was refunded: the codes work again, and the host may try again.
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('codes')
        .set({ voided_at: null, void_reason: null })
        .where('refund_id', '=', refund.id)
        .where('void_reason', '=', 'refund')
        .execute()
      await trx
        .updateTable('codes')
        .set({ refund_id: null })
        .where('refund_id', '=', refund.id)
        .execute()
      await trx.deleteFrom('order_refunds').where('id', '=', refund.id).execute()
    })
    throw error
  }
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('order_refunds')
      .set({ state: 'done', done_at: now })
      .where('id', '=', refund.id)
      .where('state', '=', 'asking')
      .returningAll()
      .executeTakeFirst()
    await recordReversal(
      trx,
      {
        paymentRef: answer.paymentRef,
        refundedCents: Math.max(answer.refundedCents, refund.before_cents + refund.cents),
      },
      now,
    )
    const after = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow()
    if (done && after.email) {
      const keeps = await trx
        .selectFrom('codes')
        .selectAll()
        .where('order_id', '=', order.id)
        .where('voided_at', 'is', null)
        .where('redeemed_at', 'is', null)
        .orderBy('seq')
        .execute()
      await queueMail(
        trx,
        {
          dedupeKey: `refund-part:${refund.id}`,
          ...partialRefundMail(after, done, started.voided, keeps),
        },
        now,
      )
    }
    return { order: after, refund: done ?? refund, voided: started.voided }
  })
}
