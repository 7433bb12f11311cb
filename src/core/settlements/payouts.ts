import type { PayoutView } from '../../shared/settlements'
import type { ComicRow } from '../db/comic-tables'
import type { Db } from '../db/schema'
import { refuse } from '../refusal'
import { settlementTexts as texts } from './settlement-texts'
import { comicBalance } from './statement'

export interface NewPayout {
  amountCents: number
  /** YYYY-MM-DD */
  paidOn: string
  /** The transfer's reference: PayPal's transaction id, the bank's... */
  reference: string
}

/** True for a real calendar day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const date = new Date(`${text}T12:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text)
}

/**
 * Records money the club paid a comic outside the product (a bank transfer, PayPal). More than
 * they are owed is refused unless `force` (an advance, say), so a slip of the keyboard is caught.
 */
export async function recordPayout(
  db: Db,
  comic: ComicRow,
  payout: NewPayout & { force?: boolean | undefined },
  recordedBy: string,
  now: Date,
): Promise<PayoutView> {
  if (!Number.isInteger(payout.amountCents) || payout.amountCents <= 0)
    throw refuse.invalid(texts.badAmount)
  if (!isDay(payout.paidOn)) throw refuse.invalid(texts.badDate(payout.paidOn))
  const balance = await comicBalance(db, comic.id)
  if (!payout.force && payout.amountCents > balance.stillOwedCents)
    throw refuse.invalid(texts.overpaid(comic.name, balance.stillOwedCents), { advice: 'force' })
  const row = await db
    .insertInto('comic_payouts')
    .values({
      comic_id: comic.id,
      amount_cents: payout.amountCents,
      paid_on: payout.paidOn,
      reference: payout.reference,
      recorded_at: now,
      recorded_by: recordedBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return {
    id: row.id,
    comic: { id: comic.id, name: comic.name },
    amountCents: row.amount_cents,
    paidOn: row.paid_on,
    reference: row.reference,
    recordedAt: row.recorded_at.toISOString(),
  }
}
