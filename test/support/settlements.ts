// Orders, codes, grants and sets written straight into a test database, for the settlement's tests.
import type { Db } from '../../src/core/db/schema'
import { generateCode, newOrderId } from '../../src/core/ids'
import type { ProductId } from '../../src/shared/catalogue'
import { findProduct } from '../../src/shared/catalogue'

/**
 * Orders, codes, grants and sets written straight into a test database, as fulfilment, the kiosk
 * and the stage leave them: the settlement's tests decide each amount and each set themselves.
 */

/** A paid, fulfilled order bound to `showId`: `lines` of [product, quantity], `paidCents` paid. */
export async function insertShowOrder(
  db: Db,
  order: { showId: string; lines: [ProductId, number][]; paidCents?: number; at: Date },
): Promise<{ id: string; paymentRef: string; codes: { code: string; productId: ProductId }[] }> {
  const id = newOrderId()
  const lines = order.lines.map(([productId, quantity]) => {
    const product = findProduct(productId)
    if (!product) throw new Error(`no product ${productId}`)
    return { productId, name: product.name, unitCents: product.priceCents, quantity }
  })
  const total = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0)
  const show = await db
    .selectFrom('events')
    .select(['name', 'starts_at'])
    .where('id', '=', order.showId)
    .executeTakeFirstOrThrow()
  const paymentRef = `pi_${id}`
  await db
    .insertInto('orders')
    .values({
      id,
      session_id: `cs_${id}`,
      provider: 'local',
      status: 'fulfilled',
      email: 'fan@example.com',
      lines: JSON.stringify(lines),
      total_cents: total,
      created_at: order.at,
      paid_at: order.at,
      fulfilled_at: order.at,
      show_id: order.showId,
      show_name: show.name,
      show_starts_at: show.starts_at,
      payment_ref: paymentRef,
      paid_cents: order.paidCents ?? total,
      paid_currency: 'usd',
      flag_reason: null,
      reversed_at: null,
    })
    .execute()
  const codes = lines.flatMap((l) =>
    Array.from({ length: l.quantity }, () => ({ code: generateCode(), productId: l.productId })),
  )
  await db
    .insertInto('codes')
    .values(
      codes.map((c, seq) => ({
        code: c.code,
        order_id: id,
        seq,
        product_id: c.productId,
        description: c.productId,
        valid_from: order.at,
        expires_at: new Date(show.starts_at.getTime() + 3 * 60 * 60_000),
        redeemed_at: null,
        redeemed_anonymously: null,
        voided_at: null,
        void_reason: null,
      })),
    )
    .execute()
  return { id, paymentRef, codes }
}

/** A code redeemed at the kiosk, credited to `setId` (null: the show's pot). */
export async function redeemAtSet(
  db: Db,
  grant: { code: string; setId: number | null; at: Date; anonymous?: boolean },
): Promise<void> {
  const code = await db
    .updateTable('codes')
    .set({ redeemed_at: grant.at, redeemed_anonymously: grant.anonymous ?? false })
    .where('code', '=', grant.code)
    .returningAll()
    .executeTakeFirstOrThrow()
  const order = await db
    .selectFrom('orders')
    .select('show_id')
    .where('id', '=', code.order_id)
    .executeTakeFirstOrThrow()
  await db
    .insertInto('redemptions')
    .values({
      code: code.code,
      order_id: code.order_id,
      show_id: order.show_id,
      product_id: code.product_id,
      boosts: findProduct(code.product_id)?.boosts ?? 0,
      anonymous: grant.anonymous ?? false,
      client_hash: 'test-player',
      redeemed_at: grant.at,
      set_id: grant.setId,
    })
    .execute()
}

/** A set (a comic on stage at a show, from `from` to `to`); returns its id. */
export async function insertSet(
  db: Db,
  set: { showId: string; comicId: string; from: Date; to: Date | null },
): Promise<number> {
  const row = await db
    .insertInto('sets')
    .values({ show_id: set.showId, comic_id: set.comicId, started_at: set.from, ended_at: set.to })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Credits a member's grant at a show to `setId` (insertMemberGrant writes it to the pot). */
export async function creditMemberGrant(
  db: Db,
  grant: { membershipId: string; showId: string; setId: number | null },
): Promise<void> {
  await db
    .updateTable('member_redemptions')
    .set({ set_id: grant.setId })
    .where('membership_id', '=', grant.membershipId)
    .where('show_id', '=', grant.showId)
    .execute()
}

/** A membership's payment for `periodStart`, refunded or disputed when said. */
export async function insertMembershipPayment(
  db: Db,
  payment: {
    membershipId: string
    periodStart: Date
    amountCents: number
    refundedAt?: Date
    disputedAt?: Date
  },
): Promise<void> {
  await db
    .insertInto('membership_payments')
    .values({
      id: `in_${payment.membershipId}_${payment.periodStart.getTime()}`,
      membership_id: payment.membershipId,
      payment_ref: `pi_${payment.membershipId}`,
      amount_cents: payment.amountCents,
      currency: 'usd',
      period_start: payment.periodStart,
      paid_at: payment.periodStart,
      refunded_at: payment.refundedAt ?? null,
      disputed_at: payment.disputedAt ?? null,
    })
    .execute()
}
