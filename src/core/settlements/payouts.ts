import { sql } from 'kysely'
import type { PayoutView } from '../../shared/settlements'
import type { ComicRow } from '../db/comic-tables'
import type { Db } from '../db/schema'
import { inTransaction } from '../db/transaction'
import { type Refusal, refuse } from '../refusal'
import { pendingAdjustments } from './adjustments'
import { settlementTexts as texts } from './settlement-texts'
import { comicBalance } from './statement'
import { queuePayoutMail } from './statement-mail'

export interface NewPayout {
  amountCents: number
  /** YYYY-MM-DD */
  paidOn: string
  /** The transfer's reference: PayPal's transaction id, the bank's... */
  reference: string
  /** How it was sent: "PayPal", "bank transfer"; '' or unset when not said. */
  method?: string | undefined
}

/** True for a real calendar day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const date = new Date(`${text}T12:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text)
}

/** The refusals a payout meets unless forced, before anything is written. */
function checkPayoutInput(payout: NewPayout): void {
  if (!Number.isInteger(payout.amountCents) || payout.amountCents <= 0)
    throw refuse.invalid(texts.badAmount)
  if (!isDay(payout.paidOn)) throw refuse.invalid(texts.badDate(payout.paidOn))
}

/**
 * Why a payout would be refused unless forced, or null: a reference already recorded for the
 * comic, or more than they are owed (less the changes at closed shows that will lower it). The
 * same checks for recording it and for saying beforehand what recording would do.
 */
export async function payoutRefusal(
  db: Db,
  comic: ComicRow,
  payout: NewPayout,
): Promise<Refusal | null> {
  checkPayoutInput(payout)
  const reference = payout.reference.trim()
  const same = await db
    .selectFrom('comic_payouts')
    .select(['reference', 'amount_cents', 'paid_on', 'recorded_at'])
    .where('comic_id', '=', comic.id)
    .where(sql<string>`lower(trim(reference))`, '=', reference.toLowerCase())
    .orderBy('recorded_at')
    .executeTakeFirst()
  if (same) {
    return refuse.conflict(
      texts.sameReference(comic.name, {
        reference: same.reference,
        amountCents: same.amount_cents,
        paidOn: same.paid_on,
        recordedAt: same.recorded_at,
      }),
      { advice: 'force' },
    )
  }
  const { stillOwedCents } = await comicBalance(db, comic.id)
  const lowering = (await pendingAdjustments(db))
    .filter((p) => p.comicId === comic.id && p.cents < 0)
    .reduce((sum, p) => sum + p.cents, 0)
  if (payout.amountCents > stillOwedCents + lowering)
    return refuse.invalid(texts.overpaid(comic.name, stillOwedCents + lowering, -lowering), {
      advice: 'force',
    })
  return null
}

/**
 * Records money the club paid a comic outside the product (a bank transfer, PayPal). Refused
 * unless `force` (an advance, say, or a second transfer under one reference), so a slip of the
 * keyboard or a payout recorded twice is caught: more than they are owed, counting the changes at
 * closed shows that will lower it and have not landed yet, or a reference already recorded for
 * them. The checks and the insert are one step per comic: the comic's row is held until the
 * payout commits, and closes wait (the settlements table in share mode), so two payouts at once
 * cannot both fit in what one of them leaves. The comic's mail ("$40.00 sent by PayPal on Nov 28,
 * reference 7XK21") is queued in the same transaction: it exists exactly when the payout does.
 */
export async function recordPayout(
  db: Db,
  comic: ComicRow,
  payout: NewPayout & { force?: boolean | undefined },
  recordedBy: string,
  now: Date,
): Promise<{ payout: PayoutView; stillOwedCents: number; mailed: boolean }> {
  checkPayoutInput(payout)
  const reference = payout.reference.trim()
  return inTransaction(db, async (trx) => {
    await trx
      .selectFrom('comics')
      .select('id')
      .where('id', '=', comic.id)
      .forNoKeyUpdate()
      .execute()
    await sql`lock table settlements in share mode`.execute(trx)
    if (!payout.force) {
      const refusal = await payoutRefusal(trx, comic, { ...payout, reference })
      if (refusal) throw refusal
    }
    const row = await trx
      .insertInto('comic_payouts')
      .values({
        comic_id: comic.id,
        amount_cents: payout.amountCents,
        paid_on: payout.paidOn,
        reference,
        method: payout.method?.trim() ?? '',
        recorded_at: now,
        recorded_by: recordedBy,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    const view: PayoutView = {
      id: row.id,
      comic: { id: comic.id, name: comic.name },
      amountCents: row.amount_cents,
      paidOn: row.paid_on,
      reference: row.reference,
      method: row.method,
      recordedAt: row.recorded_at.toISOString(),
    }
    const { stillOwedCents } = await comicBalance(trx, comic.id)
    const mailed = await queuePayoutMail(trx, comic, view, stillOwedCents, now)
    return { payout: view, stillOwedCents, mailed }
  })
}
