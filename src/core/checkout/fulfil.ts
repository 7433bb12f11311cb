import type { Transaction } from 'kysely'
import { codeDescription, findProduct } from '../../shared/catalogue'
import { limits } from '../../shared/limits'
import type { Clock } from '../clock'
import type { Code, Database, Db, NewCode, Order } from '../db/schema'
import { cryptoRandomInt, generateCode, type RandomInt } from '../ids'
import { queueMail } from '../mail/outbox'
import { applyReversals, findReversal, takesPaymentBack } from '../refunds/reversals'
import { showAt } from '../schedule/events'
import { codesMail } from './codes-mail'

export interface FulfilDeps {
  db: Db
  clock: Clock
  /** Tells the mail worker a mail is waiting, so it goes out now rather than on the next tick. */
  kickMail?: (() => void) | undefined
  /** Where code symbols come from; tests pass a fixed list to force a collision. */
  random?: RandomInt | undefined
}

export interface Fulfilment {
  order: Order
  codes: Code[]
}

/** A code collision is ~1 in 10^14 per pair; a handful of redraws is more than enough. */
const maxCodeDraws = 5

/**
 * Turns a paid order into its codes, exactly once. The poll, the local checkout's timer and
 * Stripe's webhook may all call this at the same moment: the `status = 'paid'` guard in the
 * UPDATE lets one transaction through, and the others find nothing to do (they return
 * undefined). Codes, the order's new state and the codes mail commit together or not at all.
 */
export async function fulfilCheckout(
  deps: FulfilDeps,
  sessionId: string,
): Promise<Fulfilment | undefined> {
  const paid = await deps.db
    .selectFrom('orders')
    .select(['id', 'paid_at', 'payment_ref', 'paid_cents', 'total_cents'])
    .where('session_id', '=', sessionId)
    .where('status', '=', 'paid')
    .executeTakeFirst()
  if (!paid) return undefined

  const now = deps.clock.now()
  // The order belongs to the show that was current when it was paid, however late this runs:
  // the next event of the schedule as it stands, so a moved or cancelled show is respected.
  const paidAt = paid.paid_at ?? now
  const event = await showAt(deps.db, paidAt)
  const show = { id: event.id, name: event.name, startsAt: event.starts_at }
  const expiresAt = new Date(show.startsAt.getTime() + limits.showRolloverMs)

  const fulfilment = await deps.db.transaction().execute(async (trx) => {
    // Money refunded in full or disputed never buys codes, whichever path got here (the poll, a
    // redelivered event, the start-up sweep): the order is reversed instead.
    const reversal = paid.payment_ref ? await findReversal(trx, paid.payment_ref) : undefined
    if (reversal && takesPaymentBack(reversal, paid.paid_cents ?? paid.total_cents)) {
      await applyReversals(trx, reversal.payment_ref, now)
      return undefined
    }
    const order = await trx
      .updateTable('orders')
      .set({
        status: 'fulfilled',
        fulfilled_at: now,
        show_id: event.id,
        show_name: show.name,
        show_starts_at: show.startsAt,
      })
      .where('id', '=', paid.id)
      .where('status', '=', 'paid')
      .returningAll()
      .executeTakeFirst()
    if (!order) return undefined

    const units: Omit<NewCode, 'code'>[] = []
    for (const line of order.lines) {
      const product = findProduct(line.productId)
      const description = product ? codeDescription(product) : line.name
      for (let i = 0; i < line.quantity; i++) {
        units.push({
          order_id: order.id,
          seq: units.length,
          product_id: line.productId,
          description,
          valid_from: paidAt,
          expires_at: expiresAt,
        })
      }
    }
    const codes = await insertUniqueCodes(trx, units, deps.random ?? cryptoRandomInt)

    if (order.email) {
      await queueMail(
        trx,
        {
          dedupeKey: `codes:${order.id}`,
          ...codesMail({
            to: order.email,
            codes,
            show,
            expiresAt,
            sessionId: order.session_id,
            order: {
              id: order.id,
              paidAt,
              lines: order.lines,
              totalCents: order.total_cents,
            },
          }),
        },
        now,
      )
    }
    return { order, codes }
  })

  if (fulfilment?.order.email) deps.kickMail?.()
  return fulfilment
}

/**
 * Inserts one code per unit. The codes' primary key is the uniqueness check: a drawn code that
 * already exists is skipped by `on conflict do nothing` and drawn again for its unit.
 */
async function insertUniqueCodes(
  trx: Transaction<Database>,
  units: Omit<NewCode, 'code'>[],
  random: RandomInt,
): Promise<Code[]> {
  const codes: Code[] = []
  let missing = units
  for (let draw = 0; missing.length > 0; draw++) {
    if (draw === maxCodeDraws) throw new Error('Could not draw unique codes')
    const inserted = await trx
      .insertInto('codes')
      .values(missing.map((unit) => ({ ...unit, code: generateCode(random) })))
      .onConflict((oc) => oc.column('code').doNothing())
      .returningAll()
      .execute()
    codes.push(...inserted)
    const done = new Set(inserted.map((code) => code.seq))
    missing = missing.filter((unit) => !done.has(unit.seq))
  }
  return codes.sort((a, b) => a.seq - b.seq)
}

/**
 * Fulfils every order that was paid but has no codes yet, e.g. when the server stopped between
 * payment and fulfilment. Run at start-up so nothing paid is lost. An order that cannot be
 * fulfilled is reported and skipped, so one broken row never stops the server from starting (it
 * stays paid and is tried again at the next start). Returns how many it fulfilled.
 */
export async function fulfilPaidOrders(
  deps: FulfilDeps & { onError?: (orderId: string, error: unknown) => void },
): Promise<number> {
  const paid = await deps.db
    .selectFrom('orders')
    .select(['id', 'session_id'])
    .where('status', '=', 'paid')
    .orderBy('paid_at')
    .execute()
  let count = 0
  for (const { id, session_id } of paid) {
    try {
      if (await fulfilCheckout(deps, session_id)) count++
    } catch (error) {
      if (!deps.onError) throw error
      deps.onError(id, error)
    }
  }
  return count
}
