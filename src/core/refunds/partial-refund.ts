import type { Code, Db, Order, OrderRefund } from '../db/schema'
import { queueMail } from '../mail/outbox'
import { refuse } from '../refusal'
import { partialRefundMail } from './partial-refund-mail'
import { type PartOptions, type PartRequest, planPartialRefund } from './partial-refund-plan'
import type { ProviderRefund } from './refund-order'
import { refundTexts } from './refund-texts'
import { recordReversal } from './reversals'

/** The one thing a partial refund needs of a payment provider. */
export interface PartRefunder {
  /** Refunds `cents` of the order's payment; `key` makes a repeated request one refund. */
  refundPart(order: Order, part: { cents: number; key: string }): Promise<ProviderRefund>
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
