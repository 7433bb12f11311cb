import { sql } from 'kysely'
import { formatCode, normalizeCode } from '../../shared/code-format'
import { formatUsd } from '../../shared/money'
import type { MailView } from '../../shared/operator-views'
import { codesMail } from '../checkout/codes-mail'
import { findOrderCodes } from '../checkout/orders'
import { summarizeCode } from '../codes/code-state'
import type { Code, Db, OutboxMail } from '../db/schema'
import { queueMail } from '../mail/outbox'
import { maskEmails } from '../redact'
import { type PartialRefundDone, refundPartOfOrder } from '../refunds/partial-refund'
import { type PartRequest, planPartialRefund } from '../refunds/partial-refund-plan'
import { refundOrder, whyNotRefund } from '../refunds/refund-order'
import { refundTexts } from '../refunds/refund-texts'
import { Refusal, refuse } from '../refusal'
import { findOrderSummary, listOrders } from '../reports/order-report'
import { type Actor, recordAudit } from './audit'
import { operatorTexts } from './operator-texts'
import type { Handlers, OperatorDeps } from './operator-types'

export function toMailView(mail: OutboxMail): MailView {
  return {
    id: mail.id,
    to: mail.to_address,
    subject: mail.subject,
    createdAt: mail.created_at.toISOString(),
    attempts: mail.attempts,
    nextAttemptAt: mail.sent_at || mail.failed_at ? null : mail.next_attempt_at.toISOString(),
    sentAt: mail.sent_at?.toISOString() ?? null,
    failedAt: mail.failed_at?.toISOString() ?? null,
    // Errors stored before the outbox masked them may quote an address whole.
    lastError: mail.last_error === null ? null : maskEmails(mail.last_error),
  }
}

/** The mails about one order: its codes, each resend, its refund. */
async function mailsOfOrder(db: Db, orderId: string): Promise<MailView[]> {
  const mails = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('dedupe_key', 'in', [`codes:${orderId}`, `refund:${orderId}`]),
        eb('dedupe_key', 'like', `codes-resend:${orderId}:%`),
        eb(
          'dedupe_key',
          'in',
          eb
            .selectFrom('order_refunds')
            .select(sql<string>`'refund-part:' || id`.as('key'))
            .where('order_id', '=', orderId),
        ),
      ]),
    )
    .orderBy('id')
    .execute()
  return mails.map(toMailView)
}

/** The request the actions' input names: an amount, the codes named, or every unused code. */
function partRequest(input: {
  codes?: string[] | undefined
  amountCents?: number | undefined
  includeRedeemed: boolean
}): PartRequest {
  if (input.amountCents !== undefined && input.codes !== undefined) {
    throw refuse.invalid(refundTexts.amountOrCodes)
  }
  if (input.amountCents !== undefined) {
    return { kind: 'amount', cents: input.amountCents, includeRedeemed: input.includeRedeemed }
  }
  return { kind: 'codes', codes: input.codes, includeRedeemed: input.includeRedeemed }
}

function noOrder(id: string): Refusal {
  return refuse.notFound(refundTexts.noOrder(id))
}

/** `orders refund <id> --force --yes`: a whole order refunded, audited, as the CLI does it. */
export function runOrderRefund(deps: OperatorDeps, actor: Actor, id: string) {
  return orderActions['orders.refund'](deps, actor, { id, force: true })
}

export const orderActions: Handlers<
  | 'orders.list'
  | 'orders.show'
  | 'orders.refund-check'
  | 'orders.refund'
  | 'orders.refund-part-check'
  | 'orders.refund-part'
  | 'codes.show'
  | 'codes.resend'
> = {
  async 'orders.list'(deps, _actor, input) {
    return listOrders(
      deps.db,
      { ...input, since: input.since === undefined ? undefined : new Date(input.since) },
      deps.clock.now(),
    )
  },

  async 'orders.show'(deps, _actor, input) {
    const order = await findOrderSummary(deps.db, input.id, deps.clock.now())
    if (!order) throw noOrder(input.id)
    return { ...order, mails: await mailsOfOrder(deps.db, order.id) }
  },

  async 'orders.refund-check'(deps, _actor, input) {
    const now = deps.clock.now()
    const row = await deps.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', input.id)
      .executeTakeFirst()
    const order = row && (await findOrderSummary(deps.db, row.id, now))
    if (!row || !order) throw noOrder(input.id)
    const refusal = await whyNotRefund(deps.db, row, now, { force: input.force })
    return {
      order,
      redeemed: order.codes.filter((code) => code.state === 'redeemed').length,
      total: order.codes.length,
      refusal: refusal?.message ?? null,
      forceable: refusal?.advice === 'force',
    }
  },

  async 'orders.refund'(deps, actor, input) {
    if (!deps.payments) {
      throw refuse.invalid(operatorTexts.refundsNeedProvider)
    }
    const now = deps.clock.now()
    let refunded: Awaited<ReturnType<typeof refundOrder>>
    try {
      refunded = await refundOrder({ db: deps.db, payments: deps.payments(), now }, input.id, {
        force: input.force,
        redeemedWhenAsked: input.redeemedWhenAsked,
      })
    } catch (error) {
      if (error instanceof Refusal) throw error
      const reason = error instanceof Error ? error.message : String(error)
      throw refuse.invalid(operatorTexts.providerDidNotRefund(input.id, reason))
    }
    const order = await findOrderSummary(deps.db, refunded.id, deps.clock.now())
    if (!order) throw noOrder(refunded.id)
    const voided = order.codes.filter((code) => code.state === 'voided').length
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'orders.refund',
        target: { type: 'order', id: order.id },
        summary: `Refunded ${formatUsd(refunded.refunded_cents)} of order ${order.id}${input.force ? ' (forced)' : ''}; ${voided} code${voided === 1 ? '' : 's'} voided`,
      },
      now,
    )
    deps.kickMail?.()
    return { order, refundedCents: refunded.refunded_cents, voided, mailedTo: refunded.email }
  },

  async 'orders.refund-part-check'(deps, _actor, input) {
    const now = deps.clock.now()
    const row = await deps.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', input.id)
      .executeTakeFirst()
    const order = row && (await findOrderSummary(deps.db, row.id, now))
    if (!row || !order) throw noOrder(input.id)
    const planned = await planPartialRefund(deps.db, row, partRequest(input), now, input)
    if ('refusal' in planned) {
      return {
        order,
        cents: 0,
        remainingCents: (row.paid_cents ?? row.total_cents) - row.refunded_cents,
        voids: [],
        refundsRedeemed: [],
        keeps: [],
        refusal: planned.refusal.message,
        advice: planned.refusal.advice ?? null,
      }
    }
    const { plan } = planned
    const formatted = (codes: Code[]) => codes.map((code) => formatCode(code.code))
    return {
      order,
      cents: plan.cents,
      remainingCents: plan.remainingCents,
      voids: formatted(plan.codes.filter((code) => code.redeemed_at === null)),
      refundsRedeemed: formatted(plan.codes.filter((code) => code.redeemed_at !== null)),
      keeps: formatted(plan.keeps),
      refusal: null,
      advice: null,
    }
  },

  async 'orders.refund-part'(deps, actor, input) {
    if (!deps.payments) {
      throw refuse.invalid(operatorTexts.refundsNeedProvider)
    }
    const now = deps.clock.now()
    let done: PartialRefundDone
    try {
      done = await refundPartOfOrder(
        { db: deps.db, payments: deps.payments(), now },
        input.id,
        partRequest(input),
        { force: input.force, refundedWhenAsked: input.refundedWhenAsked },
      )
    } catch (error) {
      if (error instanceof Refusal) throw error
      const reason = error instanceof Error ? error.message : String(error)
      throw refuse.invalid(operatorTexts.providerDidNotRefund(input.id, reason))
    }
    const order = await findOrderSummary(deps.db, done.order.id, now)
    if (!order) throw noOrder(done.order.id)
    const voided = done.voided.length
    await recordAudit(
      deps.db,
      actor,
      {
        action: 'orders.refund-part',
        target: { type: 'order', id: order.id },
        summary: `Refunded ${formatUsd(done.refund.cents)} of order ${order.id} (part${input.includeRedeemed ? ', redeemed codes chosen' : ''}${input.force ? ', forced' : ''}); ${voided} code${voided === 1 ? '' : 's'} voided`,
      },
      now,
    )
    deps.kickMail?.()
    return { order, cents: done.refund.cents, voided, mailedTo: done.order.email }
  },

  async 'codes.show'(deps, _actor, input) {
    const normalized = normalizeCode(input.code)
    if (!normalized.ok) {
      throw refuse.invalid(operatorTexts.notACode(input.code))
    }
    const now = deps.clock.now()
    const code = await deps.db
      .selectFrom('codes')
      .selectAll()
      .where('code', '=', normalized.code)
      .executeTakeFirst()
    if (!code) throw refuse.notFound(operatorTexts.noCode(input.code))
    return {
      code: summarizeCode(code, now),
      validFrom: code.valid_from.toISOString(),
      order: (await findOrderSummary(deps.db, code.order_id, now)) ?? null,
    }
  },

  async 'codes.resend'(deps, actor, input) {
    const now = deps.clock.now()
    const order = await findOrderSummary(deps.db, input.orderId, now)
    if (!order) throw noOrder(input.orderId)
    const to = input.to ?? order.email
    if (!to) {
      throw refuse.invalid(operatorTexts.noAddress(order.id))
    }
    if (order.codes.length === 0 || !order.show?.name || !order.show.startsAt) {
      throw refuse.invalid(operatorTexts.noCodes(order.id, order.status))
    }
    // The codes as stored (codesMail formats them), not the summary's formatted copies; a voided
    // code (a refund, a dispute) would only meet "voided" at the kiosk, so it is not sent.
    const codes = (await findOrderCodes(deps.db, order.id)).filter((code) => !code.voided_at)
    if (codes.length === 0) {
      throw refuse.invalid(operatorTexts.codesVoid(order.id, order.status))
    }
    const mail = codesMail({
      to,
      codes,
      show: { id: order.show.id, name: order.show.name, startsAt: new Date(order.show.startsAt) },
      expiresAt: codes[0]?.expires_at ?? new Date(order.show.startsAt),
      order: {
        id: order.id,
        paidAt: new Date(order.paidAt ?? order.createdAt),
        lines: order.items,
        totalCents: order.totalCents,
      },
    })
    // The mail and its audit entry: both, or neither.
    await deps.db.transaction().execute(async (trx) => {
      const dedupeKey = `codes-resend:${order.id}:${now.getTime()}`
      await queueMail(trx, { dedupeKey, ...mail }, now)
      await recordAudit(
        trx,
        actor,
        {
          action: 'codes.resend',
          target: { type: 'order', id: order.id },
          summary: `Queued the codes mail of ${order.id} to ${to}`,
        },
        now,
      )
    })
    deps.kickMail?.()
    return { orderId: order.id, to }
  },
}
