import { type Kysely, sql } from 'kysely'
import { grantCreditFunction } from '../../../../core/comics/credit-rule'
import { grantCreditSince } from './2026-11-29-019-grant-credit-time'

/**
 * grant_credit(show) from its one text in src/core/comics/credit-rule.ts, now also answering the
 * credited comic's id, so a grant's statement returns the whole grant event (the comic's id and
 * name, the set, the time) and nothing is read back after it
 * (docs/decisions/040-a-grant-is-one-event.md). When the rule changes, a new migration creates
 * it again from that text, and this one keeps a copy of the text it created here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop function grant_credit(text)`.execute(db)
  await sql.raw(grantCreditFunction).execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function grant_credit(text)`.execute(db)
  await grantCreditSince.execute(db)
}
